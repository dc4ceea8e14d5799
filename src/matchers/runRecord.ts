import type { Agent, Handoff } from '@openai/agents';
import { matcherErrorMessage, printReceived } from './matcherUtils';
import { describeToolCall, invalidReceived, listed } from './messages';
import { ledgerOf } from '../fakes/core/ledger';
import type { LifecycleEvent, LifecycleView } from '../fakes/lifecycle/LifecycleRecorder';
import { parseArguments } from '../format/modelInput';
import { shownIndices } from '../format/numberedList';
import { claimRejection, handoffAgentOf, hasFinished, HOSTED_CALL_NAMES, HOSTED_MCP_ITEMS, hostedMcpServerLabel, hostedToolNeeded, isRunResult, isStreamedResult, toolGuardrailRejections, type RunResultShape } from '../sdk/coupling';
import type { HandoffTarget } from '../vocabulary';

/** What became of a tool call: the tool ran, or the run did not run it (an approval rejected or pending, or the run ended first). */
export type CallStatus = 'ran' | 'rejected' | 'pending approval' | 'not run' | 'rejected by a tool input guardrail';

/** One tool call the model made in a run, in the order the run made them. */
export interface ToolCallRecord {
  name: string;
  /** Parsed JSON arguments, or the raw string when they are not JSON. */
  args: unknown;
  callId: string | undefined;
  /** The name of the agent whose model made the call. */
  agent: string | undefined;
  /** The tool object the agent offers under that name, when the agent has one of its own by that name. */
  tool: object | undefined;
  status: CallStatus;
  /** The label of the hosted MCP server whose tool this is (`hostedMcpTool({ serverLabel })`). */
  server?: string;
}

export interface HandoffRecord {
  from: string | undefined;
  to: string;
  /** The agent object handed off to, when the record knows it. */
  target: object | undefined;
  toolName: string | undefined;
}

export interface ApprovalRecord {
  name: string;
  args: unknown;
  agent: string | undefined;
  tool: object | undefined;
  /** The label of the hosted MCP server that asks, for a hosted MCP approval request. */
  server?: string;
}

/** What a run did, read off its result. Shared by every matcher that reads the same result: never changed once made. */
export interface RunRecord {
  readonly toolCalls: readonly ToolCallRecord[];
  readonly handoffs: readonly HandoffRecord[];
  readonly approvals: readonly ApprovalRecord[];
}

/**
 * Each result's record, read once: a suite asserts many times on one long run, and reading it
 * (parsing every call's arguments, asking the run context about approvals) is most of what a
 * matcher costs. Weak, so a cached record never keeps a result alive. A result can still change
 * after it was read: a run resumed from its state adds items to it, and its interruptions go when
 * it resumes; the key holds what would change then, and a record whose key no longer fits is read
 * again. (An approval decided without resuming changes no call's status: the call is still pending.)
 */
const records = new WeakMap<object, { key: readonly unknown[]; record: RunRecord }>();

function keyOf(result: RunResultShape): readonly unknown[] {
  const items = result.newItems;
  const interruptions = result.interruptions ?? [];
  return [items, items.length, items.at(-1), interruptions.length, interruptions[0], interruptions.at(-1)];
}

const sameKey = (a: readonly unknown[], b: readonly unknown[]): boolean => a.length === b.length && a.every((value, index) => Object.is(value, b[index]));

/** The tool calls of a record by call id, made once per record. */
const byCallId = new WeakMap<RunRecord, Map<string, ToolCallRecord>>();

export function toolCallById(record: RunRecord, callId: string): ToolCallRecord | undefined {
  let index = byCallId.get(record);
  if (index === undefined) {
    index = new Map();
    for (const call of record.toolCalls) if (call.callId !== undefined && !index.has(call.callId)) index.set(call.callId, call);
    byCallId.set(record, index);
  }
  return index.get(callId);
}

/**
 * The numbered record of what the run did, the way aws-sdk-client-mock lists calls: the calls,
 * the ones that matched marked with an arrow, and the count at the end.
 */
