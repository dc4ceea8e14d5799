import type { Agent } from '@openai/agents';
import { onAgentRuns } from '../../sdk/coupling';

/**
 * Which agent objects are running, for providers that route by agent object. One listener set per
 * agent for the whole process (agents often live at module level and serve many tests, so one per
 * provider would pile up), kept on `globalThis` so that every copy of the kit shares them.
 */
interface AgentRunsState {
  running: WeakMap<object, { count: number; generation: number }>;
  /** Bumped when a test ends: runs counted before are forgotten. */
  generation: number;
}

const KEY = Symbol.for('agents-testkit.agentRuns');
const scope = globalThis as typeof globalThis & { [KEY]?: AgentRunsState };
const state: AgentRunsState = (scope[KEY] ??= { running: new WeakMap(), generation: 0 });

/** Starts following the runs of `agent` (once per agent). */
export function followRuns(agent: Agent<any, any>): void {
  if (state.running.has(agent)) return;
  state.running.set(agent, { count: 0, generation: state.generation });
  onAgentRuns(agent, {
    started: () => state.running.set(agent, { count: runsOf(agent) + 1, generation: state.generation }),
    stopped: () => state.running.set(agent, { count: Math.max(0, runsOf(agent) - 1), generation: state.generation }),
  });
}

function runsOf(agent: Agent<any, any>): number {
  const entry = state.running.get(agent);
  return entry === undefined || entry.generation !== state.generation ? 0 : entry.count;
}

/** Forgets every run counted so far; the setup entries call it when a test ends. */
export function forgetRuns(): void {
  state.generation += 1;
}

/**
 * Whether a run of `agent` is under way: started and not yet finished or handed off. A run that
 * threw, or stopped for an approval and was never resumed, counts as under way until its test ends.
 */
export function isRunning(agent: Agent<any, any>): boolean {
  return runsOf(agent) > 0;
}
