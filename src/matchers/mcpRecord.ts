import { ledgerOf } from '../fakes/core/ledger';
import type { McpView } from '../fakes/mcp/McpDouble';
import { describeMcpCall, describeMcpResult, type McpCall } from '../fakes/mcp/plan';
import { invalidReceived, listed } from './messages';
import { printReceived } from './matcherUtils';

/** One `callTool` an MCP double received: the lifecycle calls are left out. */
export interface McpToolCallRecord {
  tool: string;
  args: Readonly<Record<string, unknown>>;
  /** A step (or a recording) answered it with a result. */
  ran: boolean;
  call: McpCall;
}

/** Reads an `mcp()` script or an `mcpCassette()`, or throws the runner-style matcher error. */
export function readMcp(received: unknown, hint: string): { label: string; calls: McpToolCallRecord[] } {
  const ledger = ledgerOf<McpView>(received);
  if (ledger?.kind !== 'mcp' && ledger?.kind !== 'mcpCassette') {
    throw invalidReceived(hint, 'an mcp() server or an mcpCassette()', received);
  }
  const view = ledger.view();
  const calls = view.calls.flatMap((call) =>
    call.method === 'callTool' ? [{ tool: call.tool as string, args: call.args ?? {}, ran: call.result !== undefined, call }] : [],
  );
  return { label: view.label, calls };
}

/** A tool as the MCP matchers take it: its name, or a reference whose name it carries (`files.tools.read_file`). */
export function mcpToolNameOf(tool: unknown, prefixed: ReadonlyMap<string, string> = new Map()): string | undefined {
  const name = typeof tool === 'string' ? tool : (tool as { name?: unknown } | null)?.name;
  if (typeof name !== 'string' || name === '') return undefined;
  return prefixed.get(name) ?? name;
}

/** The numbered tool calls the server received, marked ones highlighted, with the count. */
export function listMcpCalls(label: string, calls: readonly McpToolCallRecord[], marked: ReadonlySet<number>): string {
  if (calls.length === 0) return `${label} received no tool calls.`;
  const entries = calls.map((record) => {
    const { call } = record;
    const outcome = call.result !== undefined ? ` → ${describeMcpResult(call.result)}` : call.mismatch ? '  (mismatch: the script did not plan it)' : '  (failed)';
    return `${describeMcpCall(record.tool, record.args)}${outcome}`;
  });
  return [`Tool calls ${label} received:`, ...listed(entries, 'tool call', marked), '', `Number of tool calls: ${printReceived(calls.length)}`].join('\n');
}
