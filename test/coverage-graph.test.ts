// What the coverage collector notes of runs made in this process, what the reporters' options
// accept, and that nothing is noted or written unless a coverage reporter asked for it.
import { Agent, handoff, hostedMcpTool, run, Runner, tool, webSearchTool } from '@openai/agents';
import { z } from 'zod';
import { model, resume } from 'agents-testkit';
import { COVERAGE_ENV, CoverageCollector, startCoverageIfEnabled, writeCoverage } from '../src/coverage/collector';
import { percent, summarizeAgent } from '../src/coverage/graph';
import { checkOptions, renderTable } from '../src/coverage/report';
import { CoverageOptionsError } from '../src/errors/CoverageOptionsError';
import { approvalPolicyOf } from '../src/sdk/coupling';
import { onEveryRun } from '../src/sdk/runnerHook';
import { describe, expect, test, thrownBy } from './support';

const lookup = tool({ name: 'lookup', description: '', parameters: z.object({ id: z.string() }), execute: async ({ id }) => `Order ${id}.` });
const refund = tool({ name: 'refund', description: '', parameters: z.object({ id: z.string() }), execute: async ({ id }) => `Refunded ${id}.`, needsApproval: true });
const cancel = tool({ name: 'cancel', description: '', parameters: z.object({ id: z.string() }), execute: async () => 'Cancelled.', needsApproval: async () => true });

async function collecting(body: () => Promise<unknown>): Promise<CoverageCollector> {
  const collector = new CoverageCollector();
  const stop = onEveryRun(collector.listen);
  try {
    await body().catch(() => undefined);
  } finally {
    stop();
  }
  await collector.settled();
  return collector;
}

describe('the collector', () => {
  test('offers: function tools with their approval policy, hosted tools, hosted MCP servers, handoffs to reachable agents', async () => {
    const docs = hostedMcpTool({ serverLabel: 'docs', serverUrl: 'https://docs.example/mcp', requireApproval: 'always' });
    const billing = new Agent({ name: 'Billing', model: model({ verify: false }), tools: [webSearchTool()] });
    const triage = new Agent({ name: 'Triage', model: model().replies('Hi.'), tools: [lookup, refund, cancel, docs], handoffs: [handoff(billing)] });

    const { graph } = await collecting(() => run(triage, 'Hi'));

    expect(graph.Triage?.tools).toEqual({
      lookup: { kind: 'function', approval: false, called: false, approved: false, rejected: false },
      refund: { kind: 'function', approval: true, called: false, approved: false, rejected: false },
      cancel: { kind: 'function', approval: 'maybe', called: false, approved: false, rejected: false },
      docs: { kind: 'mcp', approval: true, called: false, approved: false, rejected: false },
    });
    expect(graph.Triage?.handoffs).toEqual({ Billing: false });
    expect(graph.Billing?.tools).toEqual({ web_search: { kind: 'hosted', approval: false, called: false, approved: false, rejected: false } });
  });

  test('exercises: a tool that ran, a handoff taken; a call the script made but that did not run counts for nothing', async () => {
    const billing = new Agent({ name: 'Billing', model: model().replies('Billing.') });
    const triage = new Agent({ name: 'Triage', model: model().calls(lookup, { id: 'A-1' }).thenHandsOffTo(billing), tools: [lookup, refund], handoffs: [billing] });

    const { graph } = await collecting(() => run(triage, 'Where is A-1?'));

    expect(graph.Triage?.tools.lookup?.called).toBe(true);
    expect(graph.Triage?.tools.refund?.called).toBe(false);
    expect(graph.Triage?.handoffs).toEqual({ Billing: true });
  });

  test('a rejected approval counts as rejected, not called; an approved one as approved and called', async () => {
    const rejecting = new Agent({ name: 'Triage', model: model().calls(refund, { id: 'A-1' }).thenReplies('Not refunded.'), tools: [refund] });
    const rejected = await collecting(async () => resume(rejecting, await run(rejecting, 'Refund'), { reject: refund }));
    expect(rejected.graph.Triage?.tools.refund).toMatchObject({ called: false, approved: false, rejected: true });

    const approving = new Agent({ name: 'Triage', model: model().calls(refund, { id: 'A-1' }).thenReplies('Refunded.'), tools: [refund] });
    const approved = await collecting(async () => resume(approving, await run(approving, 'Refund'), { approve: refund }));
    expect(approved.graph.Triage?.tools.refund).toMatchObject({ called: true, approved: true, rejected: false });
  });

  test('a guardrail that tripped counts, also when the run threw', async () => {
    const guardrail = { name: 'no_spam', execute: async () => ({ tripwireTriggered: true, outputInfo: null }) };
    const agent = new Agent({ name: 'Triage', model: model({ verify: false }).replies('never'), inputGuardrails: [guardrail] });

    const { graph } = await collecting(() => run(agent, 'spam'));

    expect(graph.Triage?.guardrails).toEqual({ no_spam: { type: 'input', tripped: true } });
  });
});

