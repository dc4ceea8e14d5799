import { Runner } from '@openai/agents';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isPrimingAgent } from '../fakes/offline/offlineGuard';
import { readGuardrails } from '../matchers/guardrailRecord';
import { approvalOf, readRun } from '../matchers/runRecord';
import { approvalPolicyOf, hostedMcpServerLabel, onMcpToolsListed, resultOfFailedRun, type RunResultShape } from '../sdk/coupling';
import { onEveryRun, type RunOutcome } from '../sdk/runnerHook';
import { agentEntry, guardrailEntry, toolEntry, type GraphCoverage, type ToolCoverage } from './graph';
import { fileCoverage, META_KEY } from './parts';

import { COVERAGE_ENV } from './env';

export { COVERAGE_ENV };

interface AgentLike {
  name: string;
  tools?: readonly unknown[];
  handoffs?: readonly unknown[];
  mcpServers?: readonly unknown[];
  inputGuardrails?: readonly { name?: unknown }[];
  outputGuardrails?: readonly { name?: unknown }[];
}

/**
 * Notes what every run shows of the agent graph: at its start, what the agents reachable from
 * its first agent offer (tools, hosted tools, handoffs, guardrails, tools needing approval); at
 * its end, what it exercised (tools that ran, handoffs, guardrails that tripped, approvals and
 * rejections). Runs that throw count what the error shows (a tripped guardrail).
 */
export class CoverageCollector {
  readonly graph: GraphCoverage = {};
  readonly #pending = new Set<Promise<void>>();
  /** The runners with runs in flight, and how many: the collector listens to a runner only while it runs. */
  readonly #running = new Map<RunnerHooks, number>();

  /** The hook `onEveryRun` calls. */
  readonly listen = (agent: unknown, runner?: unknown): ((outcome: RunOutcome) => void) | undefined => {
    if (isPrimingAgent(agent)) return undefined;
    const release = this.#watch(runner);
    const releaseMcp = this.#listenToMcp(agent);
    this.#track(this.offer(agent));
    return (outcome) => {
      release();
      releaseMcp();
      this.#track(Promise.resolve().then(() => this.exercise(outcome)));
    };
  };

  /** Waits for what runs still being noted (an approval policy is read asynchronously). */
  async settled(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }

  async offer(start: unknown, seen = new Set<unknown>()): Promise<void> {
    if (!isAgent(start) || seen.has(start)) return;
    seen.add(start);
    const entry = agentEntry(this.graph, start.name);
    for (const tool of start.tools ?? []) {
      const { type, name } = (tool ?? {}) as { type?: unknown; name?: unknown };
      if (typeof name !== 'string') continue;
      if (type === 'function') {
        toolEntry(entry, name, 'function', await approvalPolicyOf(tool as { needsApproval?: unknown }));
        for (const [list, kind] of [['inputGuardrails', 'tool_input'], ['outputGuardrails', 'tool_output']] as const) {
          for (const guardrail of ((tool as Record<string, unknown>)[list] as { name?: unknown }[] | undefined) ?? []) {
            if (typeof guardrail?.name === 'string') guardrailEntry(entry, guardrail.name, kind);
          }
        }
        continue;
      }
      const server = hostedMcpServerLabel(tool);
      if (server !== undefined) {
        const approval = (tool as { providerData?: { require_approval?: unknown } }).providerData?.require_approval;
        toolEntry(entry, server, 'mcp', approval === undefined || approval === 'never' ? false : approval === 'always' ? true : 'maybe');
      } else toolEntry(entry, name, 'hosted');
    }
    for (const handoff of start.handoffs ?? []) {
      const target = isAgent(handoff) ? handoff : (handoff as { agent?: unknown } | null)?.agent;
      const targetName = isAgent(target) ? target.name : (handoff as { agentName?: unknown } | null)?.agentName;
      if (typeof targetName !== 'string') continue;
      entry.handoffs[targetName] ??= false;
      await this.offer(target, seen);
    }
    for (const [list, type] of [['inputGuardrails', 'input'], ['outputGuardrails', 'output']] as const) {
      for (const guardrail of start[list] ?? []) if (typeof guardrail?.name === 'string') guardrailEntry(entry, guardrail.name, type);
    }
  }

