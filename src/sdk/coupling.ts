/**
 * Every place the kit depends on something the OpenAI Agents SDK does not promise: a read of its
 * internals, a text copied from it, a shape it happens to have. Each is probed against the
 * installed SDK in test/sdk-coupling.test.ts, so an SDK release that changes one fails there,
 * naming it, instead of somewhere a double quietly stops catching drift.
 */
import { createHash } from 'node:crypto';
import { Agent, getCurrentSpan, getHandoff, getTransferMessage, RunResult, type Handoff, type ModelProvider, type ModelRequest, type RunItem } from '@openai/agents';
import type { HandoffTarget } from '../vocabulary';

// ── Who is calling ──────────────────────────────────────────────────────────────────────────────

/** Where the SDK's packages live, in any installation layout (npm, pnpm, Yarn PnP). */
export const SDK_PATH = /[\\/]@openai[\\/]agents(?:-[a-z]+)?[\\/]/;

/**
 * Whether the code that is reading a property is the SDK, read off the stack. The SDK decides
 * what a sandbox session supports by looking its method names up; see `sharedVerbs.ts`.
 * `accessor` is the getter being run: its frame and the kit's frames above it are skipped, so
 * the frame left is the reader's.
 */
export function readBySdk(accessor: (...args: never[]) => unknown): boolean {
  if (typeof Error.captureStackTrace !== 'function') return false;
  const holder: { stack?: unknown } = {};
  const limit = Error.stackTraceLimit;
  try {
    Error.stackTraceLimit = 1;
    Error.captureStackTrace(holder, accessor);
    return SDK_PATH.test(String(holder.stack ?? ''));
  } finally {
    Error.stackTraceLimit = limit;
  }
}

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

// ── Model requests ──────────────────────────────────────────────────────────────────────────────

/** A model request as users see it: without the runner's own `_internal` bookkeeping. */
export type PublicRequest = Readonly<Omit<ModelRequest, '_internal'>>;

export function withoutInternal(request: Readonly<ModelRequest>): PublicRequest {
  const { _internal: _ignored, ...rest } = request as Readonly<ModelRequest> & { _internal?: unknown };
  return Object.freeze(rest);
}

// ── Run results ─────────────────────────────────────────────────────────────────────────────────

/** What the kit reads of a `RunResult` or `StreamedRunResult`. */
export interface RunResultShape {
  input: string | unknown[];
  newItems: RunItem[];
  interruptions?: unknown[];
  state?: { _currentStep?: { type?: string }; usage?: { requests?: number } };
  lastAgent?: { name?: string };
  finalOutput?: unknown;
  toTextStream?: unknown;
  error?: unknown;
  cancelled?: boolean;
  /** The run's public context, which knows which calls were approved or rejected. */
  runContext?: { isToolApproved?(approval: { toolName: string; callId: string }): boolean | undefined };
}

/**
 * Recognises a run result by shape: the SDK's CJS and ESM builds are different classes, so
 * `instanceof` would reject half of the users.
 */
export function isRunResult(value: unknown): value is RunResultShape {
  if (typeof value !== 'object' || value === null) return false;
  try {
    return Array.isArray((value as RunResultShape).newItems) && 'finalOutput' in value;
  } catch {
    return false;
  }
}

export function isStreamedResult(result: RunResultShape): boolean {
  return typeof result.toTextStream === 'function';
}

/**
 * What a run that threw had done until then, as a result to read like any other: the SDK's own
 * errors (`MaxTurnsExceededError`, the tripwire errors, …) carry the run's state, and a
 * `RunResult` reads its items off a state. `undefined` for an error without one (an error the
 * model or a tool threw as is). The state is recognised by shape, as it may come from the other
 * build of the SDK.
 */
export function resultOfFailedRun(error: unknown): RunResultShape | undefined {
  const state = (error as { state?: { _generatedItems?: unknown } } | null)?.state;
  if (typeof state !== 'object' || state === null || !Array.isArray(state._generatedItems)) return undefined;
  return new RunResult(state as ConstructorParameters<typeof RunResult>[0]) as unknown as RunResultShape;
}

/** Whether a run ended: a streamed result is readable only once its loop is done. */
export function hasFinished(result: RunResultShape): boolean {
  if (result.error !== null && result.error !== undefined) return true;
  if (result.cancelled === true) return true;
  // The result has no public "done" flag; the run state's current step says whether the loop ended.
  const step = result.state?._currentStep?.type;
  if (step === undefined) return true;
  return step === 'next_step_final_output' || step === 'next_step_interruption';
}

