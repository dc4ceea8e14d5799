/**
 * The names the SDK gives MCP tools and hosted MCP items. Part of the SDK coupling (see index.ts).
 */
import { createHash } from 'node:crypto';

/**
 * The function name the SDK gives an MCP server's tool when the agent sets
 * `mcpConfig: { includeServerInToolNames: true }`: `mcp_<server>__<tool>`, each part cut down to
 * ASCII letters, digits, `_` and `-` (the rest become `_`), then every character but letters and
 * digits made `_`; a name past 64 characters is shortened and given a hash of both names. (The SDK
 * also hashes a name that collides with another server's or the agent's own tool; this does not.)
 */
export function mcpPrefixedToolName(serverName: string, toolName: string): string {
  const base = `mcp_${safeMcpNamePart(serverName, 'server')}__${safeMcpNamePart(toolName, 'tool')}`;
  if (base.length <= MCP_TOOL_NAME_MAX_LENGTH) return toFunctionName(base);
  const suffix = `_${createHash('sha1').update(`${serverName}\0${toolName}`, 'utf8').digest('hex').slice(0, 8)}`;
  const stem = base.slice(0, MCP_TOOL_NAME_MAX_LENGTH - suffix.length).replace(/[_-]+$/g, '') || 'mcp';
  return toFunctionName(`${stem}${suffix}`);
}

const MCP_TOOL_NAME_MAX_LENGTH = 64;

function safeMcpNamePart(value: string, fallback: string): string {
  const safe = Array.from(value)
    .map((char) => (char.charCodeAt(0) <= 127 && /[A-Za-z0-9_-]/.test(char) ? char : '_'))
    .join('')
    .replace(/^[_-]+|[_-]+$/g, '');
  return safe || fallback;
}

function toFunctionName(name: string): string {
  return name.replace(/\s/g, '_').replace(/[^a-zA-Z0-9]/g, '_');
}

/** The output item names under which the SDK's Responses converter spells hosted MCP items (`hosted_tool_call` items). */
export const HOSTED_MCP_ITEMS = {
  listTools: 'mcp_list_tools',
  call: 'mcp_call',
  approvalRequest: 'mcp_approval_request',
  approvalResponse: 'mcp_approval_response',
} as const;

/** Whether a tool is a hosted MCP tool (`hostedMcpTool({ serverLabel, … })`): its `providerData.type` is `mcp`. */
export function hostedMcpServerLabel(tool: unknown): string | undefined {
  if (typeof tool !== 'object' || tool === null) return undefined;
  const { type, providerData } = tool as { type?: unknown; providerData?: { type?: unknown; server_label?: unknown } };
  if (type !== 'hosted_tool' || providerData?.type !== 'mcp') return undefined;
  return typeof providerData.server_label === 'string' ? providerData.server_label : undefined;
}
