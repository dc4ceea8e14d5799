import type { AgentOutputItem, ModelRequest } from '@openai/agents';
import type { MismatchKind } from '../../errors/MismatchError';
import { closest } from '../../format/closest';
import { parseArguments } from '../../format/modelInput';
import { HANDOFF_TOOL_PREFIX, hostedMcpServerLabel, hostedToolNeeded, hostedToolsOffered } from '../../sdk/coupling';
import { schemaProblem } from '../core/toolSchema';

/**
 * What a model request lets the model answer with: its tools, handoffs and hosted tools, and the
 * tool choice. Read off the request as a check asks: a turn that calls one function tool looks up
 * that tool and nothing else (no map of the tools, no list of the handoffs, per call).
 */
export class Offer {
  /** The request's `toolChoice`: `auto` unless the settings say otherwise. */
  readonly toolChoice: string;
  /** `false` when the settings allow one tool call per turn (`parallelToolCalls: false`). */
  readonly parallelToolCalls: boolean;
  readonly #tools: ModelRequest['tools'];
  readonly #handoffs: ModelRequest['handoffs'];
  #handoffNames: readonly string[] | undefined;
  #hosted: ReadonlySet<string> | undefined;
  #mcpServers: ReadonlySet<string> | undefined;

  constructor(request: ModelRequest) {
    this.toolChoice = request.modelSettings?.toolChoice ?? 'auto';
    this.parallelToolCalls = request.modelSettings?.parallelToolCalls !== false;
    this.#tools = request.tools;
    this.#handoffs = request.handoffs;
  }

  /** Whether the request offers a function tool of this name. */
  hasFunction(name: string): boolean {
    return this.functionTool(name) !== undefined;
  }

  /** The function tool of this name (the last, if several share it). */
  functionTool(name: string): Extract<ModelRequest['tools'][number], { type: 'function' }> | undefined {
    for (let index = this.#tools.length - 1; index >= 0; index -= 1) {
      const tool = this.#tools[index] as ModelRequest['tools'][number];
      if (tool.type === 'function' && tool.name === name) return tool;
    }
    return undefined;
  }

