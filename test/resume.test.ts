import { readFileSync } from 'node:fs';
import { Agent, hostedMcpTool, run, Runner, tool } from '@openai/agents';
import { z } from 'zod';
import { model, resume, ScriptError } from 'agents-testkit';
import { attachConversation, Conversation } from '../src/fakes/resume/Conversation';
import { beforeAll, describe, expect, failureOf, rejectionOf, test } from './support';

const executed: string[] = [];

const refund = tool({
  name: 'refund',
  description: 'Refunds an order',
  parameters: z.object({ orderId: z.string() }),
  needsApproval: true,
  execute: async ({ orderId }) => {
    executed.push(`refund ${orderId}`);
    return `Refunded ${orderId}.`;
  },
});

const lookupOrder = tool({
  name: 'lookup_order',
  description: 'Looks an order up',
  parameters: z.object({ orderId: z.string() }),
  execute: async ({ orderId }) => {
    executed.push(`lookup ${orderId}`);
    return `Order ${orderId} is paid.`;
  },
});

function support(script: ReturnType<typeof model>) {
  return new Agent({ name: 'Support', model: script, tools: [refund, lookupOrder] });
}

/** A script whose first turn asks to refund, each needing approval. */
function refundingBoth(options: { verify?: boolean } = { verify: false }) {
  return model(options).turn((t) => t.calls(refund, { orderId: 'A-1' }).calls(refund, { orderId: 'A-2' }));
}

/** Runs the Support agent on `script` until it stops for approvals, with nothing executed yet. */
async function pausedOn(script: ReturnType<typeof model>, input = 'Refund both') {
  executed.length = 0;
  const agent = support(script);
  return { agent, paused: await run(agent, input) };
}

const pausedRun = () => pausedOn(refundingBoth());

describe('resume(): pause, store the state as a string, restore, decide, resume', () => {
  test('an approved call runs once across the pause and the resume', async () => {
    executed.length = 0;
    const script = model()
      .turn((t) => t.calls(lookupOrder, { orderId: 'A-1' }).calls(refund, { orderId: 'A-1' }))
      .thenReplies('Refunded A-1.');
    const agent = support(script);

    const paused = await run(agent, 'Refund A-1');
    expect(paused).toHaveRequestedApproval(refund, { orderId: 'A-1' });
    const resumed = await resume(agent, paused, { approve: refund });

    expect(resumed.finalOutput).toBe('Refunded A-1.');
    expect(resumed).toHaveRespectedApprovals();
    expect(resumed).toHaveCalledTool(refund, { orderId: 'A-1' });
    expect(executed).toEqual(['lookup A-1', 'refund A-1']); // the lookup that ran before the pause did not run again
  });

  test('a rejected call never runs; the model hears the rejection message', async () => {
    executed.length = 0;
    const script = model().calls(refund, { orderId: 'A-1' }).thenResponds(({ toolOutputs }) => `Told: ${toolOutputs[0]?.text}`);
    const agent = support(script);

    const resumed = await resume(agent, await run(agent, 'Refund A-1'), { reject: { tool: 'refund', message: 'Refunds need a manager.' } });

    expect(resumed.finalOutput).toBe('Told: Refunds need a manager.');
    expect(resumed).toHaveRespectedApprovals();
    expect(executed).toEqual([]);
  });

  test('decisions by call id, and "always" for the calls still to come', async () => {
    executed.length = 0;
    const script = model()
      .turn((t) => t.calls(refund, { orderId: 'A-1' }).calls(refund, { orderId: 'A-2' }))
      .thenCalls(refund, { orderId: 'A-3' })
      .thenReplies('Refunded A-1 and A-3.');
    const agent = support(script);

    const paused = await run(agent, 'Refund A-1, A-2 and A-3');
    const resumed = await resume(agent, paused, { approve: { callId: 'call_1', always: true }, reject: { callId: 'call_2' } });

    expect(resumed.finalOutput).toBe('Refunded A-1 and A-3.');
    expect(resumed.interruptions).toEqual([]);
    expect(executed).toEqual(['refund A-1', 'refund A-3']);
    expect(resumed).toHaveRespectedApprovals();
  });

  test('a conversation that pauses twice is checked as one, across both resumes', async () => {
    const script = model().calls(refund, { orderId: 'A-1' }).thenCalls(refund, { orderId: 'A-2' }).thenReplies('Both refunded.');
    const agent = support(script);

    const first = await resume(agent, await run(agent, 'Refund A-1 and A-2'), { approve: refund });
    expect(first).toHaveRequestedApproval(refund, { orderId: 'A-2' });
    const second = await resume(agent, first, { approve: 'refund' });

    expect(second.finalOutput).toBe('Both refunded.');
    expect(second).toHaveRespectedApprovals();
  });

  test('a resume that would run the approved tool twice fails, naming the tool and both runs', async () => {
    executed.length = 0;
    const script = model({ verify: false }).calls(refund, { orderId: 'A-1' }).thenReplies('Refunded.').thenReplies('Refunded again.');
    const agent = support(script);
    const paused = await run(agent, 'Refund A-1');

    await resume(agent, paused, { approve: refund }, { verify: false });
    // The app restores the same stored state a second time: the refund runs again.
    const twice = await resume(agent, paused, { approve: refund }, { verify: false });

    expect(executed).toEqual(['refund A-1', 'refund A-1']);
    const failure = failureOf(() => expect(twice).toHaveRespectedApprovals());
    expect(failure).toContain('Received: refund({"orderId":"A-1"}) call_1 of agent "Support", approved, ran 2 times (resume 1, then resume 2)');
    expect(failure).toMatchSnapshot();
  });

  test('the paused result carries the conversation too, as the matcher says it does', async () => {
    const agent = support(model().calls(refund, { orderId: 'A-1' }).thenReplies('Refunded.'));
    const paused = await run(agent, 'Refund A-1');

    await resume(agent, paused, { approve: refund });

    expect(paused).toHaveRespectedApprovals();
    expect(failureOf(() => expect(paused).not.toHaveRespectedApprovals())).toContain(
      '  1. approve refund({"orderId":"A-1"}) call_1 of agent "Support" (resume 1) — ran once (resume 1)',
    );
  });

  test('the runner passed in is left without the listeners resume() added to watch the run', async () => {
    const runner = new Runner();
    const emitter = (runner as unknown as { eventEmitter: { eventNames(): unknown[] } }).eventEmitter;
    const agent = support(model().calls(refund, { orderId: 'A-1' }).thenReplies('Refunded.'));
    const before = emitter.eventNames();

    await resume(agent, await run(agent, 'Refund A-1'), { approve: refund }, { runner });

    expect(emitter.eventNames()).toEqual(before);
  });

  test('the conversation fails the test by itself, as every double does', async () => {
    const script = model({ verify: false }).calls(refund, { orderId: 'A-1' }).thenReplies('Refunded.').thenReplies('Refunded again.');
    const agent = support(script);
    const paused = await run(agent, 'Refund A-1');
    await resume(agent, paused, { approve: refund }, { name: 'refunds', verify: false });
    const twice = await resume(agent, paused, { approve: refund });
    const conversation = (twice as unknown as Record<symbol, { assertComplete?: unknown }>)[Symbol.for('agents-testkit.conversation')] as unknown as {
      [key: symbol]: { assertComplete(): void; mismatches: readonly Error[] };
    };
    const ledger = conversation[Symbol.for('agents-testkit.ledger')]!;
    expect(ledger.mismatches.map((mismatch) => mismatch.message.split('\n')[0])).toEqual([
      'resume("refunds") call #4, refund call_1 of agent "Support" ran in resume 2: expected each tool call to run once. refund call call_1 had already run in resume 1, so it ran twice: resume 1, then resume 2. A resumed run must not run a call again; resume each stored state once (to resume(), two stored states of the same text are one), or check how the app stores and restores its run state.',
    ]);
    expect(() => ledger.assertComplete()).toThrow('resume("refunds") was not complete');
  });
});

