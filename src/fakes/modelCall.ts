import type { AgentInputItem } from '@openai/agents';
import type { RecordedModelCall } from '@openai/agents/testing';

/** A tool output the model request carries back to the model. */
export interface ToolOutput {
  name: string;
  callId: string;
  /** The output text (or the structured output as the SDK sent it). */
  output: unknown;
}

/**
 * The recorded call a responder derives its turn from: the SDK's record (`index`, `streamed`,
 * `request`) plus what responders read most, so they need not walk the input items.
 */
export type ModelCall = RecordedModelCall & {
  /** The text of the newest user message, if the input has one. */
  readonly userText: string | undefined;
  /** The tool outputs in the input, oldest first. */
  readonly toolOutputs: readonly ToolOutput[];
};

export function modelCall(call: RecordedModelCall): ModelCall {
  const items: readonly AgentInputItem[] = typeof call.request.input === 'string' ? [] : call.request.input;
  const userText =
    typeof call.request.input === 'string' ? call.request.input : textOf(items.findLast((item) => 'role' in item && item.role === 'user'));
  const toolOutputs = items.flatMap((item) =>
    item.type === 'function_call_result' ? [{ name: item.name, callId: item.callId, output: outputOf(item.output) }] : [],
  );
  return Object.freeze({ ...call, userText, toolOutputs: Object.freeze(toolOutputs) });
}

function textOf(item: AgentInputItem | undefined): string | undefined {
  if (!item || !('content' in item)) return undefined;
  const content = item.content as unknown;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  return content.map((part: { text?: unknown }) => (typeof part.text === 'string' ? part.text : '')).join('');
}

function outputOf(output: unknown): unknown {
  if (typeof output === 'object' && output !== null && (output as { type?: unknown }).type === 'text') {
    return (output as { text: unknown }).text;
  }
  return output;
}