export function listToolCalls(calls: readonly ToolCallRecord[], marked: ReadonlySet<number> = new Set()): string {
  if (calls.length === 0) return 'The run made no tool calls.';
  // Only the entries the list shows are worded: a run of thousands of calls lists a few dozen.
  const entries: string[] = new Array<string>(calls.length);
  for (const index of shownIndices(calls.length, marked)) {
    const call = calls[index] as ToolCallRecord;
    entries[index] = `${describeToolCall(call)}${call.agent ? `  (${call.agent})` : ''}${call.status === 'ran' ? '' : `  — ${call.status}`}`;
  }
  return ['Tool calls of the run:', ...listed(entries, 'tool call', marked), '', `Number of tool calls: ${printReceived(calls.length)}`].join('\n');
}

/**
 * Reads a `RunResult` or `StreamedRunResult`, or throws the matcher error a runner shows for a
 * received value of the wrong kind. Results are recognised by shape: the SDK's CJS and ESM
 * builds are different classes, so `instanceof` would reject half of the users.
 */
export function readRun(received: unknown, hint: string): RunRecord {
  const recorder = ledgerOf<LifecycleView>(received);
  if (recorder?.kind === 'lifecycle') return readLifecycle(recorder.view());
  if (!isRunResult(received)) {
    throw invalidReceived(hint, 'a RunResult or StreamedRunResult (what run() returns), or a lifecycle() recorder', received);
  }
  if (isStreamedResult(received) && !hasFinished(received)) {
    throw new Error(
      matcherErrorMessage(
        hint,
        `the streamed run has not finished yet, so its items are incomplete`,
        'Consume the stream or `await result.completed` before asserting on the run.',
      ),
    );
  }
  const key = keyOf(received);
  const cached = records.get(received);
  if (cached !== undefined && sameKey(cached.key, key)) return cached.record;
  const approvals = readApprovals(received.interruptions ?? []);
  const { toolCalls, handoffs } = readItems(received, new Set(approvals.map((approval) => approval.callId)));
  const record: RunRecord = Object.freeze({
    toolCalls: Object.freeze(toolCalls),
    handoffs: Object.freeze(handoffs),
    approvals: Object.freeze(approvals.map(({ callId: _id, ...approval }) => approval)),
  });
  records.set(received, { key, record });
  return record;
}

/**
 * What the agents a `lifecycle()` recorder listens to did, nested runs of agents used as tools
 * included: the tool calls they started (ran once they ended) and their handoffs.
 */
function readLifecycle(view: LifecycleView): RunRecord {
  const keyOf = (event: { agent: string; callId?: string; tool?: string }) => `${event.agent}/${event.callId ?? event.tool}`;
  const ended = new Map(view.events.flatMap((event) => (event.type === 'tool_end' ? [[keyOf(event), event] as const] : [])));
  const toolCalls: ToolCallRecord[] = view.events.flatMap((event, index) =>
    event.type === 'tool_start'
      ? [
          {
            name: event.tool as string,
            args: event.args,
            callId: event.callId,
            agent: event.agent,
            tool: view.tools[index],
            status: statusOf(ended.get(keyOf(event))),
          },
        ]
      : [],
  );
  const handoffs: HandoffRecord[] = view.events.flatMap((event) =>
    event.type === 'handoff' ? [{ from: event.agent, to: event.to as string, target: undefined, toolName: undefined }] : [],
  );
  return { toolCalls, handoffs, approvals: [] };
}

/** A started call's status by its `tool_end`: none yet, a guardrail's rejection, or its output. */
function statusOf(end: LifecycleEvent | undefined): CallStatus {
  if (end === undefined) return 'not run';
  return end.rejectedBy === undefined ? 'ran' : `rejected by ${end.rejectedBy}`;
}

