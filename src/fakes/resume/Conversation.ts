import { Double, identity } from '../core/double';
import { CONVERSATION, describeRun, type ApprovalDecision, type ConversationView, type RunPhase, type ToolRun } from './record';

export { CONVERSATION, conversationLedgerOf, describeRun, type ApprovalDecision, type ConversationView, type RunPhase, type ToolRun } from './record';

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
    super(
      identity('resume', options, {
        pending: () => [],
        view: () => ({ label: this.label, decisions: [...this.#decisions], runs: [...this.#runs] }),
      }),
    );
  }

  /** Notes the agent the conversation serves, for its label. */
  serve(agent: string): void {
    this.ledger.serveAgent(agent);
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

function sameCall(a: { callId: string | undefined; agent: string }, b: { callId: string | undefined; agent: string }): boolean {
  return a.callId !== undefined && a.callId === b.callId && a.agent === b.agent;
}

/** The conversation a result belongs to, if `resume()` made or resumed it. */
export function conversationOf(value: unknown): Conversation | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = (value as { [CONVERSATION]?: unknown })[CONVERSATION];
  return record instanceof Conversation ? record : undefined;
}

/** Hangs the conversation on a result (hidden, so snapshots and equality ignore it). */
export function attachConversation(value: object, conversation: Conversation): void {
  Object.defineProperty(value, CONVERSATION, { value: conversation, enumerable: false, configurable: true });
}
