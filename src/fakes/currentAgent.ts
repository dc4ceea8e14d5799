import { getCurrentSpan } from '@openai/agents';

/**
 * The name of the agent whose turn is running. The runner opens a turn span for every turn, and
 * keeps it as the current span even with tracing off (as a no-op span that still holds its data),
 * so a model provider can tell which agent asks for a model.
 */
export function currentAgentName(): string | undefined {
  const data = getCurrentSpan()?.spanData as { type?: string; agent_name?: unknown; name?: unknown } | undefined;
  if (data === undefined) return undefined;
  if (typeof data.agent_name === 'string') return data.agent_name;
  if (data.type === 'agent' && typeof data.name === 'string') return data.name;
  return undefined;
}
