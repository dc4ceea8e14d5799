/**
 * The agent graph a test run saw, and what its tests exercised of it: the data the coverage
 * collector writes per test file and the reporters merge. Keyed by names (agents by their name,
 * tools, handoffs and guardrails by theirs), so the same agent met in many tests is one entry.
 */

/** One tool an agent offers: a function tool of its own, a hosted MCP server, a tool the provider runs. */
export interface ToolCoverage {
  kind: 'function' | 'mcp' | 'hosted';
  /** `true` when the tool always needs approval, `'maybe'` when its policy decides per call. */
  approval: boolean | 'maybe';
  called: boolean;
  approved: boolean;
  rejected: boolean;
}

export interface GuardrailCoverage {
  /** `input`, `output`, `tool_input` or `tool_output`. */
  type: string;
  tripped: boolean;
}

export interface AgentCoverage {
  tools: Record<string, ToolCoverage>;
  /** Handoff targets by agent name: whether a test handed off there. */
  handoffs: Record<string, boolean>;
  guardrails: Record<string, GuardrailCoverage>;
}

export type GraphCoverage = Record<string, AgentCoverage>;

export function agentEntry(graph: GraphCoverage, agent: string): AgentCoverage {
  return (graph[agent] ??= { tools: {}, handoffs: {}, guardrails: {} });
}

export function toolEntry(entry: AgentCoverage, name: string, kind: ToolCoverage['kind'], approval: ToolCoverage['approval'] = false): ToolCoverage {
  const tool = (entry.tools[name] ??= { kind, approval, called: false, approved: false, rejected: false });
  if (approval !== false && tool.approval !== true) tool.approval = approval;
  return tool;
}

export function guardrailEntry(entry: AgentCoverage, name: string, type: string): GuardrailCoverage {
  return (entry.guardrails[name] ??= { type, tripped: false });
}

/** Merges `from` into `into`: what either offered, what either exercised. */
export function mergeGraphs(into: GraphCoverage, from: GraphCoverage): GraphCoverage {
  for (const [agent, source] of Object.entries(from)) {
    const target = agentEntry(into, agent);
    for (const [name, tool] of Object.entries(source.tools)) {
      const merged = toolEntry(target, name, tool.kind, tool.approval);
      merged.called ||= tool.called;
      merged.approved ||= tool.approved;
      merged.rejected ||= tool.rejected;
    }
    for (const [name, exercised] of Object.entries(source.handoffs)) target.handoffs[name] = (target.handoffs[name] ?? false) || exercised;
    for (const [name, guardrail] of Object.entries(source.guardrails)) guardrailEntry(target, name, guardrail.type).tripped ||= guardrail.tripped;
  }
  return into;
}

/**
 * The graph with every key in order (agents, and each agent's tools, handoffs and guardrails): the
 * report of a run is the same whichever order its test files, workers or shards ended in.
 */
export function sortGraph(graph: GraphCoverage): GraphCoverage {
  const sorted = <T>(record: Record<string, T>): Record<string, T> => Object.fromEntries(Object.keys(record).sort().map((key) => [key, record[key] as T]));
  return sorted(Object.fromEntries(Object.entries(graph).map(([agent, entry]) => [agent, { tools: sorted(entry.tools), handoffs: sorted(entry.handoffs), guardrails: sorted(entry.guardrails) }])));
}

/** Exercised of offered, for one measure. */
export interface Ratio {
  exercised: number;
  offered: number;
  /** What was offered and never exercised. */
  missed: string[];
}

/** The four measures of one agent, or of the whole graph. */
export interface CoverageSummary {
  tools: Ratio;
  handoffs: Ratio;
  guardrails: Ratio;
  /** Each way out of an approval counts: approved, and rejected. */
  approvals: Ratio;
}

export const MEASURES = ['tools', 'handoffs', 'guardrails', 'approvals'] as const;
export type Measure = (typeof MEASURES)[number];

function ratio(entries: readonly [string, boolean][]): Ratio {
  return { exercised: entries.filter(([, done]) => done).length, offered: entries.length, missed: entries.filter(([, done]) => !done).map(([name]) => name) };
}

/** What a test exercised of one agent: a tool called, a handoff taken, a guardrail tripped, each approval path taken. */
export function summarizeAgent(entry: AgentCoverage): CoverageSummary {
  const tools = Object.entries(entry.tools);
  return {
    tools: ratio(tools.map(([name, tool]) => [name, tool.called])),
    handoffs: ratio(Object.entries(entry.handoffs)),
    guardrails: ratio(Object.entries(entry.guardrails).map(([name, guardrail]) => [name, guardrail.tripped])),
    approvals: ratio(
      tools
        .filter(([, tool]) => tool.approval !== false)
        .flatMap(([name, tool]): [string, boolean][] => [
          [`${name} approved`, tool.approved],
          [`${name} rejected`, tool.rejected],
        ]),
    ),
  };
}

/** The measures of every agent added up. */
export function summarizeGraph(graph: GraphCoverage): CoverageSummary {
  const total: CoverageSummary = { tools: empty(), handoffs: empty(), guardrails: empty(), approvals: empty() };
  for (const [agent, entry] of Object.entries(graph)) {
    const summary = summarizeAgent(entry);
    for (const measure of MEASURES) {
      total[measure].exercised += summary[measure].exercised;
      total[measure].offered += summary[measure].offered;
      total[measure].missed.push(...summary[measure].missed.map((name) => `${agent}: ${name}`));
    }
  }
  return total;
}

function empty(): Ratio {
  return { exercised: 0, offered: 0, missed: [] };
}

/** A measure in percent; 100 when nothing was offered (nothing to miss). */
export function percent(value: Ratio): number {
  return value.offered === 0 ? 100 : (100 * value.exercised) / value.offered;
}
