import type { PlannedEvent } from '../fakes/realtimeStep';
import { brief } from '../format/brief';
import { event } from './realtimeEvents';
import { kindOf, misuse, type StepContext } from './stepContext';

/**
 * The transport events of hosted MCP traffic in a Realtime session, in the shape the SDK's OpenAI
 * transport emits them (`openaiRealtimeBase`): a server's tool listing (`mcp_tools_listed`), a call
 * the server ran (`item_update`, then `mcp_tool_call_completed`), and an approval request
 * (`item_update`, then `mcp_approval_request`, which the session turns into
 * `tool_approval_requested`). Each builder checks its input against the step being written and
 * returns what `realtime()`'s `#emitStep` takes.
 */

/** A tool a hosted MCP server lists, as Realtime reports it. */
export interface RealtimeMcpTool {
  name: string;
  description?: string;
  input_schema?: Record<string, unknown>;
}

/** What one emitting step plays: how reports name it, and its events. */
export interface McpEmitStep {
  describe: () => string;
  events: PlannedEvent[];
}

/** `emitMcpToolsListed(server, tools)`: the server's tools become the session's available MCP tools (`mcp_tools_changed`). */
export function mcpToolsListedStep(server: unknown, tools: unknown, context: StepContext): McpEmitStep {
  const label = nonEmpty(server, 'the server label', context);
  if (!Array.isArray(tools) || !tools.every((tool) => typeof (tool as RealtimeMcpTool)?.name === 'string' && (tool as RealtimeMcpTool).name !== '')) {
    throw misuse(context, 'invalid_event', `expected the tools as a list of { name, description?, input_schema? }; got ${kindOf(tools)}.`);
  }
  const listed = structuredClone(tools as RealtimeMcpTool[]);
  return {
    describe: () => `emitMcpToolsListed(${label}, ${listed.map((tool) => tool.name).join(', ') || 'no tools'})`,
    events: [event('mcp_tools_listed', { serverLabel: label, tools: listed })],
  };
}

/** `emitMcpCall(tool, args, { output })`: a hosted MCP server ran a tool; the item appears in history, then completes. */
export function mcpCallStep(tool: unknown, args: unknown, options: { output?: string | null } | undefined, itemId: string, context: StepContext): McpEmitStep {
  const name = nonEmpty(tool, 'the MCP tool name', context);
  const text = argumentsText(args, context);
  const output = options?.output ?? null;
  if (options !== undefined && (typeof options !== 'object' || options === null)) throw misuse(context, 'invalid_option', `expected { output? }; got ${kindOf(options)}.`);
  if (output !== null && typeof output !== 'string') throw misuse(context, 'invalid_option', `output must be a string; got ${kindOf(output)}.`);
  const item = (status: 'in_progress' | 'completed') => ({ itemId, type: 'mcp_call', status, arguments: text, name, output: status === 'completed' ? output : null });
  return {
    describe: () => `emitMcpCall(${name}${text === '{}' ? '' : `, ${brief(JSON.parse(text), 60)}`})`,
    events: [event('item_update', item('in_progress')), event('item_update', item('completed')), event('mcp_tool_call_completed', item('completed'))],
  };
}

/** `emitMcpApprovalRequest(server, tool, args)`: the server asks to approve a call; the session asks the app (`tool_approval_requested`). */
export function mcpApprovalRequestStep(server: unknown, tool: unknown, args: unknown, itemId: string, context: StepContext): McpEmitStep {
  const label = nonEmpty(server, 'the server label', context);
  const name = nonEmpty(tool, 'the MCP tool name', context);
  const parsed = JSON.parse(argumentsText(args, context)) as Record<string, unknown>;
  const request = { itemId, type: 'mcp_approval_request', serverLabel: label, name, arguments: parsed };
  return {
    describe: () => `emitMcpApprovalRequest(${label}, ${name}${Object.keys(parsed).length === 0 ? '' : `, ${brief(parsed, 60)}`})`,
    events: [event('item_update', request), event('mcp_approval_request', structuredClone(request))],
  };
}

/**
 * The payload pattern of the session's answer to an approval request, for
 * `expect('sendMcpResponse', …)`: `expectMcpResponse(tool, { approved })`.
 */
export function mcpResponsePattern(tool: unknown, options: { approved: boolean }, context: StepContext): { approvalRequest: { name: string }; approved: boolean } {
  const name = nonEmpty(tool, 'the MCP tool name', context);
  if (typeof options !== 'object' || options === null || typeof options.approved !== 'boolean') {
    throw misuse(context, 'invalid_option', `expected { approved: true } or { approved: false }; got ${kindOf(options)}.`);
  }
  return { approvalRequest: { name }, approved: options.approved };
}

function nonEmpty(value: unknown, what: string, context: StepContext): string {
  if (typeof value !== 'string' || value.trim() === '') throw misuse(context, 'invalid_event', `expected ${what} as a non-empty string; got ${kindOf(value)}.`);
  return value;
}

function argumentsText(args: unknown, context: StepContext): string {
  if (args === undefined) return '{}';
  if (typeof args !== 'object' || args === null || Array.isArray(args)) throw misuse(context, 'invalid_arguments', `the MCP tool's arguments are an object; got ${kindOf(args)}.`);
  try {
    return JSON.stringify(args);
  } catch (error) {
    throw misuse(context, 'invalid_arguments', `the MCP tool's arguments must be JSON-serializable: ${(error as Error).message}`);
  }
}