/** Hosted tool calls carry their tool in the item type, not in a name. */
export const HOSTED_CALL_NAMES: Readonly<Record<string, string>> = {
  apply_patch_call: 'apply_patch',
  shell_call: 'shell',
  computer_call: 'computer',
};

// ── Guardrails ──────────────────────────────────────────────────────────────────────────────────

/**
 * Whether `definition`, a guardrail a function tool holds, is the `guardrail` the app gave the
 * tool: the SDK keeps a tool guardrail made with `defineToolInputGuardrail()` (or its output twin)
 * as it is, and wraps one given as `{ name, run }` in a definition of its own that keeps its `run`.
 * (An agent keeps the guardrails it is given as they are.)
 */
export function isSameToolGuardrail(definition: object, guardrail: unknown): boolean {
  if (definition === guardrail) return true;
  const run = (guardrail as { run?: unknown } | null)?.run;
  return typeof run === 'function' && (definition as { run?: unknown }).run === run;
}

// ── Handoffs ────────────────────────────────────────────────────────────────────────────────────

/**
 * The function name the SDK gives the handoff to `target`: the SDK's own name for an agent or a
 * `handoff()`; for a bare name, the name itself when the agent offers a handoff by that name,
 * otherwise the name the SDK would give an agent called so.
 */
export function handoffToolName(target: HandoffTarget, offered: readonly string[] = []): string {
  if (typeof target !== 'string') return getHandoff(target).toolName;
  if (offered.includes(target) || target.startsWith(HANDOFF_TOOL_PREFIX)) return target;
  return getHandoff(new Agent({ name: target })).toolName;
}

/** What every default handoff tool name starts with. */
export const HANDOFF_TOOL_PREFIX = 'transfer_to_';

/** The agent a handoff target points at, when it is an object. */
export function handoffAgentOf(target: HandoffTarget): Agent<any, any> | undefined {
  if (typeof target === 'string') return undefined;
  const asHandoff = target as Partial<Handoff<any, any>>;
  if (typeof asHandoff.toolName === 'string' && typeof asHandoff.agentName === 'string') return asHandoff.agent as Agent<any, any> | undefined;
  return target as Agent<any, any>;
}

/** The tool output the SDK sends for a handoff to `target`, or `undefined` when a bare tool name says too little. */
export function transferMessageFor(target: HandoffTarget): string | undefined {
  if (typeof target === 'string') return target.startsWith(HANDOFF_TOOL_PREFIX) ? undefined : getTransferMessage(new Agent({ name: target }));
  const agent = handoffAgentOf(target);
  return agent ? getTransferMessage(agent) : undefined;
}

// ── Texts the SDK hands the model instead of throwing ───────────────────────────────────────────

/**
 * The texts the SDK sends as a tool's output when the tool did not run: it threw, or its arguments
 * did not fit its schema (both the default error function's text), its arguments were not JSON, it
 * timed out, or it does not exist. The run goes on, so a double must recognise them to fail the test.
 */
/** What the SDK's default error function hands the model for a tool that threw. */
export const DEFAULT_TOOL_ERROR_TEXT = 'An error occurred while running the tool. Please try again.';

export const SDK_TOOL_ERROR_TEXTS: readonly RegExp[] = [
  /^An error occurred while running the tool\. Please try again\.$/,
  /^An error occurred while parsing tool arguments\./,
  /^Tool '.+' timed out after \d+ms\.$/,
  /^Tool .+ not found$/,
];

export function isSdkToolErrorText(value: unknown): value is string {
  return typeof value === 'string' && SDK_TOOL_ERROR_TEXTS.some((text) => text.test(value));
}

/** The tool output the SDK sends when an approval is rejected without a message of its own. */
export const TOOL_APPROVAL_REJECTION_MESSAGE = 'Tool execution was not approved.';

/** A part of the message a Realtime session sends the model when an output guardrail trips. */
export function guardrailFeedbackPart(policyHint: string | undefined): string {
  return policyHint === undefined ? 'Your last answer was blocked.' : `Failed Guardrail Reason: ${policyHint}.`;
}

// ── Sandbox capabilities ────────────────────────────────────────────────────────────────────────

/** The marker in the shell command the memory capability reads `memory_summary.md` with. */
export const MEMORY_SUMMARY_MARKER = '__OPENAI_AGENTS_MEMORY_SUMMARY_BEGIN__';