describe('resume(): a stored string is the paused run, as the result is', () => {
  /** The conversation's mismatches, first lines only, read the way the after-each check reads them. */
  const mismatchesOf = (result: object) =>
    (
      (result as Record<symbol, Record<symbol, { mismatches: readonly Error[] }>>)[Symbol.for('agents-testkit.conversation')]![Symbol.for('agents-testkit.ledger')]!
    ).mismatches.map((mismatch) => mismatch.message.split('\n')[0]);

  /** The Support agent stopped for approval of refund A-1, and the app stored its state as a string. */
  async function storedPause(script: ReturnType<typeof model>) {
    const { agent, paused } = await pausedOn(script, 'Refund A-1');
    return { agent, paused, stored: paused.state.toString() };
  }
  const twice = (orderId = 'A-1') => model({ verify: false }).calls(refund, { orderId }).thenReplies('Refunded.').thenReplies('Refunded again.');

  test('an approved call resumed twice from one string ran twice: the matcher and the conversation both fail', async () => {
    const { agent, stored } = await storedPause(twice());

    await resume(agent, stored, { approve: refund }, { verify: false });
    const again = await resume(agent, stored, { approve: refund }, { verify: false });

    expect(executed).toEqual(['refund A-1', 'refund A-1']);
    expect(failureOf(() => expect(again).toHaveRespectedApprovals())).toContain(
      'Received: refund({"orderId":"A-1"}) call_1 of agent "Support", approved, ran 2 times (resume 1, then resume 2)',
    );
    expect(mismatchesOf(again)).toEqual([
      'resume() for agent "Support" call #4, refund call_1 of agent "Support" ran in resume 2: expected each tool call to run once. refund call call_1 had already run in resume 1, so it ran twice: resume 1, then resume 2. A resumed run must not run a call again; resume each stored state once (to resume(), two stored states of the same text are one), or check how the app stores and restores its run state.',
    ]);
  });

  test('the calls a stored state says ran before the pause open the conversation\'s record, each noted once', async () => {
    const script = model({ verify: false })
      .turn((t) => t.calls(lookupOrder, { orderId: 'A-1' }).calls(refund, { orderId: 'A-1' }))
      .thenReplies('Refunded.')
      .thenReplies('Refunded again.');
    const { agent, stored } = await storedPause(script);

    await resume(agent, stored, { approve: refund }, { verify: false });
    const again = await resume(agent, stored, { approve: refund }, { verify: false });

    expect(mismatchesOf(again)).toEqual([
      'resume() for agent "Support" call #5, refund call_2 of agent "Support" ran in resume 2: expected each tool call to run once. refund call call_2 had already run in resume 1, so it ran twice: resume 1, then resume 2. A resumed run must not run a call again; resume each stored state once (to resume(), two stored states of the same text are one), or check how the app stores and restores its run state.',
    ]);
    const ledger = (again as unknown as Record<symbol, Record<symbol, { assertComplete(): void }>>)[Symbol.for('agents-testkit.conversation')]![Symbol.for('agents-testkit.ledger')]!;
    expect(() => ledger.assertComplete()).toThrow(
      [
        'resume() for agent "Support" recorded 5 calls:',
        '  1. lookup_order call_1 of agent "Support" ran before the pause',
        '  2. resume 1: approved refund({"orderId":"A-1"}) call_2 of agent "Support"',
        '  3. refund call_2 of agent "Support" ran in resume 1',
        '  4. resume 2: approved refund({"orderId":"A-1"}) call_2 of agent "Support"',
        '  5. refund call_2 of agent "Support" ran in resume 2 (mismatch)',
      ].join('\n'),
    );
  });

  test('a stored call whose item id is not its call id (as the Responses API gives fc_… ids) is decided by its call id', async () => {
    const { agent, stored } = await storedPause(model().calls(refund, { orderId: 'A-1' }).thenReplies('Refunded.'));
    const withItemIds = stored.replaceAll('"id":"call_1"', '"id":"fc_1"');
    expect(withItemIds).not.toBe(stored);

    const resumed = await resume(agent, withItemIds, { approve: { callId: 'call_1' } });

    expect(resumed.finalOutput).toBe('Refunded.');
    expect(failureOf(() => expect(resumed).not.toHaveRespectedApprovals())).toContain(
      '  1. approve refund({"orderId":"A-1"}) call_1 of agent "Support" (resume 1) — ran once (resume 1)',
    );
  });

  test('a call rejected, then approved, from one string ran although rejected', async () => {
    const { agent, stored } = await storedPause(twice());

    await resume(agent, stored, { reject: refund }, { verify: false });
    const flipped = await resume(agent, stored, { approve: refund }, { verify: false });

    expect(executed).toEqual(['refund A-1']);
    expect(failureOf(() => expect(flipped).toHaveRespectedApprovals())).toContain('Received: refund({"orderId":"A-1"}) call_1 of agent "Support", rejected, ran once (resume 2)');
    expect(mismatchesOf(flipped)[0]).toContain('Its approval was rejected in resume 1');
  });

  test('the result and the string it stored are one paused run, in either order', async () => {
    const first = await storedPause(twice());
    await resume(first.agent, first.paused, { approve: refund }, { verify: false });
    expect(mismatchesOf(await resume(first.agent, first.stored, { approve: refund }, { verify: false }))[0]).toContain('so it ran twice: resume 1, then resume 2');

    const second = await storedPause(twice('A-2'));
    await resume(second.agent, second.stored, { approve: refund }, { verify: false });
    expect(mismatchesOf(await resume(second.agent, second.paused, { approve: refund }, { verify: false }))[0]).toContain('so it ran twice: resume 1, then resume 2');
  });

  test('two paused results of the same content are two runs: each resumed once is a conversation of its own', async () => {
    const first = await storedPause(model().calls(refund, { orderId: 'A-1' }).thenReplies('Refunded.'));
    const second = await storedPause(model().calls(refund, { orderId: 'A-1' }).thenReplies('Not refunded.'));
    expect(second.stored).toBe(first.stored); // scripted runs are deterministic

    const approved = await resume(first.agent, first.paused, { approve: refund });
    const rejected = await resume(second.agent, second.paused, { reject: refund });

    expect(approved).toHaveRespectedApprovals();
    expect(rejected).toHaveRespectedApprovals();
  });

  test('a result resumed, then its string: another result of the same content is still another run', async () => {
    const first = await storedPause(model().calls(refund, { orderId: 'A-1' }).thenReplies('Not refunded.').thenReplies('Still not refunded.'));
    const second = await storedPause(model().calls(refund, { orderId: 'A-1' }).thenReplies('Refunded.'));

    await resume(first.agent, first.paused, { reject: refund });
    await resume(first.agent, first.stored, { reject: refund }); // a retried request: the same decision again
    const approved = await resume(second.agent, second.paused, { approve: refund });

    expect(approved).toHaveRespectedApprovals();
  });

  test('the string a database gives back with its keys in another order is the same state', async () => {
    const { agent, stored } = await storedPause(twice());
    const reversed = (value: unknown): unknown =>
      Array.isArray(value) ? value.map(reversed) : typeof value === 'object' && value !== null ? Object.fromEntries(Object.entries(value).reverse().map(([key, inner]) => [key, reversed(inner)])) : value;
    const reordered = JSON.stringify(reversed(JSON.parse(stored)));
    expect(reordered).not.toBe(stored);

    await resume(agent, stored, { approve: refund }, { verify: false });
    const again = await resume(agent, reordered, { approve: refund }, { verify: false });

    expect(failureOf(() => expect(again).toHaveRespectedApprovals())).toContain('approved, ran 2 times (resume 1, then resume 2)');
  });

  test('the string stored at the next pause joins the conversation: both resumes are checked as one', async () => {
    const script = model().calls(refund, { orderId: 'A-1' }).thenCalls(refund, { orderId: 'A-2' }).thenReplies('Both refunded.');
    const { agent, stored } = await storedPause(script);

    const first = await resume(agent, stored, { approve: refund });
    const second = await resume(agent, first.state.toString(), { approve: refund });

    expect(second.finalOutput).toBe('Both refunded.');
    expect(second).toHaveRespectedApprovals();
    expect(failureOf(() => expect(second).not.toHaveRespectedApprovals())).toContain(
      [
        '  1. approve refund({"orderId":"A-1"}) call_1 of agent "Support" (resume 1) — ran once (resume 1)',
        '  2. approve refund({"orderId":"A-2"}) call_2 of agent "Support" (resume 2) — ran once (resume 2)',
      ].join('\n'),
    );
  });

  test('a resume that stops again with a state no app could store still resolves to its result', async () => {
    const tangle = tool({
      name: 'tangle',
      description: 'Leaves a cycle in the run context',
      parameters: z.object({}),
      needsApproval: true,
      execute: async (_input, runContext) => {
        const context = runContext!.context as Record<string, unknown>;
        context.self = context;
        return 'tangled';
      },
    });
    const script = model().calls(tangle, {}).thenCalls(refund, { orderId: 'A-1' });
    const agent = new Agent({ name: 'Support', model: script, tools: [tangle, refund] });
    const stored = (await run(agent, 'Tangle, then refund', { context: {} })).state.toString();

    const resumed = await resume(agent, stored, { approve: tangle });

    expect(resumed).toHaveRequestedApproval(refund);
    expect(() => resumed.state.toString()).toThrow();
  });

  // Two tests that resume one stored string are two conversations: the setup entry forgets the
  // stored states when a test ends. Each test holds whichever runs first.
  describe('one stored string, resumed by two tests', () => {
    let stored = '';
    beforeAll(async () => {
      stored = (await storedPause(model({ verify: false }).calls(refund, { orderId: 'A-1' }))).stored;
    });

    test.each(['first', 'second'])('the %s test approves it: its resume is the first of its own conversation', async () => {
      const resumed = await resume(support(model().replies('Refunded.')), stored, { approve: refund });
      expect(resumed).toHaveRespectedApprovals();
      expect(failureOf(() => expect(resumed).not.toHaveRespectedApprovals())).toContain(
        '  1. approve refund({"orderId":"A-1"}) call_1 of agent "Support" (resume 1) — ran once (resume 1)',
      );
    });
  });
});

