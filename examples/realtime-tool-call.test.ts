import { RealtimeAgent, RealtimeSession, tool } from '@openai/agents/realtime';
import { realtime } from 'agents-testkit';
import { z } from 'zod';

const lookupOrder = tool({
  name: 'lookup_order',
  description: 'Looks up an order by ID.',
  parameters: z.object({ orderId: z.string() }),
  execute: async ({ orderId }) => `Order ${orderId} has shipped.`,
});

test('executes a RealtimeAgent tool call', async () => {
  const agent = new RealtimeAgent({ name: 'Order assistant', instructions: 'Track orders.', tools: [lookupOrder] });
  const rt = realtime()
    .expect('sendMessage', { message: 'Where is order 123?' })
    .emitToolCall(lookupOrder, { orderId: 'order_123' }) // the model calls the tool: call_1 in response_1
    .expectToolOutput(lookupOrder, 'Order order_123 has shipped.'); // the session runs it and sends the output
  const session = new RealtimeSession(agent, { transport: rt });

  await session.connect({ apiKey: 'test' });
  session.sendMessage('Where is order 123?');
  await rt.settled(); // every step played, or a clear failure within 2 s
  session.close();

  expect(rt).toHaveSentRealtime('sendFunctionCallOutput', { toolCall: { callId: 'call_1' }, startResponse: true });
});
