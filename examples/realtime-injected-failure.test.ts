import { RealtimeAgent, RealtimeSession, tool } from '@openai/agents/realtime';
import { MismatchError, realtime } from 'agents-testkit';
import { z } from 'zod';

const lookupOrder = tool({
  name: 'lookup_order',
  description: 'Looks up an order by ID.',
  parameters: z.object({ orderId: z.string() }),
  execute: async ({ orderId }) => `Order ${orderId} has shipped.`,
});

test('a failing connect rejects session.connect()', async () => {
  const rt = realtime().expect('connect').fails(new Error('401 Unauthorized'));
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), { transport: rt });

  await expect(session.connect({ apiKey: 'wrong' })).rejects.toThrow('401 Unauthorized');
  expect(rt.status).toBe('disconnected');
});

test('a failing send reaches the code that sent it', async () => {
  const rt = realtime().expect('sendMessage', { message: 'Hello' }).fails(new Error('socket closed'));
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), { transport: rt });
  await session.connect({ apiKey: 'test' });

  expect(() => session.sendMessage('Hello')).toThrow('socket closed');
  await rt.settled();
});

test('a tool output that drifts fails the test, though the session would swallow the error', async () => {
  // This test shows the failure on purpose, so the script opts out of the after-each check.
  const rt = realtime({ verify: false })
    .emitToolCall(lookupOrder, { orderId: 'order_123' })
    .expectToolOutput(lookupOrder, 'Order order_123 is on its way.');
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Orders', tools: [lookupOrder] }), { transport: rt });
  await session.connect({ apiKey: 'test' });

  const error = await rt.settled().catch((caught: unknown) => caught);

  expect(error).toBeInstanceOf(MismatchError);
  expect((error as MismatchError).message).toContain('output is "Order order_123 has shipped."');
  expect(rt).not.toBeComplete();
});