describe('resume(): state strings written by older SDK versions', () => {
  const fixture = (name: string) => readFileSync(`test/fixtures/run-state/${name}.json`, 'utf8');
  // SDK 0.20 restores these states but will not run on from one (its turn has begun) unless the
  // state says the initial input guardrails completed. An app whose agents have no input
  // guardrails may say so when it migrates its stored states; these tests migrate like that app.
  const migrated = (text: string) => JSON.stringify({ ...(JSON.parse(text) as object), initialInputGuardrailsCompleted: true });

  function nestedAgents(onRun: () => void, verify = true) {
    const secureTool = tool({
      name: 'secure_tool',
      description: 'Requires approval.',
      parameters: z.object({ text: z.string() }),
      needsApproval: true,
      execute: async ({ text }) => {
        onRun();
        return `approved:${text}`;
      },
    });
    const nested = new Agent({ name: 'NestedAgent', model: model({ verify }).replies('Nested done'), tools: [secureTool] });
    const outer = new Agent({
      name: 'OuterAgent',
      model: model({ verify }).replies('Outer done'),
      tools: [nested.asTool({ toolName: 'nested_tool', toolDescription: 'Nested agent tool.' })],
    });
    return { outer, secureTool };
  }

  test('schema 1.2 (SDK 0.4.4) as stored: restored and decided, but the installed SDK refuses to run on, and nothing runs', async () => {
    let runs = 0;
    const { outer, secureTool } = nestedAgents(() => (runs += 1), false);

    const error = await rejectionOf(resume(outer, fixture('v1.2-nested-approval'), { approve: secureTool }, { verify: false }));

    expect(error.message).toContain('Cannot resume this checkpoint because completion of initial input guardrails is unverified');
    expect(runs).toBe(0);
  });

  test('schema 1.2 (SDK 0.4.4), migrated: the installed SDK still refuses, as the old state lacks the binding of the call, and nothing runs', async () => {
    let runs = 0;
    const { outer } = nestedAgents(() => (runs += 1), false);

    const error = await rejectionOf(resume(outer, migrated(fixture('v1.2-nested-approval')), { reject: 'secure_tool' }, { verify: false }));

    expect(error.message).toContain('Cannot resume a function tool call with a missing or different MCP recipient binding');
    expect(runs).toBe(0);
  });

  test('schema 1.17 (SDK 0.14.3), migrated: a state stored mid-turn after a tool ran resumes without running it again', async () => {
    let runs = 0;
    const sideEffect = tool({ name: 'side_effect_tool', description: 'Runs once.', parameters: z.object({}).strict(), execute: async () => String((runs += 1)) });
    const agent = new Agent({ name: 'SideEffectAgent', model: model().replies('done'), tools: [sideEffect] });

    const resumed = await resume(agent, migrated(fixture('v1.17-side-effect-committed')), {});

    expect(resumed.finalOutput).toBe('done');
    expect(runs).toBe(0);
  });
});

