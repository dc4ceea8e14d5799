import type { Agent, Handoff, RunItem } from '@openai/agents';
import { matcherErrorMessage } from './matcherUtils';
import { invalidReceived } from './messages';
import { parseArguments } from '../format/modelInput';
import { hasFinished, HOSTED_CALL_NAMES, isRunResult, isStreamedResult } from '../sdk/coupling';

/** One tool call the model made in a run, in the order the run made them. */
export interface ToolCallRecord {
  name: string;
  /** Parsed JSON arguments, or the raw string when they are not JSON. */
  args: unknown;
  callId: string | undefined;
  /** The agent whose model made the call. */
  agent: string | undefined;
}

export interface HandoffRecord {
  from: string | undefined;
  to: string;
  toolName: string | undefined;
}

export interface ApprovalRecord {
  name: string;
  args: unknown;
  agent: string | undefined;
}

/** What a run did, read off its result. */
export interface RunRecord {
  streamed: boolean;
  toolCalls: ToolCallRecord[];
  handoffs: HandoffRecord[];
  approvals: ApprovalRecord[];
}

/**
 * Reads a `RunResult` or `StreamedRunResult`, or throws the matcher error a runner shows for a
 * received value of the wrong kind. Results are recognised by shape: the SDK's CJS and ESM
 * builds are different classes, so `instanceof` would reject half of the users.
 */
export function readRun(received: unknown, hint: string): RunRecord {
  if (!isRunResult(received)) {
    throw invalidReceived(hint, 'a RunResult or StreamedRunResult (what run() returns)', received);
  }
  const streamed = isStreamedResult(received);
  if (streamed && !hasFinished(received)) {
    throw new Error(
      matcherErrorMessage(
        hint,
        `the streamed run has not finished yet, so its items are incomplete`,
        'Consume the stream or `await result.completed` before asserting on the run.',
      ),
    );
  }
  return { streamed, ...readItems(received.newItems), approvals: readApprovals(received.interruptions ?? []) };
}

function readItems(items: RunItem[]): Pick<RunRecord, 'toolCalls' | 'handoffs'> {
  const toolCalls: ToolCallRecord[] = [];
  const handoffs: HandoffRecord[] = [];
  for (const item of items) {
    if (item.type === 'tool_call_item') {
      const raw = item.rawItem as { type: string; name?: string; arguments?: string; callId?: string };
      const name = raw.type === 'function_call' ? raw.name : (HOSTED_CALL_NAMES[raw.type] ?? raw.name);
      if (name === undefined) continue;
      toolCalls.push({
        name,
        args: typeof raw.arguments === 'string' ? parseArguments(raw.arguments) : withoutBookkeeping(raw),
        callId: raw.callId,
        agent: item.agent?.name,
      });
    } else if (item.type === 'handoff_output_item') {
      handoffs.push({
        from: item.sourceAgent?.name,
        to: item.targetAgent.name,
        toolName: (item.rawItem as { name?: string }).name,
      });
    }
  }
  return { toolCalls, handoffs };
}

function readApprovals(interruptions: unknown[]): ApprovalRecord[] {
  return interruptions.flatMap((interruption) => {
    const item = interruption as { type?: string; rawItem?: { name?: string; arguments?: string }; agent?: { name?: string } };
    if (item.type !== 'tool_approval_item' || !item.rawItem) return [];
    const raw = item.rawItem;
    const name = raw.name ?? HOSTED_CALL_NAMES[(raw as { type?: string }).type ?? ''] ?? 'unknown tool';
    return [{ name, args: typeof raw.arguments === 'string' ? parseArguments(raw.arguments) : undefined, agent: item.agent?.name }];
  });
}

function withoutBookkeeping(raw: Record<string, unknown>): Record<string, unknown> {
  const { type: _type, id: _id, callId: _callId, status: _status, providerData: _providerData, ...rest } = raw;
  return rest;
}

/** A tool as matchers take it: the tool object or its name. */
export function toolNameOf(tool: unknown): string | undefined {
  if (typeof tool === 'string') return tool;
  if (typeof tool === 'object' && tool !== null && typeof (tool as { name?: unknown }).name === 'string') {
    return (tool as { name: string }).name;
  }
  return undefined;
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
