// What the coverage collector notes of runs made in this process, what the reporters' options
// accept, and that nothing is noted or written unless a coverage reporter asked for it.
import { Agent, defineToolInputGuardrail, handoff, hostedMcpTool, run, Runner, tool, ToolGuardrailFunctionOutputFactory, webSearchTool, type OutputGuardrail } from '@openai/agents';
import { z } from 'zod';
import { mcp, model, resume } from 'agents-testkit';
import { COVERAGE_ENV, CoverageCollector, startCoverageIfEnabled, writeCoverage } from '../src/coverage/collector';
import { percent, summarizeAgent } from '../src/coverage/graph';
import { checkOptions, renderTable } from '../src/coverage/report';
import { CoverageOptionsError } from '../src/errors/CoverageOptionsError';
import { approvalPolicyOf } from '../src/sdk/coupling';
import { onEveryRun } from '../src/sdk/runnerHook';
import { describe, expect, plainMcpServer, test, thrownBy } from './support';

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

describe('the collector, on runs that end otherwise', () => {
  test('a call that an approval policy of the app’s let through without asking approved nothing; one the test approved did', async () => {
    const pay = tool({ name: 'pay', description: '', parameters: z.object({ amount: z.number() }), execute: async () => 'Paid.', needsApproval: async (_context, { amount }) => amount > 100 });
    const small = new Agent({ name: 'Till', model: model().calls(pay, { amount: 5 }).thenReplies('Paid.'), tools: [pay] });
    const unasked = await collecting(() => run(small, 'Pay 5'));
    expect(unasked.graph.Till?.tools.pay).toEqual({ kind: 'function', approval: 'maybe', called: true, approved: false, rejected: false });

    const large = new Agent({ name: 'Till', model: model().calls(pay, { amount: 500 }).thenReplies('Paid.'), tools: [pay] });
    const asked = await collecting(async () => resume(large, await run(large, 'Pay 500'), { approve: pay }));
    expect(asked.graph.Till?.tools.pay).toEqual({ kind: 'function', approval: 'maybe', called: true, approved: true, rejected: false });
  });

  test('a run that throws counts what it did until then: a tool that ran before the model failed, a handoff taken', async () => {
    const billing = new Agent({ name: 'Billing', model: model().fails(new Error('model down')) });
    const triage = new Agent({ name: 'Triage', model: model().calls(lookup, { id: 'A-1' }).thenHandsOffTo(billing), tools: [lookup, refund], handoffs: [billing] });

    const { graph } = await collecting(() => run(triage, 'Where is A-1?'));

    expect(graph.Triage?.tools.lookup?.called).toBe(true);
    expect(graph.Triage?.tools.refund?.called).toBe(false);
    expect(graph.Triage?.handoffs).toEqual({ Billing: true });
  });

  test('a run that throws with its state (MaxTurnsExceededError) counts the hosted calls it made', async () => {
    const researcher = new Agent({ name: 'Researcher', model: model({ verify: false }).searchesWeb('agents').thenReplies('never'), tools: [webSearchTool()] });

    const { graph } = await collecting(() => run(researcher, 'Research', { maxTurns: 1 }));

    expect(graph.Researcher?.tools.web_search).toMatchObject({ kind: 'hosted', called: true });
  });

  test('a streamed run counts once its stream completed', async () => {
    const billing = new Agent({ name: 'Billing', model: model().replies('Billing.') });
    const triage = new Agent({ name: 'Triage', model: model().calls(lookup, { id: 'A-1' }).thenHandsOffTo(billing), tools: [lookup], handoffs: [billing] });

    const { graph } = await collecting(async () => {
      const result = await run(triage, 'Where is A-1?', { stream: true });
      await result.completed;
    });

    expect(graph.Triage?.tools.lookup?.called).toBe(true);
    expect(graph.Triage?.handoffs).toEqual({ Billing: true });
  });

  test('tool and output guardrails: offered, and tripped when they stopped something', async () => {
    const noProd = defineToolInputGuardrail({
      name: 'no_prod',
      run: async ({ toolCall }) => (toolCall.arguments.includes('prod') ? ToolGuardrailFunctionOutputFactory.rejectContent('Not on prod.') : ToolGuardrailFunctionOutputFactory.allow()),
    });
    const remove = tool({ name: 'remove', description: '', parameters: z.object({ id: z.string() }), inputGuardrails: [noProd], execute: async () => 'Removed.' });
    const polite: OutputGuardrail = { name: 'polite', execute: async ({ agentOutput }) => ({ tripwireTriggered: String(agentOutput).includes('stupid'), outputInfo: {} }) };
    const ops = (script: ReturnType<typeof model>) => new Agent({ name: 'Ops', model: script, tools: [remove], outputGuardrails: [polite] });

    const rejected = await collecting(() => run(ops(model().calls(remove, { id: 'prod' }, { toolFails: 'Not on prod.' }).thenReplies('Done.')), 'Remove prod'));
    expect(rejected.graph.Ops?.guardrails).toEqual({ no_prod: { type: 'tool_input', tripped: true }, polite: { type: 'output', tripped: false } });

    const rude = await collecting(() => run(ops(model().replies('A stupid question.')), 'Hi'));
    expect(rude.graph.Ops?.guardrails).toEqual({ no_prod: { type: 'tool_input', tripped: false }, polite: { type: 'output', tripped: true } });
  });

  test('the tools of a local MCP server count as it lists them to the run, as kind mcp, once a test called them', async () => {
    const files = mcp({ name: 'files', tools: { read_file: { description: 'Reads', parameters: z.object({ path: z.string() }) } } })
      .expectCall('read_file', { path: 'a.txt' })
      .returns('A.');
    const reader = new Agent({ name: 'Reader', model: model().calls(files.tools.read_file, { path: 'a.txt' }).thenReplies('A.'), mcpServers: [files] });

    const { graph } = await collecting(() => run(reader, 'Read a.txt'));

    expect(graph.Reader?.tools).toEqual({ read_file: { kind: 'mcp', approval: false, called: true, approved: false, rejected: false } });
  });

  test('every tool a local MCP server lists to the run is offered, and only the called one exercised, without asking the server again', async () => {
    const server = plainMcpServer('files', ['read_file', 'write_file', 'delete_file']);
    const reader = () => new Agent({ name: 'Reader', model: model().calls('read_file', {}).thenReplies('A.'), mcpServers: [server] });

    await run(reader(), 'Read a.txt');
    const plain = server.listed;
    const watched = reader();
    const { graph } = await collecting(() => run(watched, 'Read a.txt'));

    expect(server.listed).toBe(2 * plain);
    const mcpTool = (called: boolean) => ({ kind: 'mcp', approval: false, called, approved: false, rejected: false });
    expect(graph.Reader?.tools).toEqual({ read_file: mcpTool(true), write_file: mcpTool(false), delete_file: mcpTool(false) });
    expect(summarizeAgent(graph.Reader!).tools).toEqual({ exercised: 1, offered: 3, missed: ['write_file', 'delete_file'] });
    // The agent is left as it was once the run ended.
    expect(Object.getOwnPropertyNames(watched)).not.toContain('getMcpTools');
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
