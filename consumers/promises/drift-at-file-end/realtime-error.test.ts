// The session runs a tool the model called; the tool fails after `settled()` resolved and after the
// last test ended, with no errorFunction to make text of it: the session reports the error and
// carries on, sending nothing. The script expected no session error: the late error must fail this
// file, naming the test.
// File must FAIL, naming: realtime("voice-error") from the test "the model calls a tool, and the test ends before the tool fails"
// File must FAIL, naming: the session reported the error
import { RealtimeAgent, RealtimeSession, tool } from '@openai/agents/realtime';
import { realtime } from 'agents-testkit';
import { z } from 'zod';

const lookupOrder = tool({
  name: 'lookup_order',
  description: 'Looks up an order by ID.',
  parameters: z.object({ orderId: z.string() }),
  // The order system fails after a short while, as a real one does.
  execute: async (): Promise<string> => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    throw new Error('the order system is down');
  },
  errorFunction: null,
});

test('the model calls a tool, and the test ends before the tool fails', async () => {
  const agent = new RealtimeAgent({ name: 'Orders', tools: [lookupOrder] });
  const rt = realtime({ name: 'voice-error' }).expect('sendMessage', { message: 'Where is order 1?' }).emitToolCall(lookupOrder, { orderId: '1' });
  const session = new RealtimeSession(agent, { transport: rt });
  session.on('error', () => {}); // the app logs and carries on
  await session.connect({ apiKey: 'test' });
  session.sendMessage('Where is order 1?');
  await rt.settled();
});
