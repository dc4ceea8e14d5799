import { RealtimeAgent, RealtimeSession, tool } from '@openai/agents/realtime';
import { realtime } from 'agents-testkit';
import { z } from 'zod';

const refund = tool({
  name: 'refund',
  description: 'Refunds an order',
  parameters: z.object({ orderId: z.string(), amount: z.number() }),
  needsApproval: true,
  execute: async ({ orderId, amount }) => `Refunded ${amount} on ${orderId}.`,
});

test('an approved refund runs', async () => {
  const rt = realtime().emitToolCall(refund, { orderId: 'A-1', amount: 30 }).expectToolOutput(refund, 'Refunded 30 on A-1.');
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Support', tools: [refund] }), { transport: rt });
  session.on('tool_approval_requested', (_context, _agent, request) => void session.approve(request.approvalItem));

  await session.connect({ apiKey: 'test' });
  await rt.settled();
});

test('a rejected refund never runs; the model hears the rejection', async () => {
  const rt = realtime().emitToolCall(refund, { orderId: 'A-1', amount: 30 }).expectToolRejection(refund);
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Support', tools: [refund] }), { transport: rt });
  session.on('tool_approval_requested', (_context, _agent, request) => void session.reject(request.approvalItem));

  await session.connect({ apiKey: 'test' });
  await rt.settled();
});
