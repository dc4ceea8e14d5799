import { RealtimeAgent, RealtimeSession, tool } from '@openai/agents/realtime';
import { realtime } from 'agents-testkit';
import { z } from 'zod';

// Events the server sends after the session closed: scripted after close(), marked .evenIfClosed().
test('realtime: a step added after close() and marked evenIfClosed is delivered', async () => {
  let runs = 0;
  const lookupOrder = tool({
    name: 'lookup_order',
    description: 'Looks an order up',
    parameters: z.object({ orderId: z.string() }),
    execute: async ({ orderId }) => {
      runs += 1;
      return `Order ${orderId} has shipped.`;
    },
  });
  const rt = realtime({ timeoutMs: 500 });
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Orders', tools: [lookupOrder] }), { transport: rt });
  await session.connect({ apiKey: 'test' });
  session.close();

  rt.emitToolCall(lookupOrder, { orderId: 'A' }).evenIfClosed();
  await rt.settled();

  expect(runs).toBe(0);
  expect(rt).toHaveRunRealtimeTool(lookupOrder, 0);
});
