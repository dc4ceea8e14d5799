import { brief } from '../../format/brief';
import { ledgerOf, type Ledger } from '../core/ledger';

// Apart from the conversation double so that the matchers, which the setup entries load in every
// test file, read a conversation's record without loading the double.

/** Where a paused-and-resumed conversation keeps its record on the results it returns. */
export const CONVERSATION = Symbol.for('agents-testkit.conversation');

/** When a call ran: before the (first) pause, or in the n-th resume (from 1). */
export type RunPhase = 'before the pause' | `resume ${number}`;

/** One approval decision a resume applied. */
export interface ApprovalDecision {
  readonly verdict: 'approve' | 'reject';
  readonly tool: string;
  readonly callId: string | undefined;
  readonly agent: string;
  readonly args: unknown;
  /** The resume (from 1) that applied it. */
  readonly resume: number;
  readonly always: boolean;
  /** A hosted MCP server's call: it runs at the provider, so no run of it is seen here. */
  readonly hosted?: boolean;
}

/** One run of a tool call the conversation saw. */
export interface ToolRun {
  readonly tool: string;
  readonly callId: string | undefined;
  readonly agent: string;
  readonly phase: RunPhase;
}

/** What the matchers read off a conversation. */
export interface ConversationView {
  label: string;
  decisions: readonly ApprovalDecision[];
  runs: readonly ToolRun[];
}

/** `refund({"orderId":"A-1"}) call_1 of agent "Support"` */
export function describeRun(run: { tool: string; callId: string | undefined; agent: string; args?: unknown }): string {
  const call = run.args === undefined ? run.tool : `${run.tool}(${brief(run.args, 60)})`;
  return `${call}${run.callId ? ` ${run.callId}` : ''} of agent ${JSON.stringify(run.agent)}`;
}

/**
 * The ledger of the conversation a result belongs to, whichever copy of the kit made it: Jest's
 * native ESM runs `resume()` from the kit's ES module build and the matchers from its CommonJS
 * build, so the conversation is recognised by its shared symbol and ledger, not by its class.
 */
export function conversationLedgerOf(value: unknown): Ledger<ConversationView> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  return ledgerOf<ConversationView>((value as { [CONVERSATION]?: unknown })[CONVERSATION]);
}