describe('resume(): misuse is refused with a reason', () => {
  test('an undecided interruption, a decision for nothing, and a call both approved and rejected', async () => {
    const { agent, paused } = await pausedRun();
    const undecided = (await rejectionOf(resume(agent, paused, { approve: { callId: 'call_1' } }))) as ScriptError;
    expect(undecided).toBeInstanceOf(ScriptError);
    expect(undecided).toMatchObject({ reason: 'undecided_approval' });
    expect(undecided.message).toBe(
      'resume(): the run stopped for approval of refund({"orderId":"A-2"}) call_2 of agent "Support", and no decision is about it; approve or reject it (by tool, name or { callId }).',
    );
    expect(await rejectionOf(resume(agent, paused, { approve: [refund, lookupOrder] }))).toMatchObject({ reason: 'unknown_approval' });
    expect(await rejectionOf(resume(agent, paused, { approve: refund, reject: { callId: 'call_2' } }))).toMatchObject({ reason: 'invalid_option' });
    expect(await rejectionOf(resume(agent, paused, { allow: refund } as never))).toMatchObject({ reason: 'invalid_option' });
  });

  test('a run that did not pause, and a state that cannot be restored', async () => {
    const agent = support(model().replies('Hi.'));
    const finished = await run(agent, 'Hi');
    expect(await rejectionOf(resume(agent, finished, { approve: refund }))).toMatchObject({ reason: 'not_paused' });
    expect(await rejectionOf(resume(agent, 'not json', {}))).toMatchObject({ reason: 'invalid_state' });
    expect(await rejectionOf(resume(agent, '{"$schemaVersion":"9.9"}', {}))).toMatchObject({ reason: 'invalid_state' });
  });
});

