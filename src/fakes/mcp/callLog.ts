import type { MismatchError, MismatchSpec } from '../../errors/MismatchError';
import type { Ledger } from '../core/ledger';
import { describeMcpCall, type McpCall, type McpCallResult, type McpMethod } from './plan';

/** A call an MCP server double received, kept as it goes on until a snapshot is asked for. */
export interface McpCallEntry {
  readonly index: number;
  readonly method: McpMethod;
  readonly tool: string | undefined;
  readonly args: Readonly<Record<string, unknown>> | undefined;
  step: number | undefined;
  result: McpCallResult | undefined;
  failed: boolean;
  mismatch: boolean;
  /** What the call got, for reports: `step 1 expectCall(read_file).returns("…")`, `recorded call 2 → …`. */
  outcome: string;
}

/** What a mismatch of an MCP server says; the call, its index and its step come from the entry. */
export type McpMismatch = Pick<MismatchSpec, 'kind' | 'expected' | 'why' | 'fix' | 'note'> & {
  /** The step a call that was refused before it could take one was waited for by. */
  waiting?: number | undefined;
};

/**
 * The calls an MCP server double received (`mcp()` and `mcpCassette()` alike), lifecycle calls
 * included: each is recorded in the double's ledger, described by its outcome when a report reads
 * it, and a refused one is worded as a mismatch the same way for both.
 */
export class McpCallLog {
  readonly #ledger: Ledger;
  readonly #entries: McpCallEntry[] = [];

  constructor(ledger: Ledger) {
    this.#ledger = ledger;
  }

  /** Every entry so far, in the order the calls came. */
  get entries(): readonly McpCallEntry[] {
    return this.#entries;
  }

  /** Every call as a frozen snapshot. */
  get calls(): readonly McpCall[] {
    return Object.freeze(this.#entries.map(snapshot));
  }

  record(method: McpMethod, tool: string | undefined, args: Readonly<Record<string, unknown>> | undefined, outcome = 'pending'): McpCallEntry {
    const entry: McpCallEntry = { index: this.#ledger.callCount, method, tool, args, step: undefined, result: undefined, failed: false, mismatch: false, outcome };
    this.#ledger.record(() => `${describeEntry(entry)} → ${entry.outcome}`);
    this.#entries.push(entry);
    return entry;
  }

  /** Marks the call refused and records the mismatch in the ledger; returns the error to throw. */
  mismatch(entry: McpCallEntry, spec: McpMismatch): MismatchError {
    const { waiting, ...sentence } = spec;
    const stepIndex = entry.step ?? waiting;
    entry.mismatch = true;
    entry.failed = true;
    if (entry.outcome === 'pending') entry.outcome = 'refused';
    return this.#ledger.mismatch({
      ...sentence,
      callIndex: entry.index,
      ...(stepIndex === undefined ? {} : { stepIndex }),
      actual: describeEntry(entry),
    });
  }
}

/** `callTool read_file({"path":"a.md"})`, `listTools()`: a call in a line. */
function describeEntry(entry: Pick<McpCallEntry, 'method' | 'tool' | 'args'>): string {
  return entry.method === 'callTool' ? `callTool ${describeMcpCall(entry.tool as string, entry.args)}` : `${entry.method}()`;
}

/** A call as users and matchers see it; every method but `callTool` is set-up (lifecycle). */
export function snapshot(entry: McpCallEntry): McpCall {
  return Object.freeze({
    index: entry.index,
    method: entry.method,
    ...(entry.tool === undefined ? {} : { tool: entry.tool }),
    ...(entry.args === undefined ? {} : { args: entry.args }),
    setup: entry.method !== 'callTool',
    step: entry.step,
    ...(entry.result === undefined ? {} : { result: entry.result }),
    failed: entry.failed,
    mismatch: entry.mismatch,
  });
}
