import type { RealtimeItem } from '@openai/agents/realtime';
import { brief } from './brief';

/**
 * A Realtime history as one line per item, for a readable assertion on the whole conversation:
 * `user: Hello`, `assistant: Hi!`, `tool: lookup_order({"orderId":"1"}) → Order 1 has shipped.`
 * Spoken turns show their transcripts; items not finished end with `(in progress)`.
 */
export function transcriptOf(history: readonly RealtimeItem[] | { readonly history: readonly RealtimeItem[] }): string[] {
  const items = Array.isArray(history) ? history : (history as { history?: unknown } | null)?.history;
  if (!Array.isArray(items)) {
    throw new TypeError(`transcriptOf() takes a RealtimeSession or its history (an array of items); got ${brief(history, 60)}.`);
  }
  return items.map((item: RealtimeItem) => lineOf(item));
}

function lineOf(item: RealtimeItem): string {
  const status = 'status' in item && item.status !== 'completed' && typeof item.status === 'string' ? ` (${item.status.replace('_', ' ')})` : '';
  switch (item.type) {
    case 'message': {
      const text = item.content.map(partText).join(' ');
      return `${item.role}:${text === '' ? '' : ` ${text}`}${status}`;
    }
    case 'function_call':
      return `tool: ${item.name}(${item.arguments})${item.output === null ? '' : ` → ${item.output}`}${status}`;
    case 'mcp_call':
    case 'mcp_tool_call':
      return `mcp: ${item.name}(${item.arguments})${item.output === null ? '' : ` → ${item.output}`}${status}`;
    case 'mcp_approval_request':
      return `mcp approval: ${item.name}(${brief(item.arguments, 80)})`;
    default:
      return brief(item, 80);
  }
}

function partText(part: { type: string; text?: string; transcript?: string | null }): string {
  if (typeof part.text === 'string') return part.text;
  if (part.type === 'input_audio' || part.type === 'output_audio') return typeof part.transcript === 'string' ? part.transcript : '[audio]';
  return `[${part.type}]`;
}
