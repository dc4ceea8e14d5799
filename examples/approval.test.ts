import { Agent, run, tool } from '@openai/agents';
import { model } from 'agents-testkit';
import { z } from 'zod';

const refund = tool({
  name: 'refund',
  description: 'Refunds an order',
  parameters: z.object({ orderId: z.string(), amount: z.number() }),
  needsApproval: true,
  execute: async ({ orderId, amount }) => `Refunded ${amount} on ${orderId}.`,
});

test('a refund waits for approval, then runs', async () => {
  const script = model().calls(refund, { orderId: 'A-1', amount: 30 }).thenReplies('Refund done.');
  const agent = new Agent({ name: 'Support', model: script, tools: [refund] });

  const paused = await run(agent, 'Refund order A-1');
  expect(paused).toHaveRequestedApproval(refund, { orderId: 'A-1' });

  paused.state.approve(paused.interruptions[0]!);
  const resumed = await run(agent, paused.state);

  expect(resumed).toHaveCalledTool(refund, { amount: 30 });
  expect(resumed.finalOutput).toBe('Refund done.');
});
