import type { AgentInputItem } from '@openai/agents';
import type { RecordedModelCall } from '@openai/agents/testing';
import { toolOutputText } from '../../format/toolOutputText';
import { isTransferOutput } from '../../sdk/coupling';

/** A tool output the model request carries back to the model. */
export interface ToolOutput {
  name: string;
  callId: string;
  /** The output as the model saw it, as text (content parts joined, structured output as JSON). */
  text: string;
  /** The output exactly as the SDK sent it: a string, a text part, content parts or an object. */
  raw: unknown;
  /** The text of a text output, otherwise the output as the SDK sent it (kept for scripts written before `text`). */
  output: unknown;
}

/**
 * The recorded call a responder derives its turn from: the SDK's record (`index`, `streamed`,
 * `request`) plus what responders read most, so they need not walk the input items.
 */
export type ModelCall = RecordedModelCall & {
  /** The text of the newest user message, if the input has one. */
  readonly userText: string | undefined;
  /** The outputs of the tools the model called, oldest first (handoffs apart). */
  readonly toolOutputs: readonly ToolOutput[];
  /** The outputs the SDK sends for handoffs (`{"assistant":"Billing"}`), oldest first. */
  readonly handoffOutputs: readonly ToolOutput[];
};

export function modelCall(call: RecordedModelCall): ModelCall {
  const items: readonly AgentInputItem[] = typeof call.request.input === 'string' ? [] : call.request.input;
  const userText =
    typeof call.request.input === 'string' ? call.request.input : textOf(items.findLast((item) => 'role' in item && item.role === 'user'));
  const handoffs = call.request.handoffs.map((handoff) => handoff.toolName);
  const toolOutputs: ToolOutput[] = [];
  const handoffOutputs: ToolOutput[] = [];
  for (const output of toolOutputsIn(items)) (isTransferOutput(output.name, output.text, handoffs) ? handoffOutputs : toolOutputs).push(output);
  return Object.freeze({ ...call, userText, toolOutputs: Object.freeze(toolOutputs), handoffOutputs: Object.freeze(handoffOutputs) });
}

/** The function call outputs among input items, oldest first. */
export function toolOutputsIn(items: readonly AgentInputItem[]): ToolOutput[] {
  return items.flatMap((item) => {
    if (item.type !== 'function_call_result') return [];
    const text = toolOutputText(item.output);
    const textual = typeof item.output === 'object' && item.output !== null && (item.output as { type?: unknown }).type === 'text';
    return [Object.freeze({ name: item.name, callId: item.callId, text, raw: item.output, output: textual ? text : item.output })];
  });
}

function textOf(item: AgentInputItem | undefined): string | undefined {
  if (!item || !('content' in item)) return undefined;
  const content = item.content as unknown;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  return content.map((part: { text?: unknown }) => (typeof part.text === 'string' ? part.text : '')).join('');
}
