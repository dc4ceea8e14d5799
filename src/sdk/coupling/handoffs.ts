/**
 * The names and texts the SDK gives handoffs. Part of the SDK coupling (see index.ts).
 */
import { Agent, getHandoff, getTransferMessage, type Handoff } from '@openai/agents';
import type { HandoffTarget } from '../../vocabulary';

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