/**
 * The function tool of the shell capability that makes a session call, and how a model's call of
 * it shows the call's arguments: `exec_command({ cmd })` runs `execCommand({ cmd, … })`, and
 * `write_stdin({ session_id, chars })` runs `writeStdin({ sessionId, chars, … })`; an error the
 * session throws becomes the tool's failure. `undefined` for the other methods: the tools that call
 * them catch the error (`view_image`) or pass other arguments (`load_skill`), or no tool calls them.
 */
export function shellToolCall(method: string, args: readonly unknown[]): { tools: readonly string[]; fits(callArgs: unknown): boolean } | undefined {
  const session = (args[0] ?? {}) as { cmd?: unknown; sessionId?: unknown; chars?: unknown };
  if (method === 'execCommand') return { tools: ['exec_command'], fits: (call) => (call as { cmd?: unknown } | null)?.cmd === session.cmd };
  if (method === 'writeStdin') {
    return {
      tools: ['write_stdin'],
      fits: (call) => {
        const { session_id: id, chars = '' } = (call ?? {}) as { session_id?: unknown; chars?: unknown };
        return id === session.sessionId && chars === (session.chars ?? '');
      },
    };
  }
  return undefined;
}

// ── Hosted tools ────────────────────────────────────────────────────────────────────────────────

/**
 * The hosted tool an output item needs the request to offer, as the SDK's protocol spells calls
 * of hosted tools: its own item types for the tools it runs locally (`apply_patch_call`, …), and
 * `hosted_tool_call` items named after the Responses API's item type (`web_search_call`, …) for the
 * tools the provider runs. The key is the offered tool's `type` (or, for a `hosted_tool`, its
 * `providerData.type`). `undefined` for an item that is no call of a hosted tool.
 */
export function hostedToolNeeded(item: { type?: unknown; name?: unknown }): string | undefined {
  if (item.type === 'apply_patch_call') return 'apply_patch';
  if (item.type === 'shell_call') return 'shell';
  if (item.type === 'computer_call') return 'computer';
  if (item.type !== 'hosted_tool_call' || typeof item.name !== 'string') return undefined;
  if (item.name.startsWith('mcp_')) return 'mcp';
  return item.name.endsWith('_call') ? item.name.slice(0, -'_call'.length) : undefined;
}

/** The hosted tool kinds a request offers, named as `hostedToolNeeded` names them. */
export function hostedToolsOffered(tools: readonly { type: string; providerData?: unknown }[]): Set<string> {
  const kinds = new Set<string>();
  for (const tool of tools) {
    if (tool.type === 'function') continue;
    const providerType = (tool.providerData as { type?: unknown } | undefined)?.type;
    kinds.add(tool.type === 'hosted_tool' && typeof providerType === 'string' ? providerType : tool.type);
  }
  return kinds;
}

/**
 * Whether a function call output is the SDK's answer to a handoff rather than a tool's output: its
 * call was of a handoff the request offers, or of a default handoff tool name (`transfer_to_…`),
 * and it carries the transfer message the SDK writes (`{"assistant":"Billing"}`).
 */
export function isTransferOutput(name: string, text: string, handoffs: readonly string[]): boolean {
  if (!handoffs.includes(name) && !name.startsWith(HANDOFF_TOOL_PREFIX)) return false;
  try {
    const parsed = JSON.parse(text) as unknown;
    return typeof parsed === 'object' && parsed !== null && Object.keys(parsed).join() === 'assistant';
  } catch {
    return false;
  }
}

// ── Realtime sessions ───────────────────────────────────────────────────────────────────────────

/** The tool output a Realtime session sends (without starting a response) for a call of a tool the agent does not offer. */
export function toolNotFoundText(name: string): string {
  return `Tool ${name} not found`;
}

/**
 * Whether a Realtime session starts a response after sending a tool's output. It does for an
 * output, a rejected approval and a handoff; it does not for a `backgroundResult(…)` or a call of
 * a tool it does not know.
 */
export const REALTIME_OUTPUT_STARTS_RESPONSE = true;

/** Whether a tool output is the SDK's answer to arguments that did not parse: the tool did not run. */
export function isToolArgumentsErrorText(value: unknown): boolean {
  return typeof value === 'string' && /^An error occurred while parsing tool arguments\./.test(value);
}

// ── MCP servers ─────────────────────────────────────────────────────────────────────────────────

/**
 * The function name the SDK gives an MCP server's tool when the agent sets
 * `mcpConfig: { includeServerInToolNames: true }`: `mcp_<server>__<tool>`, each part cut down to
 * ASCII letters, digits, `_` and `-` (the rest become `_`), then every character but letters and
 * digits made `_`; a name past 64 characters is shortened and given a hash of both names. (The SDK
 * also hashes a name that collides with another server's or the agent's own tool; this does not.)
 */
