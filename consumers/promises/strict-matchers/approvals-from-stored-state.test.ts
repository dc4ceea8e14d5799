// An app that keeps a paused run between two HTTP requests stores state.toString(), not the
// result object; resume() is handed that string. Two resumes of one string are one conversation.
import { Agent, run, tool } from '@openai/agents';
import { model, resume } from 'agents-testkit';
import { z } from 'zod';

const refunds: string[] = [];

const refund = tool({
  name: 'refund',
  description: 'Refunds an order',
  parameters: z.object({ orderId: z.string() }),
  needsApproval: true,
  execute: async ({ orderId }) => {
    refunds.push(orderId);
    return `Refunded ${orderId}.`;
  },
});

const support = (script: ReturnType<typeof model>) => new Agent({ name: 'Support', model: script, tools: [refund] });

/** The first request: the run stops for approval, and the app stores its state as a string. */
async function storedPause(script: ReturnType<typeof model>): Promise<string> {
  refunds.length = 0;
  const paused = await run(support(script), 'Refund order A-1');
  return paused.state.toString();
}

test('an approval resumed once from the stored string passes', async () => {
  const script = model().calls(refund, { orderId: 'A-1' }).thenReplies('Refund done.');
  const stored = await storedPause(script);

  const resumed = await resume(support(script), stored, { approve: refund });

  expect(resumed.finalOutput).toBe('Refund done.');
  expect(resumed).toHaveRespectedApprovals();
  expect(refunds).toEqual(['A-1']);
});

test('a conversation stored as a string at each pause is checked as one, across both resumes', async () => {
  const script = model().calls(refund, { orderId: 'A-1' }).thenCalls(refund, { orderId: 'A-2' }).thenReplies('Both refunded.');
  const first = await resume(support(script), await storedPause(script), { approve: refund });
  expect(first).toHaveRequestedApproval(refund, { orderId: 'A-2' });

  const second = await resume(support(script), first.state.toString(), { approve: refund });

  expect(second.finalOutput).toBe('Both refunded.');
  expect(second).toHaveRespectedApprovals();
  expect(refunds).toEqual(['A-1', 'A-2']);
});

// Must FAIL, naming: Received: refund({"orderId":"A-1"}) call_1 of agent "Support", approved, ran 2 times (resume 1, then resume 2)
test('an approved refund resumed twice from one stored string fails the matcher', async () => {
  const script = model().calls(refund, { orderId: 'A-1' }).thenReplies('Refund done.').thenReplies('Refund done.');
  const stored = await storedPause(script);

  await resume(support(script), stored, { approve: refund });
  const again = await resume(support(script), stored, { approve: refund }); // a retried request restores the same string

  expect(refunds).toEqual(['A-1', 'A-1']);
  expect(again).toHaveRespectedApprovals();
});

// Must FAIL, naming: refund call call_1 had already run in resume 1, so it ran twice: resume 1, then resume 2
test('an approved refund resumed twice from one stored string fails the test by itself', async () => {
  const script = model().calls(refund, { orderId: 'A-1' }).thenReplies('Refund done.').thenReplies('Refund done.');
  const stored = await storedPause(script);

  await resume(support(script), stored, { approve: refund });
  await resume(support(script), stored, { approve: refund });

  expect(refunds).toEqual(['A-1', 'A-1']); // holds: only the after-each check can fail this test
});

// Must FAIL, naming: Received: refund({"orderId":"A-1"}) call_1 of agent "Support", rejected, ran once (resume 2)
test('a call rejected, then approved, from one stored string fails the matcher', async () => {
  const script = model().calls(refund, { orderId: 'A-1' }).thenReplies('Not refunded.').thenReplies('Refund done.');
  const stored = await storedPause(script);

  await resume(support(script), stored, { reject: refund });
  const flipped = await resume(support(script), stored, { approve: refund });

  expect(refunds).toEqual(['A-1']);
  expect(flipped).toHaveRespectedApprovals();
});

// Must FAIL, naming: Its approval was rejected in resume 1
test('a call rejected, then approved, from one stored string fails the test by itself', async () => {
  const script = model().calls(refund, { orderId: 'A-1' }).thenReplies('Not refunded.').thenReplies('Refund done.');
  const stored = await storedPause(script);

  await resume(support(script), stored, { reject: refund });
  await resume(support(script), stored, { approve: refund });

  expect(refunds).toEqual(['A-1']); // holds: only the after-each check can fail this test
});

describe('one stored string that two tests resume', () => {
  let stored = '';
  beforeAll(async () => {
    stored = await storedPause(model().calls(refund, { orderId: 'A-1' }));
  });

  test('one test approves it', async () => {
    const resumed = await resume(support(model().replies('Refund done.')), stored, { approve: refund });
    expect(resumed).toHaveRespectedApprovals();
  });

  test('another test rejects it: a conversation of its own', async () => {
    const resumed = await resume(support(model().replies('Not refunded.')), stored, { reject: refund });
    expect(resumed).toHaveRespectedApprovals();
  });
});
