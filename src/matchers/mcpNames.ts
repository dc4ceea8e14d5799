import { ledgerOf } from '../fakes/core/ledger';
import { mcpPrefixedToolName } from '../sdk/coupling';

/** The name the SDK sees for an MCP double (the server's `name`), for reading prefixed tool names. */
export function mcpServerNameOf(received: unknown): string | undefined {
  if (ledgerOf(received) === undefined) return undefined;
  const name = (received as { name?: unknown }).name;
  return typeof name === 'string' ? name : undefined;
}

/** A tool named as the model sees it with server-prefixed names (`mcp_files__read_file`), as the server knows it. */
export function unprefixed(name: string, server: string | undefined, tools: readonly string[]): string {
  if (server === undefined || tools.includes(name)) return name;
  return tools.find((tool) => mcpPrefixedToolName(server, tool) === name) ?? name;
}
