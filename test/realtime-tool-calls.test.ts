import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import { realtime } from 'agents-testkit';
import { expect, lookupOrder, test } from './support';

test('the SDK guide tool example', async () => {
  const agent = new RealtimeAgent({ name: 'Order assistant', instructions: 'Help.', tools: [lookupOrder] });
  const rt = realtime()
    .expect('sendMessage', { message: 'Where is order 123?' })
    .emitToolCall(lookupOrder, { orderId: 'order_123' })
    .expectToolOutput(lookupOrder, 'Order order_123 has shipped.');
  const session = new RealtimeSession(agent, { transport: rt });
  await session.connect({ apiKey: 'test' });
  session.sendMessage('Where is order 123?');
  await rt.settled();
  session.close();
  expect(rt.calls.map((c) => c.method)).toEqual(['connect', 'sendMessage', 'sendFunctionCallOutput', 'close']);
});