describe('resume(): every refusal says what was wrong, with its reason', () => {
  const sameNamedRefund = tool({ name: 'refund', description: 'Another refund', parameters: z.object({ orderId: z.string() }), needsApproval: true, execute: async () => 'never' });
  const stoppedFor = 'refund({"orderId":"A-1"}) call_1 of agent "Support"; refund({"orderId":"A-2"}) call_2 of agent "Support"';

  async function refusal(resuming: Promise<unknown>): Promise<{ reason: unknown; message: string }> {
    const error = await rejectionOf(resuming);
    expect(error).toBeInstanceOf(ScriptError);
    return { reason: (error as ScriptError).reason, message: error.message };
  }

  test.each([
    ['a number', 5, 'number 5'],
    ['null', null, 'null'],
    ['an object without a name', {}, 'an object ({})'],
    ['an object whose name is not a string', { name: 7 }, 'an object ({"name":7})'],
    ['a named function', function Support() {}, 'the function Support'],
  ])('the agent as %s', async (_kind, agent, shown) => {
    const { paused } = await pausedRun();
    expect(await refusal(resume(agent as never, paused, { approve: refund }))).toEqual({
      reason: 'invalid_option',
      message: `resume(): the first argument is the agent the run started with; got ${shown}.`,
    });
  });

  test('an agent from another copy of the SDK (an object with a name) is taken, and the SDK judges the state', async () => {
    const { paused } = await pausedRun();
    const refused = await refusal(resume({ name: 'Support' } as never, paused, { approve: refund }));
    expect(refused.reason).toBe('invalid_state');
    expect(refused.message).toMatch(/^resume\(\): the SDK cannot restore the stored run state: /);
  });

  test.each([
    ['a number', 5, 'number 5'],
    ['null', null, 'null'],
    ['an object without a state', {}, 'an object ({})'],
    ['an object whose state is null', { state: null }, 'an object ({"state":null})'],
  ])('the paused run as %s', async (_kind, paused, shown) => {
    const { agent } = await pausedRun();
    expect(await refusal(resume(agent, paused as never, {}))).toEqual({
      reason: 'not_paused',
      message: `resume(): expected the result of a run that stopped for approvals, or a stored state string; got ${shown}.`,
    });
  });

  test('a state whose toString() gives no string, or no JSON', async () => {
    const { agent } = await pausedRun();
    expect(await refusal(resume(agent, { state: { toString: () => 5 } } as never, {}))).toEqual({
      reason: 'invalid_state',
      message: 'resume(): state.toString() gave number 5, not a string an app could store.',
    });
    const notJson = await refusal(resume(agent, 'not json', {}));
    expect(notJson.reason).toBe('invalid_state');
    expect(notJson.message).toMatch(/^resume\(\): the stored run state is not JSON \(.+\)\.$/);
    expect(await refusal(resume(agent, '{}', {}))).toEqual({
      reason: 'invalid_state',
      message: 'resume(): the SDK cannot restore the stored run state: Run state is missing schema version',
    });
  });

  test('every refusal names resume() as its double, its options refusals and the others alike', async () => {
    const agent = support(model().replies('Hi.'));
    const finished = await run(agent, 'Hi');
    expect(await rejectionOf(resume(agent, finished, {}))).toMatchObject({ reason: 'not_paused', double: 'resume()' });
    expect(await rejectionOf(resume(agent, finished, {}, { runner: 5 as never }))).toMatchObject({ reason: 'invalid_option', double: 'resume()' });
  });

  test('a run with nothing to decide: finished, or stored mid-turn', async () => {
    const agent = support(model().replies('Hi.'));
    const finished = await run(agent, 'Hi');
    expect(await refusal(resume(agent, finished, {}))).toEqual({
      reason: 'not_paused',
      message: 'resume(): the run did not stop for approvals (it finished), so there is nothing to resume.',
    });
    expect(await refusal(resume(agent, finished, { reject: 'refund' }))).toEqual({
      reason: 'not_paused',
      message: 'resume(): the run did not stop for approvals (it finished), so there is nothing to decide.',
    });
    // A state stored mid-turn resumes without decisions, and refuses decisions.
    const midTurn = JSON.stringify({ ...(JSON.parse(readFileSync('test/fixtures/run-state/v1.17-side-effect-committed.json', 'utf8')) as object), initialInputGuardrailsCompleted: true });
    const sideEffect = tool({ name: 'side_effect_tool', description: 'Runs once.', parameters: z.object({}).strict(), execute: async () => 'ran' });
    const stored = new Agent({ name: 'SideEffectAgent', model: model({ verify: false }).replies('done'), tools: [sideEffect] });
    expect(await refusal(resume(stored, midTurn, { approve: sideEffect }))).toEqual({
      reason: 'not_paused',
      message: 'resume(): the run did not stop for approvals, so there is nothing to decide.',
    });
  });

  test.each([
    ['a number', 5, 'number 5'],
    ['null', null, 'null'],
  ])('the decisions as %s', async (_kind, decisions, shown) => {
    const { agent, paused } = await pausedRun();
    expect(await refusal(resume(agent, paused, decisions as never))).toEqual({
      reason: 'invalid_option',
      message: `resume(): decisions are { approve?, reject? }, each a tool, a tool name, { tool?, callId?, always?, message? } or a list of them; got ${shown}.`,
    });
  });

  test.each([
    ['a key that is neither approve nor reject', { approve: refund, allow: refund }, 'decisions are { approve?, reject? }; "allow" is neither.'],
    ['an empty tool name', { approve: ' ' }, 'approve: a tool name is empty.'],
    ['a number in a list', { approve: [refund, 5] }, 'approve: expected a tool, a tool name or { tool?, callId?, always?, message? }; got number 5.'],
    ['null', { reject: null }, 'reject: expected a tool, a tool name or { tool?, callId?, always?, message? }; got null.'],
    ['{ } without tool or callId', { approve: { always: true } }, 'approve: { … } names a tool, a callId, or both.'],
    ['a callId that is a number', { approve: { callId: 5 } }, 'approve: callId must be a non-empty string; got number 5.'],
    ['an empty callId', { reject: { callId: '' } }, 'reject: callId must be a non-empty string; got the string "".'],
    ['always that is not a boolean', { approve: { tool: 'refund', always: 'yes' } }, 'approve: always must be a boolean; got the string "yes".'],
    ['a message on approve', { approve: { tool: 'refund', message: 'No.' } }, 'approve: message is the text a rejection sends the model, a string on reject only.'],
    ['a message that is not a string', { reject: { tool: 'refund', message: 5 } }, 'reject: message is the text a rejection sends the model, a string on reject only.'],
    ['{ tool } with an empty name', { approve: { tool: '' } }, 'approve: a tool name is empty.'],
    ['{ tool } that is a number', { reject: { tool: 5, callId: 'call_1' } }, 'reject: expected a tool, a tool name or { tool?, callId?, always?, message? }; got number 5.'],
  ])('a decision with %s', async (_kind, decisions, problem) => {
    const { agent, paused } = await pausedRun();
    expect(await refusal(resume(agent, paused, decisions as never))).toEqual({ reason: 'invalid_option', message: `resume(): ${problem}` });
  });

  // Ignored, a misspelled `allways` approved one call where every call was meant, and the run stopped again.
  test.each([
    ['a misspelled key', { approve: { tool: 'refund', allways: true } }, 'approve: "allways" is not one of its options. Did you mean always? The options are tool, callId, always, message.'],
    // A tool is an object with a string name and a string type; anything less is a { tool?, callId? } selector.
    ['a name without a type (not a tool)', { approve: { name: 'refund' } }, 'approve: "name" is not one of its options. The options are tool, callId, always, message.'],
    ['a tool whose name is not a string', { reject: { name: 7, type: 'function' } }, 'reject: "name" is not one of its options. The options are tool, callId, always, message.'],
  ])('a decision with %s is refused, naming the keys a decision takes', async (_kind, decisions, problem) => {
    const { agent, paused } = await pausedRun();
    expect(await refusal(resume(agent, paused, decisions as never))).toEqual({ reason: 'unknown_option', message: `resume(): ${problem}` });
  });

  test.each([
    ['a name', { approve: 'refnd' }, 'approve "refnd"'],
    ['a name and a call id', { approve: [{ tool: 'refund', callId: 'call_9' }] }, 'approve "refund", call call_9'],
    ['a call id', { reject: { callId: 'call_9' } }, 'reject call call_9'],
    ['a tool the agent was not built with', { approve: lookupOrder }, 'approve the tool lookup_order'],
    ['{ tool } alone', { approve: { tool: 'refnd' } }, 'approve "refnd"'],
    ['another tool\'s name with a call id the run stopped for', { approve: { tool: 'lookup_order', callId: 'call_1' } }, 'approve "lookup_order", call call_1'],
  ])('a decision for nothing: %s', async (_kind, decisions, shown) => {
    const { agent, paused } = await pausedRun();
    expect(await refusal(resume(agent, paused, decisions as never))).toEqual({
      reason: 'unknown_approval',
      message: `resume(): ${shown} fits none of the approvals the run stopped for: ${stoppedFor}.`,
    });
  });

  test('a tool object of the same name as the agent\'s, but not the agent\'s, fits nothing, and the message says why', async () => {
    const { agent, paused } = await pausedRun();
    expect(await refusal(resume(agent, paused, { approve: sameNamedRefund }))).toEqual({
      reason: 'unknown_approval',
      message: `resume(): approve the tool refund fits none of the approvals the run stopped for: ${stoppedFor}. The agent's own tool named "refund" is another object: pass the tool the agent was built with, or its name.`,
    });
  });

  test('the hint about a same-named tool object holds when the run also stopped for another tool', async () => {
    const cancel = tool({ name: 'cancel', description: 'Cancels an order', parameters: z.object({ orderId: z.string() }), needsApproval: true, execute: async () => 'never' });
    const agent = new Agent({ name: 'Support', model: model({ verify: false }).turn((t) => t.calls(refund, { orderId: 'A-1' }).calls(cancel, { orderId: 'A-1' })), tools: [refund, cancel] });
    const paused = await run(agent, 'Refund and cancel A-1');
    expect(await refusal(resume(agent, paused, { approve: sameNamedRefund }))).toEqual({
      reason: 'unknown_approval',
      message:
        'resume(): approve the tool refund fits none of the approvals the run stopped for: refund({"orderId":"A-1"}) call_1 of agent "Support"; cancel({"orderId":"A-1"}) call_2 of agent "Support". The agent\'s own tool named "refund" is another object: pass the tool the agent was built with, or its name.',
    });
  });

  test('a function carrying a state is not a paused run', async () => {
    const { agent, paused } = await pausedRun();
    expect(await refusal(resume(agent, Object.assign(function later() {}, { state: paused.state }) as never, { approve: refund }))).toEqual({
      reason: 'not_paused',
      message: 'resume(): expected the result of a run that stopped for approvals, or a stored state string; got the function later.',
    });
  });

  test('decisions as a function carrying approve, on a state stored mid-turn, are refused as decisions', async () => {
    const midTurn = JSON.stringify({ ...(JSON.parse(readFileSync('test/fixtures/run-state/v1.17-side-effect-committed.json', 'utf8')) as object), initialInputGuardrailsCompleted: true });
    const sideEffect = tool({ name: 'side_effect_tool', description: 'Runs once.', parameters: z.object({}).strict(), execute: async () => 'ran' });
    const agent = new Agent({ name: 'SideEffectAgent', model: model({ verify: false }).replies('done'), tools: [sideEffect] });
    expect(await refusal(resume(agent, midTurn, Object.assign(function decide() {}, { approve: sideEffect }) as never))).toEqual({
      reason: 'invalid_option',
      message: 'resume(): decisions are { approve?, reject? }, each a tool, a tool name, { tool?, callId?, always?, message? } or a list of them; got the function decide.',
    });
  });

  test('a call both approved and rejected, and a call nobody decided', async () => {
    const { agent, paused } = await pausedRun();
    expect(await refusal(resume(agent, paused, { approve: 'refund', reject: { tool: refund, callId: 'call_2' } }))).toEqual({
      reason: 'invalid_option',
      message: 'resume(): refund({"orderId":"A-2"}) call_2 of agent "Support" is both approved and rejected; decide it once.',
    });
    expect(await refusal(resume(agent, paused, { reject: { tool: 'refund', callId: 'call_2' } }))).toEqual({
      reason: 'undecided_approval',
      message: 'resume(): the run stopped for approval of refund({"orderId":"A-1"}) call_1 of agent "Support", and no decision is about it; approve or reject it (by tool, name or { callId }).',
    });
  });
});

