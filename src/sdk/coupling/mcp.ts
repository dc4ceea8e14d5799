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

// ── The tools a run lists from local MCP servers ─────────────────────────────────────────────────

type McpToolsMethod = (...args: unknown[]) => Promise<readonly { name?: unknown }[]>;

/** The agents being watched, and how many watchers each has: one wrapper per agent, however many runs. */
const watchedAgents = new WeakMap<object, { watchers: Set<(names: string[]) => void>; restore: () => void }>();

/**
 * Hears the tools the SDK lists from an agent's local MCP servers, as the model is offered them
 * (filters applied, prefixed names when `includeServerInToolNames`): each turn, the runner asks
 * `agent.getAllTools()`, which asks `agent.getMcpTools()` (not public API) for them. The agent's
 * method is wrapped on the instance, so nothing asks a server more than the run does. Returns the
 * release; the last release restores the agent as it was. An agent without the method is left alone.
 */
export function onMcpToolsListed(agent: object, listener: (names: string[]) => void): () => void {
  let watched = watchedAgents.get(agent);
  if (watched === undefined) {
    const target = agent as { getMcpTools?: unknown };
    const original = target.getMcpTools;
    if (typeof original !== 'function') return () => undefined;
    const own = Object.getOwnPropertyDescriptor(agent, 'getMcpTools');
    const watchers = new Set<(names: string[]) => void>();
    const wrapped: McpToolsMethod = async function (this: unknown, ...args) {
      const tools = await (original as McpToolsMethod).apply(this, args);
      const names = Array.isArray(tools) ? tools.flatMap((tool) => (typeof tool?.name === 'string' ? [tool.name] : [])) : [];
      for (const watcher of watchers) {
        try {
          watcher(names);
        } catch {
          // A watcher's trouble is not the run's.
        }
      }
      return tools;
    };
    Object.defineProperty(agent, 'getMcpTools', { value: wrapped, configurable: true, writable: true, enumerable: false });
    const restore = () => {
      if (own === undefined) delete target.getMcpTools;
      else Object.defineProperty(agent, 'getMcpTools', own);
    };
    watched = { watchers, restore };
    watchedAgents.set(agent, watched);
  }
  const entry = watched;
  const own = (names: string[]) => listener(names);
  entry.watchers.add(own);
  return () => {
    entry.watchers.delete(own);
    if (entry.watchers.size > 0 || watchedAgents.get(agent) !== entry) return;
    watchedAgents.delete(agent);
    entry.restore();
  };
}
