import { RealtimeAgent, RealtimeSession, tool } from '@openai/agents/realtime';
import { realtime } from 'agents-testkit';
import { z } from 'zod';

// A Realtime session's refund tool now throws, and its own errorFunction hands the model a polite
// text as the tool's output: the session goes on as if the tool had answered. The first test must
// FAIL, naming the text given; the second, which expects that text, must pass.

const SORRY = 'The refund service is unavailable just now.';

const refund = tool({
  name: 'refund',
  description: 'Refunds an order',
  parameters: z.object({ orderId: z.string() }),
  execute: async (): Promise<string> => {
    throw new Error('the payment service is down');
  },
  errorFunction: () => SORRY,
});

async function play(rt: ReturnType<typeof realtime>) {
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Billing', tools: [refund] }), { transport: rt });
  await session.connect({ apiKey: 'test' });
  await rt.settled();
}

// Must FAIL, naming: its own errorFunction made "The refund service is unavailable just now." of the failure
test('drift: a Realtime tool fails behind its errorFunction, and the script expects its output', async () => {
  await play(realtime().emitToolCall(refund, { orderId: 'A' }).expectToolOutput(refund));
});

test('realtime: a tool failure the test plans, by the text it expects', async () => {
  const rt = realtime().emitToolCall(refund, { orderId: 'A' }).expectToolOutput(refund, SORRY);
  await play(rt);

  expect(rt).toHaveRunRealtimeTool(refund);
});
