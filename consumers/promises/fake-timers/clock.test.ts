// Every timer of this file is fake, and was before the kit loaded; no test advances the clock.
import { Agent, run, tool } from '@openai/agents';
import { RealtimeAgent, RealtimeSession, tool as realtimeTool } from '@openai/agents/realtime';
import { model, realtime, SettleTimeoutError } from 'agents-testkit';
import { z } from 'zod';

const lookupOrder = tool({
  name: 'lookup_order',
  description: 'Looks an order up',
  parameters: z.object({ orderId: z.string() }),
  execute: async ({ orderId }) => `Order ${orderId} has shipped.`,
});
const lookupOrderByVoice = realtimeTool({
  name: 'lookup_order',
  description: 'Looks an order up',
  parameters: z.object({ orderId: z.string() }),
  execute: async ({ orderId }) => `Order ${orderId} has shipped.`,
});

/** A wait on a timer fake timers leave alone. */
const realWait = (ms: number) => new Promise((resolve) => AbortSignal.timeout(ms).addEventListener('abort', resolve));

test('the timers and the clock of this file are fake', async () => {
  const before = Date.now();
  let fired = false;
  setTimeout(() => (fired = true), 1);
  await realWait(30);
  expect([fired, Date.now()]).toEqual([false, before]);
});

test('a model() workflow with a tool runs, and its script is played out', async () => {
  const agent = new Agent({ name: 'Orders', tools: [lookupOrder], model: model().calls(lookupOrder, { orderId: '123' }).thenReplies('It has shipped.') });
  const result = await run(agent, 'Where is order 123?');
  expect(result).toHaveCalledTool(lookupOrder, { orderId: '123' });
  expect(result.finalOutput).toBe('It has shipped.');
});

test('a Realtime script written in one chain settles', async () => {
  const rt = realtime()
    .expect('sendMessage', { message: 'Where is order 123?' })
    .emitToolCall(lookupOrderByVoice, { orderId: 'order_123' })
    .expectToolOutput(lookupOrderByVoice, 'Order order_123 has shipped.')
    .emitTextReply('It has shipped.');
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Orders', tools: [lookupOrderByVoice] }), { transport: rt });
  await session.connect({ apiKey: 'test' });
  session.sendMessage('Where is order 123?');
  await rt.settled();
  session.close();
});

test('a Realtime script that stalls gives up within its timeout', async () => {
  const rt = realtime({ verify: false, timeoutMs: 200 }).expect('interrupt');
  await expect(rt.settled()).rejects.toBeInstanceOf(SettleTimeoutError);
});