function readItems(result: RunResultShape, pending: ReadonlySet<string | undefined>): Pick<RunRecord, 'toolCalls' | 'handoffs'> {
  const toolCalls: ToolCallRecord[] = [];
  const handoffs: HandoffRecord[] = [];
  // The output each call got, by its id: a tool input guardrail's rejection message in its place means the tool did not run.
  const answered = new Map<string, unknown>();
  for (const item of result.newItems) {
    const callId = (item.rawItem as { callId?: unknown }).callId;
    if (item.type === 'tool_call_output_item' && typeof callId === 'string') answered.set(callId, (item as { output?: unknown }).output);
  }
  const calledOff = toolGuardrailRejections(result, 'input');
  const approval = approvalOf(result);
  for (const item of result.newItems) {
    if (item.type === 'tool_call_item') {
      const raw = item.rawItem as { type: string; name?: string; arguments?: string; callId?: string };
      const mcp = hostedMcpCallOf(raw);
      if (mcp !== undefined) {
        // Hosted MCP items: a call of a server's tool counts under the tool's name; listings and approval traffic are no calls.
        if (mcp !== null) toolCalls.push({ ...mcp, callId: (raw as { id?: string }).id, agent: item.agent?.name, tool: undefined, status: 'ran' });
        continue;
      }
      const name = raw.type === 'function_call' ? raw.name : (HOSTED_CALL_NAMES[raw.type] ?? hostedToolNeeded(raw) ?? raw.name);
      if (name === undefined) continue;
      let status: CallStatus = 'ran';
      if (pending.has(raw.callId)) status = 'pending approval';
      else if (raw.callId !== undefined && approval(name, raw.callId) === false) status = 'rejected';
      // Hosted tools run at the provider, so only function calls have outputs to look for.
      else if (raw.type === 'function_call' && !answered.has(raw.callId ?? '')) status = 'not run';
      else if (raw.type === 'function_call' && claimRejection(calledOff, answered.get(raw.callId ?? ''))) status = 'rejected by a tool input guardrail';
      toolCalls.push({
        name,
        args: argumentsOf(raw),
        callId: raw.callId,
        agent: item.agent?.name,
        tool: ownTool(item.agent, name),
        status,
      });
    } else if (item.type === 'handoff_output_item') {
      handoffs.push({
        from: item.sourceAgent?.name,
        to: item.targetAgent.name,
        target: item.targetAgent,
        toolName: (item.rawItem as { name?: string }).name,
      });
    }
  }
  return { toolCalls, handoffs };
}

/** Whether the run approved a call (`true`), rejected it (`false`), or neither, from its public run context. */
export function approvalOf(result: Pick<RunResultShape, 'runContext'>): (toolName: string, callId: string) => boolean | undefined {
  const isToolApproved = result.runContext?.isToolApproved?.bind(result.runContext);
  if (isToolApproved === undefined) return () => undefined;
  return (toolName, callId) => isToolApproved({ toolName, callId });
}

/** The tool an agent offers under `name`, if it has one of its own (MCP tools are the servers', not the agent's). */
export function ownTool(agent: { tools?: unknown } | undefined, name: string): object | undefined {
  const tools = agent?.tools;
  if (!Array.isArray(tools)) return undefined;
  return tools.find((tool: { name?: unknown }) => typeof tool === 'object' && tool !== null && tool.name === name) as object | undefined;
}

function readApprovals(interruptions: unknown[]): (ApprovalRecord & { callId: string | undefined })[] {
  return interruptions.flatMap((interruption) => {
    const item = interruption as { type?: string; rawItem?: { name?: string; arguments?: string; callId?: string }; agent?: { name?: string; tools?: unknown } };
    if (item.type !== 'tool_approval_item' || !item.rawItem) return [];
    const raw = item.rawItem;
    const name = raw.name ?? HOSTED_CALL_NAMES[(raw as { type?: string }).type ?? ''] ?? 'unknown tool';
    const mcp = hostedMcpApprovalOf(raw);
    if (mcp) return [{ ...mcp, agent: item.agent?.name, tool: undefined }];
    return [
      {
        name,
        args: typeof raw.arguments === 'string' ? parseArguments(raw.arguments) : undefined,
        agent: item.agent?.name,
        tool: ownTool(item.agent, name),
        callId: raw.callId,
      },
    ];
  });
}

/** A call's arguments: parsed JSON for a function call; for a provider's hosted call, its details (`{ action: … }`); otherwise the item's own fields. */
function argumentsOf(raw: { type: string; arguments?: string; providerData?: unknown }): unknown {
  if (typeof raw.arguments === 'string') return parseArguments(raw.arguments);
  if (raw.type === 'hosted_tool_call' && typeof raw.providerData === 'object' && raw.providerData !== null) {
    return withoutBookkeeping(raw.providerData as Record<string, unknown>);
  }
  return withoutBookkeeping(raw);
}

function withoutBookkeeping(raw: Record<string, unknown>): Record<string, unknown> {
  const { type: _type, id: _id, callId: _callId, status: _status, providerData: _providerData, ...rest } = raw;
  return rest;
}

