import { brief } from '../../format/brief';
import { Double, identity } from '../core/double';
import { ledgerOf, type Ledger } from '../core/ledger';

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

/**
 * One conversation across its pauses and resumes, as `resume()` sees it: the approval decisions,
 * and every run of a tool call — the ones the stored state says ran before the pause, and the
 * ones the resumed runs started. It fails the test, like every double, when a call runs twice,
 * an approved call is asked for again instead of running, or a rejected call runs.
 */
export class Conversation extends Double<ConversationView> {
  readonly #decisions: ApprovalDecision[] = [];
  readonly #runs: ToolRun[] = [];
  #resumes = 0;

  constructor(options: { name?: string; verify?: boolean }) {
    super({
      ...identity('resume', options),
      pending: () => [],
      view: () => ({ label: this.label, decisions: [...this.#decisions], runs: [...this.#runs] }),
    });
  }

  /** Notes the agent the conversation serves, for its label. */
  serve(agent: string): void {
    this.ledger.serve(`agent ${JSON.stringify(agent)}`);
  }

  /** The calls a stored state says ran before it was stored, noted once each (a later resume's state repeats them). */
  ranBefore(runs: readonly Omit<ToolRun, 'phase'>[]): void {
    for (const run of runs) {
      // A rejected call has an output too: the rejection the model was told.
      if (this.#runs.some((known) => sameCall(known, run)) || this.#decisions.some((decision) => decision.verdict === 'reject' && sameCall(decision, run))) continue;
      this.#runs.push({ ...run, phase: 'before the pause' });
      this.ledger.record(`${describeRun(run)} ran before the pause`);
    }
  }

  /** Starts the next resume: its number, from 1. */
  startResume(decisions: readonly Omit<ApprovalDecision, 'resume'>[]): number {
    this.#resumes += 1;
    const resume = this.#resumes;
    for (const decision of decisions) {
      this.#decisions.push({ ...decision, resume });
      this.ledger.record(`resume ${resume}: ${decision.verdict === 'approve' ? 'approved' : 'rejected'}${decision.always ? ' (always)' : ''} ${describeRun(decision)}`);
    }
    return resume;
  }

  /**
   * What a resume ran (the calls its lifecycle events started) and the approvals its run stopped
   * for; each run, re-asked approval and ignored rejection is checked as it is noted.
   */
  finishResume(resume: number, started: readonly Omit<ToolRun, 'phase'>[], asked: readonly Omit<ToolRun, 'phase'>[]): void {
    const phase: RunPhase = `resume ${resume}`;
    for (const run of started) {
      const callIndex = this.ledger.record(`${describeRun(run)} ran in ${phase}`);
      const earlier = this.#runs.find((known) => run.callId !== undefined && sameCall(known, run));
      const rejected = this.#decisions.find((decision) => decision.verdict === 'reject' && decision.callId !== undefined && sameCall(decision, run));
      this.#runs.push({ ...run, phase });
      if (earlier) {
        this.ledger.mismatch({
          kind: 'tool_ran_twice',
          callIndex,
          actual: `${describeRun(run)} ran in ${phase}`,
          expected: 'each tool call to run once',
          why: `${run.tool} call ${run.callId} had already run ${earlier.phase === 'before the pause' ? 'before the pause' : `in ${earlier.phase}`}, so it ran twice: ${earlier.phase}, then ${phase}`,
          fix: 'A resumed run must not run a call again; resume each stored state once (to resume(), two stored states of the same text are one), or check how the app stores and restores its run state',
        });
      } else if (rejected) {
        this.ledger.mismatch({
          kind: 'rejection_ignored',
          callIndex,
          actual: `${describeRun(run)} ran in ${phase}`,
          expected: `no run of ${run.tool} call ${run.callId}`,
          why: `Its approval was rejected in resume ${rejected.resume}`,
          fix: 'Check that the rejection survives the round trip of the run state',
        });
      }
    }
    for (const again of asked) {
      const approved = this.#decisions.find((decision) => decision.verdict === 'approve' && decision.callId !== undefined && sameCall(decision, again));
      if (!approved) continue;
      const callIndex = this.ledger.record(`${describeRun(again)} asked for approval again after ${phase}`);
      this.ledger.mismatch({
        kind: 'approval_lost',
        callIndex,
        actual: `${phase} stopped for approval of ${describeRun(again)}`,
        expected: `${again.tool} call ${again.callId} to run`,
        why: `It was approved in resume ${approved.resume}, and the resumed run asked again instead of running it`,
        fix: 'Check that the approval survives the round trip of the run state (state.toString(), RunState.fromString)',
      });
    }
  }
}

/** `refund({"orderId":"A-1"}) call_1 of agent "Support"` */
export function describeRun(run: { tool: string; callId: string | undefined; agent: string; args?: unknown }): string {
  const call = run.args === undefined ? run.tool : `${run.tool}(${brief(run.args, 60)})`;
  return `${call}${run.callId ? ` ${run.callId}` : ''} of agent ${JSON.stringify(run.agent)}`;
}

function sameCall(a: { callId: string | undefined; agent: string }, b: { callId: string | undefined; agent: string }): boolean {
  return a.callId !== undefined && a.callId === b.callId && a.agent === b.agent;
}

/** The conversation a result belongs to, if `resume()` made or resumed it. */
export function conversationOf(value: unknown): Conversation | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = (value as { [CONVERSATION]?: unknown })[CONVERSATION];
  return record instanceof Conversation ? record : undefined;
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

/** Hangs the conversation on a result (hidden, so snapshots and equality ignore it). */
export function attachConversation(value: object, conversation: Conversation): void {
  Object.defineProperty(value, CONVERSATION, { value: conversation, enumerable: false, configurable: true });
}