  /** The function tools' names, each once, in the order offered. */
  get functionNames(): string[] {
    const names = new Set<string>();
    for (const tool of this.#tools) if (tool.type === 'function') names.add(tool.name);
    return [...names];
  }

  /** Whether the request offers a handoff through this tool name. */
  hasHandoff(toolName: string): boolean {
    for (let index = 0; index < this.#handoffs.length; index += 1) if ((this.#handoffs[index] as ModelRequest['handoffs'][number]).toolName === toolName) return true;
    return false;
  }

  /** Handoff tool names (`transfer_to_billing`). */
  get handoffs(): readonly string[] {
    return (this.#handoffNames ??= this.#handoffs.map((handoff) => handoff.toolName));
  }

  /** Hosted tool kinds (`apply_patch`, `web_search`, `mcp`). */
  get hosted(): ReadonlySet<string> {
    return (this.#hosted ??= hostedToolsOffered(this.#tools));
  }

  /** The server labels of the hosted MCP tools offered (`hostedMcpTool({ serverLabel })`). */
  get mcpServers(): ReadonlySet<string> {
    return (this.#mcpServers ??= new Set(
      this.#tools.flatMap((tool) => {
        const label = hostedMcpServerLabel(tool);
        return label === undefined ? [] : [label];
      }),
    ));
  }
}

export function offerOf(request: ModelRequest): Offer {
  return new Offer(request);
}

/**
 * Schema checks already made, by the tool's schema object (the SDK hands the same one on every
 * request) and the arguments' text: a script that calls a tool on every turn checks each distinct
 * call once. Weak by schema; a schema's entries are dropped past a bound, so a run of many distinct
 * calls cannot grow it without end.
 */
const checked = new WeakMap<object, Map<string, string | undefined>>();
const CHECKED_PER_SCHEMA = 1000;

function argumentsProblem(text: string, schema: unknown): string | undefined {
  const memo = typeof schema === 'object' && schema !== null ? checked.get(schema) : undefined;
  if (memo?.has(text)) return memo.get(text);
  const args = parseArguments(text);
  // Arguments that are not JSON are the raw-string escape hatch: the SDK's own parsing error shows up as a tool failure.
  const problem = typeof args === 'string' ? undefined : schemaProblem(args, schema);
  if (typeof schema === 'object' && schema !== null) {
    let entries = memo;
    if (entries === undefined) checked.set(schema, (entries = new Map()));
    if (entries.size >= CHECKED_PER_SCHEMA) entries.clear();
    entries.set(text, problem);
  }
  return problem;
}

/** Why a turn's output cannot answer the request: the kind of mismatch, and sentences saying why and how to fix it. */
export interface OutputProblem {
  kind: Extract<MismatchKind, 'not_offered' | 'offered' | 'schema_mismatch' | 'tool_choice'>;
  /** What the request says, when the problem is one of its settings other than the tool choice. */
  setting?: string;
  why: string;
  fix?: string;
}

/**
 * Whether a model could have answered the request with these output items: every call names a
 * tool, handoff or hosted tool the request offers, with arguments that fit the tool's schema, and
 * the request's `toolChoice` allows what the turn does. The first problem, or `undefined`. A call
 * whose id is in `unknown` is meant to name a tool the request does not offer, and must not.
 */
export function outputProblem(items: readonly AgentOutputItem[], offer: Offer, unknown?: ReadonlySet<string>): OutputProblem | undefined {
  for (let index = 0; index < items.length; index += 1) {
    const item = items[index] as AgentOutputItem;
    const problem = item.type === 'function_call' && unknown?.has(item.callId) ? offeredAfterAll(item.name, offer) : itemProblem(item, offer);
    if (problem) return problem;
  }
  return toolChoiceProblem(items, offer) ?? parallelCallsProblem(items, offer);
}

/** Every name the request offers, for messages and suggestions. */
export function offeredNames(offer: Offer): string[] {
  return [...offer.functionNames, ...offer.handoffs, ...offer.hosted];
}

function itemProblem(item: AgentOutputItem, offer: Offer): OutputProblem | undefined {
  if (item.type === 'function_call') {
    if (offer.hasHandoff(item.name)) return undefined;
    const tool = offer.functionTool(item.name);
    if (tool === undefined) {
      return item.name.startsWith(HANDOFF_TOOL_PREFIX)
        ? notOffered(`hands off through "${item.name}"`, item.name, offer, '', 'handoffs')
        : notOffered(`calls tool "${item.name}"`, item.name, offer);
    }
    const problem = argumentsProblem(item.arguments, tool.parameters);
    if (problem === undefined) return undefined;
    return {
      kind: 'schema_mismatch',
      why: `The turn calls "${item.name}" with arguments that do not fit its schema: ${problem}`,
      fix: 'Change the scripted arguments to what the tool now takes',
    };
  }
  const hosted = hostedToolNeeded(item as { type?: unknown; name?: unknown });
  if (hosted === 'mcp' && offer.hosted.has(hosted)) return hostedMcpProblem(item, offer);
  if (hosted === undefined || offer.hosted.has(hosted)) return undefined;
  const extra = hosted === 'apply_patch' ? ' A SandboxAgent offers apply_patch with its filesystem() capability.' : '';
  return notOffered(`calls the hosted tool "${hosted}"`, hosted, offer, extra);
}

/** A call meant to be of a tool the agent lacks (`callsUnknownTool`), which the request offers after all: the SDK would run it. */
function offeredAfterAll(name: string, offer: Offer): OutputProblem | undefined {
  if (!offer.hasFunction(name) && !offer.hasHandoff(name)) return undefined;
  return {
    kind: 'offered',
    why: `The turn calls "${name}" as a tool the agent does not offer, but the agent offers it, so the SDK would run it instead of answering that it is not found`,
    fix: 'Name a tool the agent lacks, or script an ordinary .calls(…)',
  };
}

function notOffered(what: string, name: string, offer: Offer, extra = '', kind: 'tools' | 'handoffs' = 'tools'): OutputProblem {
  const names = offeredNames(offer);
  const suggestion = closest(name, names);
  return {
    kind: 'not_offered',
    why: `The turn ${what}, which the agent does not offer`,
    fix: `${suggestion ? `Did you mean "${suggestion}"?` : `Script one of the ${kind} it offers.`}${extra}`,
  };
}

function isCall(item: AgentOutputItem): boolean {
  return item.type === 'function_call' || hostedToolNeeded(item as { type?: unknown; name?: unknown }) !== undefined;
}

/** `required` needs a call, `none` forbids one, a tool's name needs a call of that tool. */
function toolChoiceProblem(items: readonly AgentOutputItem[], offer: Offer): OutputProblem | undefined {
  const choice = offer.toolChoice;
  if (choice === 'auto') return undefined;
  const calls = items.filter(isCall);
  const fix = "A model cannot answer this way under that setting; script the turn the setting asks for, or check the agent's modelSettings.toolChoice";
  if (choice === 'required') {
    return calls.length > 0 ? undefined : { kind: 'tool_choice', why: 'The turn calls no tool, but the request sets toolChoice: "required"', fix };
  }
  if (choice === 'none') {
    return calls.length === 0 ? undefined : { kind: 'tool_choice', why: 'The turn calls a tool, but the request sets toolChoice: "none"', fix };
  }
  const other = calls.find((item) => (item as { name?: unknown }).name !== choice);
  if (calls.length > 0 && other === undefined) return undefined;
  const called = other ? `calls "${String((other as { name?: unknown }).name)}"` : 'calls no tool';
  return { kind: 'tool_choice', why: `The turn ${called}, but the request sets toolChoice: "${choice}"`, fix };
}

/** A turn of several function calls where the settings allow one per turn: no model answers so, though the SDK would run them all. */
function parallelCallsProblem(items: readonly AgentOutputItem[], offer: Offer): OutputProblem | undefined {
  if (offer.parallelToolCalls) return undefined;
  let calls = 0;
  for (const item of items) if (item.type === 'function_call') calls += 1;
  if (calls < 2) return undefined;
  return {
    kind: 'tool_choice',
    setting: 'a request with parallelToolCalls: false',
    why: `The turn makes ${calls} tool calls, but the request sets parallelToolCalls: false, so a model makes one call per turn`,
    fix: "Script one call per turn (.calls(…) in turns of their own), or check the agent's modelSettings.parallelToolCalls",
  };
}

/** A hosted MCP item names its server by label: the request must offer a hosted MCP tool with that label. */
function hostedMcpProblem(item: AgentOutputItem, offer: Offer): OutputProblem | undefined {
  const label = ((item as { providerData?: { server_label?: unknown } }).providerData ?? {}).server_label;
  if (typeof label !== 'string' || offer.mcpServers.has(label)) return undefined;
  const suggestion = closest(label, [...offer.mcpServers]);
  return {
    kind: 'not_offered',
    why: `The turn uses the hosted MCP server "${label}", which the agent does not offer (it offers ${[...offer.mcpServers].map((server) => `"${server}"`).join(', ')})`,
    fix: suggestion ? `Did you mean "${suggestion}"?` : "Use the serverLabel of one of the agent's hostedMcpTool(…) tools",
  };
}