/**
 * A tool as matchers take it: the tool object or its name. An agent is no tool, though it has a
 * name: the tool an agent is used as is `agent.asTool(…)`, named after its `toolName`, so
 * `.not.toHaveCalledTool(agent)` would pass whatever the run called.
 */
export function toolNameOf(tool: unknown): string | undefined {
  if (typeof tool === 'string') return tool;
  if (typeof tool === 'object' && tool !== null && typeof (tool as { name?: unknown }).name === 'string' && typeof (tool as { asTool?: unknown }).asTool !== 'function') {
    return (tool as { name: string }).name;
  }
  return undefined;
}

/**
 * Whether a recorded call (or approval) is of `tool`: a name matches by name; an object matches by
 * identity, so another agent's tool of the same name does not count — unless the agent offers no
 * tool of its own by that name (a tool an MCP server lists), where only the name can tell.
 */
export function isOfTool(record: { name: string; tool: object | undefined; server?: string }, tool: unknown): boolean {
  // A hosted MCP tool stands for every tool of its server.
  const server = hostedMcpServerLabel(tool);
  if (server !== undefined) return record.server === server;
  if (record.name !== toolNameOf(tool)) return false;
  return typeof tool === 'string' || record.tool === undefined || record.tool === tool;
}

/** A handoff target as matchers take it: the agent, the SDK's `Handoff`, or the agent's name. */
export function agentNameOf(target: unknown): string | undefined {
  if (typeof target === 'string') return target;
  if (typeof target !== 'object' || target === null) return undefined;
  const handoff = target as Partial<Handoff<any, any>>;
  if (typeof handoff.agentName === 'string' && typeof handoff.toolName === 'string') return handoff.agentName;
  const agent = target as Partial<Agent<any, any>>;
  return typeof agent.name === 'string' ? agent.name : undefined;
}

/** Whether a handoff went to `target`: a name matches by name, an agent (or its `Handoff`) by identity. */
export function isHandoffTo(record: HandoffRecord, target: unknown): boolean {
  if (typeof target === 'string') return record.to === target;
  const agent = handoffAgentOf(target as HandoffTarget);
  if (agent === undefined || record.target === undefined) return record.to === agentNameOf(target);
  return record.target === agent;
}

type HostedMcpData = { type?: unknown; id?: unknown; name?: unknown; server_label?: unknown; arguments?: unknown };

/**
 * A hosted MCP item as a call: an `mcp_call` as a call of the server's tool, its arguments parsed;
 * `null` for the other hosted MCP items (listings, approval requests and responses), which are no
 * calls; `undefined` for any other item.
 */
function hostedMcpCallOf(raw: { type: string; name?: string; providerData?: unknown }): { name: string; args: unknown; server: string | undefined } | null | undefined {
  if (raw.type !== 'hosted_tool_call') return undefined;
  const data = (raw.providerData ?? {}) as HostedMcpData;
  const kind = typeof data.type === 'string' ? data.type : raw.name;
  if (!Object.values(HOSTED_MCP_ITEMS).includes(kind as never)) return undefined;
  if (kind !== HOSTED_MCP_ITEMS.call) return null;
  return {
    name: String(data.name),
    args: typeof data.arguments === 'string' ? parseArguments(data.arguments) : undefined,
    server: typeof data.server_label === 'string' ? data.server_label : undefined,
  };
}

/** A hosted MCP approval request as an approval: the server's tool, its parsed arguments, the server and the request id. */
function hostedMcpApprovalOf(raw: { type?: unknown; name?: string; providerData?: unknown }): (Omit<ApprovalRecord, 'agent' | 'tool'> & { callId: string | undefined }) | undefined {
  if (raw.type !== 'hosted_tool_call') return undefined;
  const data = (raw.providerData ?? {}) as HostedMcpData;
  if (data.type !== HOSTED_MCP_ITEMS.approvalRequest) return undefined;
  return {
    name: typeof data.name === 'string' ? data.name : String(raw.name),
    args: typeof data.arguments === 'string' ? parseArguments(data.arguments) : undefined,
    server: typeof data.server_label === 'string' ? data.server_label : undefined,
    callId: typeof data.id === 'string' ? data.id : undefined,
  };
}
