import { Runner } from '@openai/agents';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isPrimingAgent } from '../fakes/offlineGuard';
import { readGuardrails } from '../matchers/guardrailRecord';
import { readRun } from '../matchers/runRecord';
import { approvalPolicyOf, hostedMcpServerLabel } from '../sdk/coupling';
import { onEveryRun, type RunOutcome } from '../sdk/runnerHook';
import { agentEntry, guardrailEntry, toolEntry, type GraphCoverage } from './graph';

/** The variable the coverage reporters set for the test workers: the folder each test file writes its part to. */
export const COVERAGE_ENV = 'AGENTS_TESTKIT_COVERAGE';

interface AgentLike {
  name: string;
  tools?: readonly unknown[];
  handoffs?: readonly unknown[];
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

  /** The hook `onEveryRun` calls. */
  readonly listen = (agent: unknown): ((outcome: RunOutcome) => void) | undefined => {
    if (isPrimingAgent(agent)) return undefined;
    this.#track(this.offer(agent));
    return (outcome) => this.#track(Promise.resolve().then(() => this.exercise(outcome)));
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
    if (result !== undefined) this.#exerciseRun(result);
    for (const source of [result, error]) {
      if (source === undefined) continue;
      let guardrails;
      try {
        guardrails = readGuardrails(source, '').guardrails;
      } catch {
        continue;
      }
      const agent = agentNameOf(source);
      for (const guardrail of guardrails.filter((record) => record.tripped)) {
        // Input guardrails belong to the first agent, output guardrails to the last: take the agent that offers it.
        const owners = Object.keys(this.graph).filter((name) => this.graph[name]?.guardrails[guardrail.name] !== undefined);
        const owner = agent !== undefined && owners.includes(agent) ? agent : (owners[0] ?? agent);
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
    for (const call of run.toolCalls) {
      if (call.agent === undefined) continue;
      const entry = agentEntry(this.graph, call.agent);
      const name = call.server ?? call.name;
      const tool = entry.tools[name] ?? toolEntry(entry, name, call.server === undefined ? 'function' : 'mcp');
      if (call.status === 'ran') {
        tool.called = true;
        if (tool.approval !== false) tool.approved = true;
      } else if (call.status === 'rejected') tool.rejected = true;
    }
    for (const handoff of run.handoffs) if (handoff.from !== undefined) agentEntry(this.graph, handoff.from).handoffs[handoff.to] = true;
  }

  #track(work: Promise<void>): void {
    const done = work.catch(() => undefined).finally(() => this.#pending.delete(done));
    this.#pending.add(done);
  }
}

function isAgent(value: unknown): value is AgentLike {
  return typeof value === 'object' && value !== null && typeof (value as AgentLike).name === 'string' && Array.isArray((value as AgentLike).tools);
}

/** The agent whose guardrails a result or tripwire error reports: the run's last agent, or the one the error's state names. */
function agentNameOf(source: unknown): string | undefined {
  const direct = (source as { lastAgent?: { name?: unknown } } | null)?.lastAgent?.name;
  if (typeof direct === 'string') return direct;
  const fromState = (source as { state?: { _currentAgent?: { name?: unknown } } } | null)?.state?._currentAgent?.name;
  return typeof fromState === 'string' ? fromState : undefined;
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

/** Writes what this test file's runs showed, for the reporter to merge (the setup entries call it when the file ends). */
export async function writeCoverage(): Promise<void> {
  if (active === undefined) return;
  const { collector, dir } = active;
  await collector.settled();
  if (Object.keys(collector.graph).length === 0) return;
  mkdirSync(dir, { recursive: true });
  const target = join(dir, `${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}.json`);
  writeFileSync(`${target}.tmp`, JSON.stringify({ graph: collector.graph }));
  renameSync(`${target}.tmp`, target);
  for (const key of Object.keys(collector.graph)) delete collector.graph[key];
}
