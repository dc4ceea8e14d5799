import type { AgentInputItem, ModelRequest } from '@openai/agents';
import { brief } from './brief';
import { toolOutputText } from './toolOutputText';

/** One line for the newest item of a model request's input: what the agent just saw. */
export function describeLastInput(request: ModelRequest): string {
  if (typeof request.input === 'string') return `user: ${brief(request.input)}`;
  const last = request.input.at(-1);
  return last ? describeInputItem(last) : '(empty input)';
}

export function describeInputItem(item: AgentInputItem): string {
  switch (item.type) {
    case 'function_call':
      return `function call ${item.name}(${brief(parseArguments(item.arguments))})`;
    case 'function_call_result':
      return `tool output of ${item.name}: ${brief(toolOutputText(item.output))}`;
    case 'message':
    case undefined:
      if ('role' in item) return `${item.role}: ${brief(messageText(item.content))}`;
      return brief(item);
    default:
      return `${item.type} item`;
  }
}

export function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function messageText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return brief(content);
  return content
    .map((part: unknown) =>
      typeof part === 'object' && part !== null && 'text' in part ? String((part as { text: unknown }).text) : '',
    )
    .join('');
}
