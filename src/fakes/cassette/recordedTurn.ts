import type { AgentOutputItem } from '@openai/agents';
import { brief } from '../../format/brief';
import { parseArguments } from '../../format/modelInput';
import type { CassetteCall } from './file';

/** One output item of a recorded turn, read in the terms of a `model()` script. */
export type TurnPart =
  | { kind: 'reply'; text: string }
  | { kind: 'call'; name: string; args: unknown }
  | { kind: 'handoff'; toolName: string; args: unknown }
  | { kind: 'reasoning'; text: string }
  | { kind: 'item'; item: AgentOutputItem };

/** The recorded response of `call` as script parts; a function call of an offered handoff is a handoff. */
export function turnParts(call: CassetteCall): TurnPart[] {
  const handoffs = new Set((call.request.handoffs ?? []).map((handoff) => handoff.toolName));
  return call.response.output.map((item): TurnPart => {
    if (item.type === 'message' && item.role === 'assistant') {
      const parts = item.content as readonly { type: string; text?: unknown }[];
      if (parts.every((part) => part.type === 'output_text' && typeof part.text === 'string')) {
        return { kind: 'reply', text: parts.map((part) => part.text as string).join('') };
      }
    }
    if (item.type === 'function_call') {
      const args = parseArguments(item.arguments);
      return handoffs.has(item.name) ? { kind: 'handoff', toolName: item.name, args } : { kind: 'call', name: item.name, args };
    }
    if (item.type === 'reasoning') {
      const text = item.content.map((part) => part.text).join('');
      if (text !== '') return { kind: 'reasoning', text };
    }
    return { kind: 'item', item };
  });
}

/** `calls(get_weather, {"city":"Tokyo"})`, or `turn(replies("…"), calls(…))` for several items. */
export function turnLabel(parts: readonly TurnPart[]): string {
  const labels = parts.map(partLabel);
  if (labels.length === 1) return labels[0] as string;
  return `turn(${labels.join(', ')})`;
}

function partLabel(part: TurnPart): string {
  switch (part.kind) {
    case 'reply':
      return `replies(${brief(part.text, 60)})`;
    case 'call':
      return `calls(${part.name}, ${brief(part.args, 40)})`;
    case 'handoff':
      return `handsOffTo(${JSON.stringify(part.toolName)})`;
    case 'reasoning':
      return `reasoning(${brief(part.text, 40)})`;
    case 'item':
      return `item(${part.item.type})`;
  }
}
