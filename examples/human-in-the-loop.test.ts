import { Agent, run, tool } from '@openai/agents';
import { model, resume } from 'agents-testkit';
import { z } from 'zod';

const refunds: string[] = [];

const refund = tool({
  name: 'refund',
  description: 'Refunds an order',
  parameters: z.object({ orderId: z.string(), amount: z.number() }),
  needsApproval: true,
  execute: async ({ orderId, amount }) => {
    refunds.push(orderId);
    return `Refunded ${amount} on ${orderId}.`;
  },
});

test('an approval survives the round trip through the database', async () => {
  const script = model().calls(refund, { orderId: 'A-1', amount: 30 }).thenReplies('Refund done.');
  const agent = new Agent({ name: 'Support', model: script, tools: [refund] });

  const paused = await run(agent, 'Refund order A-1');
  // state.toString() → (the database) → RunState.fromString(agent, …) → approve → run on, under the same script
  const resumed = await resume(agent, paused, { approve: refund });

  expect(resumed.finalOutput).toBe('Refund done.');
  expect(resumed).toHaveRespectedApprovals(); // the refund ran exactly once across pause and resume
});

test('a stored state resumed twice would refund twice, and the test says which call ran when', async () => {
  refunds.length = 0;
  // This test shows the failure on purpose, so its doubles opt out of the after-each check.
  const script = model({ verify: false }).calls(refund, { orderId: 'A-1', amount: 30 }).thenReplies('Refund done.').thenReplies('Refund done.');
  const agent = new Agent({ name: 'Support', model: script, tools: [refund] });
  const stored = (await run(agent, 'Refund order A-1')).state.toString(); // what the app keeps between two requests

  await resume(agent, stored, { approve: refund }, { verify: false });
  const again = await resume(agent, stored, { approve: refund }, { verify: false }); // a retried request restores the same string

  expect(refunds).toEqual(['A-1', 'A-1']);
  expect(() => expect(again).toHaveRespectedApprovals()).toThrow('call_1 of agent "Support", approved, ran 2 times (resume 1, then resume 2)');
});