export function mcpPrefixedToolName(serverName: string, toolName: string): string {
  const base = `mcp_${safeMcpNamePart(serverName, 'server')}__${safeMcpNamePart(toolName, 'tool')}`;
  if (base.length <= MCP_TOOL_NAME_MAX_LENGTH) return toFunctionName(base);
  const suffix = `_${createHash('sha1').update(`${serverName}\0${toolName}`, 'utf8').digest('hex').slice(0, 8)}`;
  const stem = base.slice(0, MCP_TOOL_NAME_MAX_LENGTH - suffix.length).replace(/[_-]+$/g, '') || 'mcp';
  return toFunctionName(`${stem}${suffix}`);
}

const MCP_TOOL_NAME_MAX_LENGTH = 64;

function safeMcpNamePart(value: string, fallback: string): string {
  const safe = Array.from(value)
    .map((char) => (char.charCodeAt(0) <= 127 && /[A-Za-z0-9_-]/.test(char) ? char : '_'))
    .join('')
    .replace(/^[_-]+|[_-]+$/g, '');
  return safe || fallback;
}

function toFunctionName(name: string): string {
  return name.replace(/\s/g, '_').replace(/[^a-zA-Z0-9]/g, '_');
}

/** The output item names under which the SDK's Responses converter spells hosted MCP items (`hosted_tool_call` items). */
export const HOSTED_MCP_ITEMS = {
  listTools: 'mcp_list_tools',
  call: 'mcp_call',
  approvalRequest: 'mcp_approval_request',
  approvalResponse: 'mcp_approval_response',
} as const;

/** Whether a tool is a hosted MCP tool (`hostedMcpTool({ serverLabel, … })`): its `providerData.type` is `mcp`. */
export function hostedMcpServerLabel(tool: unknown): string | undefined {
  if (typeof tool !== 'object' || tool === null) return undefined;
  const { type, providerData } = tool as { type?: unknown; providerData?: { type?: unknown; server_label?: unknown } };
  if (type !== 'hosted_tool' || providerData?.type !== 'mcp') return undefined;
  return typeof providerData.server_label === 'string' ? providerData.server_label : undefined;
}

// ── The default model provider and the runs of an agent ───────────────────────────────────────

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

// ── Approval policies ───────────────────────────────────────────────────────────────────────────

/**
 * Whether a function tool needs approval: `true` or `false` when it was made with a boolean
 * (`tool({ needsApproval: true })`), `'maybe'` when its own function decides per call. The SDK
 * wraps a boolean in a function that only reads it back, so that one is called (it has no other
 * effect); a policy of the app's own is never called.
 */
export async function approvalPolicyOf(tool: { needsApproval?: unknown }): Promise<boolean | 'maybe'> {
  const policy = tool.needsApproval;
  if (typeof policy !== 'function') return policy === true;
  if (!SDK_BOOLEAN_POLICY.test(Function.prototype.toString.call(policy))) return 'maybe';
  try {
    return (await (policy as () => unknown)()) === true;
  } catch {
    return 'maybe';
  }
}

// The SDK's wrapper of a boolean `needsApproval` (tool.ts): `async () => typeof options.needsApproval === 'boolean' ? …`.
const SDK_BOOLEAN_POLICY = /typeof options\.needsApproval === ['"]boolean['"]/;

// ── Process listeners ───────────────────────────────────────────────────────────────────────────

/**
 * The `unhandledRejection` listeners of the SDK's trace provider on `target`. The provider adds one
 * when it is made (turning tracing off makes it), to flush traces and exit when no one else
 * listens. Vitest takes any listener besides its own as the app handling rejections itself, and
 * then fails no test on an unhandled rejection. Found by what the listener logs (tracing/provider.ts).
 */
export function sdkRejectionListeners(target: NodeJS.Process): ((...args: unknown[]) => unknown)[] {
  return target.listeners('unhandledRejection').filter((listener) => SDK_REJECTION_LISTENER.test(Function.prototype.toString.call(listener))) as ((...args: unknown[]) => unknown)[];
}

// `process.on('unhandledRejection', async (reason, promise) => { logModelAndToolActionError(logger, 'Unhandled rejection', …); await cleanup(); … })`.
const SDK_REJECTION_LISTENER = /['"]Unhandled rejection['"][\s\S]*cleanup\(\)/;
