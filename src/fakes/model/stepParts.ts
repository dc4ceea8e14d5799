import type { AgentOutputItem, ModelResponse, StreamEvent } from '@openai/agents';
import { modelResponder, type ScriptedModelInput } from '@openai/agents/testing';
import { hostedToolNeeded } from '../../sdk/coupling';
import { scriptedResponseId } from './plannedResponse';
import type { PlannedItem } from './turn';

// The pieces a planned turn's step for the inner model is made of, and what its output items are.

/** A reply streamed in the script's pieces: the SDK's own events, as a provider would send them. */
export function deltaEvents(deltas: readonly string[], output: AgentOutputItem[], callIndex: number): StreamEvent[] {
  const usage = { requests: 1, inputTokens: 0, outputTokens: 0, totalTokens: 0 };
  return [
    { type: 'response_started' },
    ...deltas.map((delta): StreamEvent => ({ type: 'output_text_delta', delta })),
    { type: 'response_done', response: { id: scriptedResponseId(callIndex), usage, output } } as StreamEvent,
  ];
}

/** A step that answers with `response` as it is (a function of its own: its closure keeps nothing else). */
export function respondWith(response: ModelResponse | AgentOutputItem[]): ScriptedModelInput {
  return modelResponder(() => response);
}

export function isRaw(item: PlannedItem): boolean {
  return item.type === 'raw';
}

/**
 * The ids of the calls meant to name a tool the agent lacks (`callsUnknownTool`), read off the
 * planned items by position; `undefined` when the turn has none (most turns).
 */
export function unknownCallIds(planned: readonly PlannedItem[], output: readonly AgentOutputItem[]): Set<string> | undefined {
  let unknown: Set<string> | undefined;
  for (let index = 0; index < planned.length; index += 1) {
    const plan = planned[index] as PlannedItem;
    const item = output[index];
    if (plan.type === 'call' && plan.unknown && item?.type === 'function_call') (unknown ??= new Set()).add(item.callId);
  }
  return unknown;
}

export function isToolCall(item: AgentOutputItem): boolean {
  return item.type === 'function_call' || hostedToolNeeded(item as { type?: unknown; name?: unknown }) !== undefined;
}