describe('measures', () => {
  test('each approval path counts once: approved and rejected', () => {
    const summary = summarizeAgent({
      tools: { refund: { kind: 'function', approval: true, called: true, approved: true, rejected: false }, lookup: { kind: 'function', approval: false, called: false, approved: false, rejected: false } },
      handoffs: {},
      guardrails: {},
    });
    expect(summary.approvals).toEqual({ exercised: 1, offered: 2, missed: ['refund rejected'] });
    expect(summary.tools).toEqual({ exercised: 1, offered: 2, missed: ['lookup'] });
    expect(percent(summary.handoffs)).toBe(100);
    expect(renderTable({ A: { tools: {}, handoffs: {}, guardrails: {} } }, { ...summary, handoffs: { exercised: 0, offered: 0, missed: [] } })).toContain('all    1/2 (50%)');
  });
});

describe('the reporters’ options', () => {
  test('are checked when the reporter is built, naming the option', () => {
    expect(checkOptions(undefined)).toMatchObject({ threshold: {}, html: true });
    expect(checkOptions({ threshold: 80 }).threshold).toEqual({ tools: 80, handoffs: 80, guardrails: 80, approvals: 80 });
    expect(checkOptions({ threshold: { approvals: 100 } }).threshold).toEqual({ approvals: 100 });
    for (const [options, option] of [
      [{ threshold: 120 }, 'threshold'],
      [{ threshold: Number.NaN }, 'threshold'],
      [{ threshold: { tool: 80 } }, 'threshold.tool'],
      [{ threshold: { tools: '80' } }, 'threshold.tools'],
      [{ html: 'yes' }, 'html'],
      [{ outputDir: '' }, 'outputDir'],
      [{ treshold: 80 }, 'treshold'],
      ['coverage', 'the options'],
    ] as const) {
      const error = thrownBy(() => checkOptions(options));
      expect(error).toBeInstanceOf(CoverageOptionsError);
      expect(error).toMatchObject({ option });
    }
    expect(thrownBy(() => checkOptions({ threshold: { tools: '80' } })).message).toBe(
      'agents-testkit coverage reporter: threshold.tools must be a percentage from 0 to 100; got the string "80".',
    );
  });
});

describe('not enabled', () => {
  test('without a coverage reporter nothing is noted and nothing written', async () => {
    expect(process.env[COVERAGE_ENV]).toBeUndefined();
    const runBefore = Runner.prototype.run;
    startCoverageIfEnabled();
    // Costs nothing: no run is wrapped for coverage.
    expect(Runner.prototype.run).toBe(runBefore);
    await run(new Agent({ name: 'Quiet', model: model().replies('Hi.') }), 'Hi');
    await expect(writeCoverage()).resolves.toBeUndefined();
  });

  test('approvalPolicyOf: the SDK’s boolean wrapper is read, an app’s own policy is never called', async () => {
    let asked = 0;
    const policy = tool({ name: 'p', description: '', parameters: z.object({}), execute: () => '', needsApproval: async () => (asked++, true) });
    expect(await approvalPolicyOf(refund)).toBe(true);
    expect(await approvalPolicyOf(lookup)).toBe(false);
    expect(await approvalPolicyOf(policy)).toBe('maybe');
    expect(asked).toBe(0);
  });
});
