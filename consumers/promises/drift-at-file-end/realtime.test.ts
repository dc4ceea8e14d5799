// The session runs a tool the model called and sends its output once the tool is done, after
// `settled()` resolved and after the last test ended. The script planned no output: the late send
// must fail this file, naming the test.
// File must FAIL, naming: realtime("voice") from the test "the model calls a tool, and the test ends before its output is sent"
// File must FAIL, naming: sendFunctionCallOutput
import { RealtimeAgent, RealtimeSession, tool } from '@openai/agents/realtime';
import { realtime } from 'agents-testkit';
import { z } from 'zod';

const lookupOrder = tool({
  name: 'lookup_order',
  description: 'Looks up an order by ID.',
  parameters: z.object({ orderId: z.string() }),
  // The order system answers after a short while, as a real one does.
  execute: async ({ orderId }) => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    return `Order ${orderId} has shipped.`;
  },
});

test('a first test, which a late call of another file must not fail', async () => {
  const rt = realtime().expect('sendMessage', { message: 'Hi' }).emitTextReply('Hello.');
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Greeter' }), { transport: rt });
  await session.connect({ apiKey: 'test' });
  session.sendMessage('Hi');
  await rt.settled();
  session.close();
});

test('the model calls a tool, and the test ends before its output is sent', async () => {
  const agent = new RealtimeAgent({ name: 'Orders', tools: [lookupOrder] });
  const rt = realtime({ name: 'voice' }).expect('sendMessage', { message: 'Where is order 1?' }).emitToolCall(lookupOrder, { orderId: '1' });
  const session = new RealtimeSession(agent, { transport: rt });
  await session.connect({ apiKey: 'test' });
  session.sendMessage('Where is order 1?');
  await rt.settled();
});
