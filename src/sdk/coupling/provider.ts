/**
 * What a model provider learns of the runner: which agent's turn asks for a model, which agent object
 * is running, and the default provider a `Runner` resolves. Part of the SDK coupling (see index.ts).
 */
import { getCurrentSpan, type Agent, type ModelProvider } from '@openai/agents';

// ── The agent whose turn it is ───────────────────────────────────────────────────────────────────

/**
 * The name of the agent whose turn is running. The runner opens a turn span for every turn and
 * keeps it as the current span even with tracing off (a no-op span that still holds its data),
 * so a model provider can tell which agent asks for a model.
 */
export function currentAgentName(): string | undefined {
  return currentAgentNameIn(getCurrentSpan);
}

/** `currentAgentName()` read off a given copy of the SDK: its CJS and ESM builds each keep their own current span. */
export function currentAgentNameIn(getSpan: () => { spanData?: unknown } | null | undefined): string | undefined {
  const data = getSpan()?.spanData as { type?: string; agent_name?: unknown; name?: unknown } | undefined;
  if (data === undefined) return undefined;
  if (typeof data.agent_name === 'string') return data.agent_name;
  if (data.type === 'agent' && typeof data.name === 'string') return data.name;
  return undefined;
}

// ── The default model provider and the runs of an agent ──────────────────────────────────────────

/** What a provider made by the SDK's `Runner` looks like: the `Runner` constructor of one copy of the SDK. */
export type RunnerClass = new () => { config: { modelProvider: ModelProvider } };

/**
 * A `Runner` made without a `modelProvider` gets a provider that asks the SDK's default provider
 * (`setDefaultModelProvider()`) at its first request and keeps it for good. `run()` uses one such
 * runner per module graph, so the first default it resolves answers every later `run()`; the SDK
 * exports no way to read the default. Returns a way to make a fresh one of those providers, which
 * forwards one request to whatever the default is now.
 */
export function defaultProviderLookup(Runner: RunnerClass): () => ModelProvider {
  const Lazy = new Runner().config.modelProvider.constructor as new () => ModelProvider;
  return () => new Lazy();
}

/** What `onAgentRuns` reports: an agent started a run of its own, or stopped (it finished or handed off). */
export interface AgentRunListener {
  started(): void;
  stopped(): void;
}

/**
 * Follows the runs of one agent through its lifecycle events: `agent_start` fires before the
 * runner asks a model provider for the agent's model, `agent_end` when it gives its final output,
 * `agent_handoff` when it hands the conversation over. A model provider only learns an agent's
 * name (`currentAgentName()`); this tells it which agent object of that name is running.
 */
export function onAgentRuns(agent: Agent<any, any>, listener: AgentRunListener): void {
  agent.on('agent_start', () => listener.started());
  agent.on('agent_end', () => listener.stopped());
  agent.on('agent_handoff', () => listener.stopped());
}