describe('resume(): which calls each decision reaches', () => {
  test('a tool name decides every call of that tool; { tool, callId } decides only that call', async () => {
    const { agent, paused } = await pausedOn(refundingBoth({ verify: true }).thenReplies('Done.'));

    await resume(agent, paused, { approve: { tool: 'refund', callId: 'call_2' }, reject: { tool: refund, callId: 'call_1' } });
    expect(executed).toEqual(['refund A-2']);
  });

  test("an interruption of the paused run, as the SDK's state.approve(item) takes it, decides that call only", async () => {
    const { agent, paused } = await pausedOn(refundingBoth({ verify: true }).thenReplies('Done.'));
    const [first, second] = paused.interruptions;

    const resumed = await resume(agent, paused, { approve: second!, reject: first! });
    expect(executed).toEqual(['refund A-2']);
    expect(resumed).toHaveRespectedApprovals();
  });

  test('an interruption of another paused run fits none of this one, and is named as an interruption', async () => {
    const { paused: other } = await pausedRun();
    const { agent, paused } = await pausedRun();
    const elsewhere = other.interruptions[0]!;
    (elsewhere.rawItem as { callId: string }).callId = 'call_9';
    await expect(resume(agent, paused, { approve: elsewhere })).rejects.toMatchObject({
      reason: 'unknown_approval',
      message:
        'resume(): approve the interruption refund, call call_9 fits none of the approvals the run stopped for: refund({"orderId":"A-1"}) call_1 of agent "Support"; refund({"orderId":"A-2"}) call_2 of agent "Support".',
    });
  });

  test('a tool name approves all its calls', async () => {
    const { agent, paused } = await pausedOn(refundingBoth({ verify: true }).thenReplies('Done.'));

    const resumed = await resume(agent, paused, { approve: 'refund' });
    expect(executed).toEqual(['refund A-1', 'refund A-2']);
    expect(resumed).toHaveRespectedApprovals();
  });

  test('"always" on any of the decisions that reach a call holds for the calls still to come', async () => {
    const script = model().calls(refund, { orderId: 'A-1' }).thenCalls(refund, { orderId: 'A-2' }).thenReplies('Refunded both.');
    const { agent, paused } = await pausedOn(script, 'Refund A-1, then A-2');

    const resumed = await resume(agent, paused, { approve: ['refund', { callId: 'call_1', always: true }] });
    expect(resumed.interruptions).toEqual([]);
    expect(executed).toEqual(['refund A-1', 'refund A-2']);
  });

  test('a tool object fits by identity wherever it stands in the agent\'s tools', async () => {
    executed.length = 0;
    const agent = new Agent({ name: 'Support', model: model().calls(refund, { orderId: 'A-1' }).thenReplies('Refunded.'), tools: [lookupOrder, refund] });

    const resumed = await resume(agent, await run(agent, 'Refund A-1'), { approve: refund });
    expect(resumed.finalOutput).toBe('Refunded.');
    expect(executed).toEqual(['refund A-1']);
  });

  test('a tool object the agent has no tool of that name for (a hosted MCP server\'s) fits by its name', async () => {
    const docs = hostedMcpTool({ serverLabel: 'docs', serverUrl: 'https://docs.example/mcp', requireApproval: 'always' });
    const deletePage = tool({ name: 'delete_page', description: 'Deletes a page', parameters: z.object({ page: z.string() }), execute: async () => 'never' });
    const script = model()
      .asksMcpApproval('docs', 'delete_page', { page: 'old' })
      .thenTurn((t) => t.callsHostedMcp('docs', 'delete_page', { page: 'old' }, { output: 'deleted' }).replies('Deleted.'));
    const agent = new Agent({ name: 'Editor', model: script, tools: [docs] });

    const resumed = await resume(agent, await run(agent, 'Delete the old page'), { approve: deletePage });
    expect(resumed.finalOutput).toBe('Deleted.');
    expect(resumed).toHaveRespectedApprovals();
  });

  test('without "always", the next call of the tool stops for approval again', async () => {
    const script = model({ verify: false }).calls(refund, { orderId: 'A-1' }).thenCalls(refund, { orderId: 'A-2' }).thenReplies('Refunded both.');
    const { agent, paused } = await pausedOn(script, 'Refund A-1, then A-2');

    const resumed = await resume(agent, paused, { approve: ['refund', { callId: 'call_1', always: false }] });
    expect(resumed.interruptions.map((item) => item.name)).toEqual(['refund']);
    expect(executed).toEqual(['refund A-1']);
  });
});