  exercise({ result, error }: RunOutcome): void {
    // A run that threw shows what it did until then through the state the SDK's errors carry.
    const run = result ?? resultOfFailedRun(error);
    if (run !== undefined) this.#exerciseRun(run);
    for (const source of [run, error]) {
      if (source === undefined) continue;
      let guardrails;
      try {
        guardrails = readGuardrails(source, '').guardrails;
      } catch {
        continue;
      }
      const agent = (source as { lastAgent?: { name?: unknown } } | null)?.lastAgent?.name;
      for (const guardrail of guardrails.filter((record) => record.tripped)) {
        // Input guardrails belong to the first agent, output guardrails to the last: take the agent that offers it.
        const owners = Object.keys(this.graph).filter((name) => this.graph[name]?.guardrails[guardrail.name] !== undefined);
        const owner = typeof agent === 'string' && owners.includes(agent) ? agent : (owners[0] ?? (typeof agent === 'string' ? agent : undefined));
        if (owner !== undefined) guardrailEntry(agentEntry(this.graph, owner), guardrail.name, guardrail.type).tripped = true;
      }
    }
  }

  #exerciseRun(result: unknown): void {
    let run;
    try {
      run = readRun(result, '');
    } catch {
      return; // a streamed run that did not finish, or no run result at all
    }
    const decided = approvalOf(result as RunResultShape);
    for (const call of run.toolCalls) {
      if (call.agent === undefined || (call.status !== 'ran' && call.status !== 'rejected')) continue;
      const approved = call.callId !== undefined && decided(call.name, call.callId) === true;
      // Calls of tools the agent does not hold itself are of an MCP server's tools.
      this.#noteCall(call.agent, call.server ?? call.name, call.tool === undefined ? 'mcp' : 'function', call.status, approved);
    }
    for (const handoff of run.handoffs) if (handoff.from !== undefined) agentEntry(this.graph, handoff.from).handoffs[handoff.to] = true;
  }

  /**
   * A call that ran (or was rejected). It counts as approved when the run approved that call, or
   * when its tool always needs approval (a hosted MCP server's call ran only once approved); a
   * call that a policy of the app's let through without asking approved nothing.
   */
  #noteCall(agent: string, name: string, kind: ToolCoverage['kind'], status: 'ran' | 'rejected', approved: boolean): void {
    const entry = agentEntry(this.graph, agent);
    const tool = entry.tools[name] ?? toolEntry(entry, name, kind);
    if (status === 'rejected') tool.rejected = true;
    else {
      tool.called = true;
      if (approved || tool.approval === true) tool.approved = true;
    }
  }

  /**
   * Listens to a runner's own hooks while it has runs in flight (once, however many): they tell of
   * every tool that ran and every handoff as it happens, so a run that throws without a state to
   * read (a model's own error) still counts what it did. Noted once the offers in flight are, so
   * that a tool keeps the kind it was offered as. Returns the release for the run's end.
   */
  #watch(runner: unknown): () => void {
    const hooks = runner as RunnerHooks | null | undefined;
    if (typeof hooks?.on !== 'function' || typeof hooks.off !== 'function') return () => undefined;
    const count = this.#running.get(hooks) ?? 0;
    this.#running.set(hooks, count + 1);
    if (count === 0) {
      hooks.on('agent_tool_end', this.#toolEnded);
      hooks.on('agent_handoff', this.#handedOff);
    }
    return () => {
      const left = (this.#running.get(hooks) ?? 1) - 1;
      if (left > 0) return void this.#running.set(hooks, left);
      this.#running.delete(hooks);
      hooks.off('agent_tool_end', this.#toolEnded);
      hooks.off('agent_handoff', this.#handedOff);
    };
  }

  /**
   * The tools of local MCP servers are known only once a run lists them (the collector asks no
   * server itself): each agent reachable from the run's first agent that has MCP servers offers
   * what the SDK lists from them while the run is under way. Returns the release for the run's end.
   */
  #listenToMcp(start: unknown): () => void {
    const releases: (() => void)[] = [];
    const seen = new Set<unknown>();
    const walk = (agent: unknown) => {
      if (!isAgent(agent) || seen.has(agent)) return;
      seen.add(agent);
      if ((agent.mcpServers?.length ?? 0) > 0) {
        const name = agent.name;
        releases.push(onMcpToolsListed(agent, (names) => this.#afterOffers(() => {
          const entry = agentEntry(this.graph, name);
          for (const tool of names) toolEntry(entry, tool, 'mcp');
        })));
      }
      for (const handoff of agent.handoffs ?? []) walk(isAgent(handoff) ? handoff : (handoff as { agent?: unknown } | null)?.agent);
    };
    walk(start);
    return () => releases.forEach((release) => release());
  }

  readonly #toolEnded: ToolEndListener = (context, agent, tool, _output, details) => {
    const callId = details?.toolCall?.callId;
    if (typeof agent?.name !== 'string' || typeof tool?.name !== 'string') return;
    const approved = typeof callId === 'string' && approvalOf({ runContext: context })(tool.name, callId) === true;
    this.#afterOffers(() => this.#noteCall(agent.name as string, tool.name as string, tool.type === 'function' ? 'mcp' : 'hosted', 'ran', approved));
  };

  readonly #handedOff: HandoffListener = (_context, from, to) => {
    if (typeof from?.name === 'string' && typeof to?.name === 'string') this.#afterOffers(() => (agentEntry(this.graph, from.name as string).handoffs[to.name as string] = true));
  };

  #afterOffers(note: () => void): void {
    this.#track(Promise.all([...this.#pending]).then(note));
  }

  #track(work: Promise<void>): void {
    const done = work.catch(() => undefined).finally(() => this.#pending.delete(done));
    this.#pending.add(done);
  }
}