describe('toHaveRespectedApprovals(): every branch of its verdict and its messages', () => {
  const lines = (...text: string[]) => text.join('\n');

  test('a value resume() did not make is a matcher error, not a failure', async () => {
    expect(failureOf(() => expect('x').toHaveRespectedApprovals())).toBe(
      lines(
        'expect(received).toHaveRespectedApprovals()',
        '',
        'Matcher error: received value must be a run result that resume() returned (or the paused result it resumed)',
        '',
        'Received has type:  string',
        'Received has value: "x"',
      ),
    );
    // A run that never went through resume() carries no conversation, under .not too.
    const plain = await run(support(model().replies('Hi.')), 'Hi');
    // The result is named in one line, not printed with its whole RunState.
    expect(failureOf(() => expect(plain).not.toHaveRespectedApprovals())).toBe(
      lines(
        'expect(received).not.toHaveRespectedApprovals()',
        '',
        'Matcher error: received value must be a run result that resume() returned (or the paused result it resumed)',
        '',
        'Received: a RunResult (1 new item, last agent "Support")',
      ),
    );
  });

  test('a resume that applied no decisions fails: there is nothing to check', async () => {
    const stored = JSON.stringify({ ...(JSON.parse(readFileSync('test/fixtures/run-state/v1.17-side-effect-committed.json', 'utf8')) as object), initialInputGuardrailsCompleted: true });
    const sideEffect = tool({ name: 'side_effect_tool', description: 'Runs once.', parameters: z.object({}).strict(), execute: async () => 'ran' });
    const agent = new Agent({ name: 'SideEffectAgent', model: model().replies('done'), tools: [sideEffect] });

    const resumed = await resume(agent, stored, {});

    expect(failureOf(() => expect(resumed).toHaveRespectedApprovals())).toBe(
      lines('expect(received).toHaveRespectedApprovals()', '', 'Expected: approval decisions to check', 'Received: resume() for agent "SideEffectAgent" applied none'),
    );
    expect(resumed).not.toHaveRespectedApprovals();
  });

  test('.not: an approved call that ran once and a rejected call that never ran pass, so .not fails, listing each decision', async () => {
    executed.length = 0;
    const agent = support(model().turn((t) => t.calls(refund, { orderId: 'A-1' }).calls(refund, { orderId: 'A-2' })).thenReplies('One refunded.'));

    const resumed = await resume(agent, await run(agent, 'Refund both'), { approve: { callId: 'call_1' }, reject: { callId: 'call_2' } });

    expect(executed).toEqual(['refund A-1']);
    expect(resumed).toHaveRespectedApprovals();
    expect(failureOf(() => expect(resumed).not.toHaveRespectedApprovals())).toBe(
      lines(
        'expect(received).not.toHaveRespectedApprovals()',
        '',
        'Expected: an approved call that did not run exactly once, or a rejected call that ran',
        'Received: every approved call ran once, and no rejected call ran',
        '',
        'Decisions of resume() for agent "Support" and what came of them:',
        '  1. approve refund({"orderId":"A-1"}) call_1 of agent "Support" (resume 1) — ran once (resume 1)',
        '  2. reject refund({"orderId":"A-2"}) call_2 of agent "Support" (resume 1) — never ran',
      ),
    );
  });

  test('each decision counts the runs of its own call id only: two approved calls of one tool, each run once, pass', async () => {
    executed.length = 0;
    const agent = support(model().turn((t) => t.calls(refund, { orderId: 'A-1' }).calls(refund, { orderId: 'A-2' })).thenReplies('Both refunded.'));

    const resumed = await resume(agent, await run(agent, 'Refund both'), { approve: refund });

    expect(executed).toEqual(['refund A-1', 'refund A-2']);
    expect(resumed).toHaveRespectedApprovals();
    expect(failureOf(() => expect(resumed).not.toHaveRespectedApprovals())).toContain(
      lines(
        '  1. approve refund({"orderId":"A-1"}) call_1 of agent "Support" (resume 1) — ran once (resume 1)',
        '  2. approve refund({"orderId":"A-2"}) call_2 of agent "Support" (resume 1) — ran once (resume 1)',
      ),
    );
  });

  test('a rejected call that ran fails, naming it, its verdict and when it ran', async () => {
    executed.length = 0;
    const agent = support(model({ verify: false }).calls(refund, { orderId: 'A-1' }).thenReplies('Not refunded.').thenReplies('Refunded.'));
    const paused = await run(agent, 'Refund A-1');

    await resume(agent, paused, { reject: refund }, { verify: false });
    // The app restores the same stored state again and approves this time: the rejected call runs.
    const flipped = await resume(agent, paused, { approve: refund }, { verify: false });

    expect(executed).toEqual(['refund A-1']);
    expect(failureOf(() => expect(flipped).toHaveRespectedApprovals())).toBe(
      lines(
        'expect(received).toHaveRespectedApprovals()',
        '',
        'Expected: every approved call to run exactly once, and no rejected call to run',
        'Received: refund({"orderId":"A-1"}) call_1 of agent "Support", rejected, ran once (resume 2)',
        '',
        'Decisions of resume() for agent "Support" and what came of them:',
        '→ 1. reject refund({"orderId":"A-1"}) call_1 of agent "Support" (resume 1) — ran once (resume 2)',
        '  2. approve refund({"orderId":"A-1"}) call_1 of agent "Support" (resume 2) — ran once (resume 2)',
      ),
    );
    expect(flipped).not.toHaveRespectedApprovals();
  });

  test('an approved hosted MCP call runs at the provider: no run of it is seen, and it passes', async () => {
    const docs = hostedMcpTool({ serverLabel: 'docs', serverUrl: 'https://docs.example/mcp', requireApproval: 'always' });
    const script = model()
      .asksMcpApproval('docs', 'delete_page', { page: 'old' })
      .thenTurn((t) => t.callsHostedMcp('docs', 'delete_page', { page: 'old' }, { output: 'deleted' }).replies('Deleted.'));
    const agent = new Agent({ name: 'Editor', model: script, tools: [docs] });

    const resumed = await resume(agent, await run(agent, 'Delete the old page'), { approve: 'delete_page' });

    expect(resumed).toHaveRespectedApprovals();
    expect(failureOf(() => expect(resumed).not.toHaveRespectedApprovals())).toContain(
      lines('Decisions of resume() for agent "Editor" and what came of them:', '  1. approve delete_page({"page":"old"}) mcpr_call_1 of agent "Editor" (resume 1) — runs at the provider'),
    );
  });

  // Outcomes the SDK does not produce on demand (an approved call that never runs, runs without a
  // call id), written straight into a conversation the way resume() writes them.
  function conversation(): { result: object; record: Conversation } {
    const record = new Conversation({ name: 'refunds', verify: false });
    const result = {};
    attachConversation(result, record);
    return { result, record };
  }
  const decision = (verdict: 'approve' | 'reject', callId: string | undefined, orderId: string) => ({ verdict, tool: 'refund', callId, agent: 'Support', args: { orderId }, always: false });

  test('an approved call that never ran fails; runs of another call id, of another agent, or without a call id do not count for it', () => {
    const { result, record } = conversation();
    const number = record.startResume([decision('approve', 'call_1', 'A-1'), decision('approve', undefined, 'A-2')]);
    record.finishResume(
      number,
      [
        { tool: 'refund', callId: 'call_9', agent: 'Support' },
        { tool: 'refund', callId: 'call_1', agent: 'Billing' },
        { tool: 'refund', callId: undefined, agent: 'Support' },
      ],
      [],
    );

    expect(failureOf(() => expect(result).toHaveRespectedApprovals())).toBe(
      lines(
        'expect(received).toHaveRespectedApprovals()',
        '',
        'Expected: every approved call to run exactly once, and no rejected call to run',
        'Received: refund({"orderId":"A-1"}) call_1 of agent "Support", approved, never ran',
        '',
        'Decisions of resume("refunds") and what came of them:',
        '→ 1. approve refund({"orderId":"A-1"}) call_1 of agent "Support" (resume 1) — never ran',
        '→ 2. approve refund({"orderId":"A-2"}) of agent "Support" (resume 1) — never ran',
      ),
    );
  });

  test('an approved call that ran before the pause and again in the resume fails: ran 2 times', () => {
    const { result, record } = conversation();
    record.ranBefore([{ tool: 'refund', callId: 'call_1', agent: 'Support' }]);
    const number = record.startResume([decision('approve', 'call_1', 'A-1'), decision('reject', 'call_2', 'A-2')]);
    record.finishResume(number, [{ tool: 'refund', callId: 'call_1', agent: 'Support' }], []);

    expect(failureOf(() => expect(result).toHaveRespectedApprovals())).toBe(
      lines(
        'expect(received).toHaveRespectedApprovals()',
        '',
        'Expected: every approved call to run exactly once, and no rejected call to run',
        'Received: refund({"orderId":"A-1"}) call_1 of agent "Support", approved, ran 2 times (before the pause, then resume 1)',
        '',
        'Decisions of resume("refunds") and what came of them:',
        '→ 1. approve refund({"orderId":"A-1"}) call_1 of agent "Support" (resume 1) — ran 2 times (before the pause, then resume 1)',
        '  2. reject refund({"orderId":"A-2"}) call_2 of agent "Support" (resume 1) — never ran',
      ),
    );
  });
});