function isAgent(value: unknown): value is AgentLike {
  return typeof value === 'object' && value !== null && typeof (value as AgentLike).name === 'string' && Array.isArray((value as AgentLike).tools);
}

type ToolEndListener = (
  context: RunResultShape['runContext'],
  agent: { name?: unknown },
  tool: { name?: unknown; type?: unknown },
  output: unknown,
  details?: { toolCall?: { callId?: unknown } },
) => void;
type HandoffListener = (context: unknown, from: { name?: unknown }, to: { name?: unknown }) => void;

/** What the kit listens to on a runner: the SDK's run hooks (`RunHooks`), public API. */
interface RunnerHooks {
  on(event: 'agent_tool_end', listener: ToolEndListener): unknown;
  on(event: 'agent_handoff', listener: HandoffListener): unknown;
  off(event: 'agent_tool_end', listener: ToolEndListener): unknown;
  off(event: 'agent_handoff', listener: HandoffListener): unknown;
}

let active: { collector: CoverageCollector; dir: string; watched: Set<unknown> } | undefined;

/**
 * Starts noting the agent graph when a coverage reporter asked for it (it sets
 * `AGENTS_TESTKIT_COVERAGE` for the workers); otherwise does nothing, and costs nothing.
 */
export function startCoverageIfEnabled(): void {
  const dir = process.env[COVERAGE_ENV];
  if (!dir || active !== undefined) return;
  const collector = new CoverageCollector();
  active = { collector, dir, watched: new Set([Runner]) };
  onEveryRun(collector.listen);
}

/** Also notes the runs of another copy of the SDK the test file loads (its `Runner`). */
export function watchCoverageOf(RunnerClass: abstract new (...args: never[]) => unknown): void {
  if (active === undefined || active.watched.has(RunnerClass)) return;
  active.watched.add(RunnerClass);
  onEveryRun(active.collector.listen, RunnerClass);
}

/**
 * Writes what this test file's runs showed, for the reporter to merge (the setup entries call it
 * when the file ends). Under Vitest it is also left in the file's meta, which blob reports carry to
 * `vitest --merge-reports`; an empty graph too, which tells a file without agent runs from a file
 * whose shard collected nothing.
 */
export async function writeCoverage(fileMeta?: Record<string, unknown>): Promise<void> {
  if (active === undefined) return;
  const { collector, dir } = active;
  await collector.settled();
  if (fileMeta !== undefined) fileMeta[META_KEY] = fileCoverage(collector.graph);
  if (Object.keys(collector.graph).length === 0) return;
  mkdirSync(dir, { recursive: true });
  const target = join(dir, `${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}.json`);
  writeFileSync(`${target}.tmp`, JSON.stringify({ graph: collector.graph }));
  renameSync(`${target}.tmp`, target);
  for (const key of Object.keys(collector.graph)) delete collector.graph[key];
}
