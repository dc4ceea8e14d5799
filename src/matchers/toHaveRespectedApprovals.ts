import { RECEIVED_COLOR } from './matcherUtils';
import { conversationLedgerOf, describeRun, type ApprovalDecision, type ToolRun } from '../fakes/resume/record';
import type { Matcher } from './context';
import { hint, invalidReceived, listed } from './messages';

/**
 * Across the pause and every resume of a conversation that `resume()` ran: each approved call ran
 * exactly once, and no rejected call ran. Received: the result `resume()` resolved to (or the
 * paused result it resumed).
 */
export const toHaveRespectedApprovals: Matcher<[]> = function toHaveRespectedApprovals(received) {
  const hintLine = hint(this, 'toHaveRespectedApprovals', '');
  const ledger = conversationLedgerOf(received);
  if (ledger === undefined) throw invalidReceived(hintLine, 'a run result that resume() returned (or the paused result it resumed)', received);
  const { label, decisions, runs } = ledger.view();
  const outcomes = decisions.map((decision) => ({ decision, runs: runs.filter((run) => run.callId !== undefined && run.callId === decision.callId && run.agent === decision.agent) }));
  const broken = outcomes.flatMap((outcome, index) => (kept(outcome.decision, outcome.runs) ? [] : [index]));
  const pass = decisions.length > 0 && broken.length === 0;

  const message = (): string => {
    const lines = [hintLine, ''];
    if (decisions.length === 0) lines.push('Expected: approval decisions to check', `Received: ${label} applied none`);
    else if (pass) lines.push('Expected: an approved call that did not run exactly once, or a rejected call that ran', 'Received: every approved call ran once, and no rejected call ran');
    else {
      lines.push('Expected: every approved call to run exactly once, and no rejected call to run');
      const first = outcomes[broken[0] as number]!;
      lines.push(`Received: ${RECEIVED_COLOR(`${describeRun(first.decision)}, ${verdictWord(first.decision)}, ${ranWord(first.runs)}`)}`);
    }
    const entries = outcomes.map(({ decision, runs: ran }) => `${decision.verdict} ${describeRun(decision)} (resume ${decision.resume}) — ${ranWord(ran, decision.hosted)}`);
    if (entries.length > 0) lines.push('', `Decisions of ${label} and what came of them:`, ...listed(entries, 'decision', new Set(broken)));
    return lines.join('\n');
  };
  return { pass, message };
};

function kept(decision: ApprovalDecision, runs: readonly ToolRun[]): boolean {
  // A hosted MCP call runs at the provider: no run of it is seen, either way.
  if (decision.hosted) return true;
  return decision.verdict === 'approve' ? runs.length === 1 : runs.length === 0;
}

function verdictWord(decision: ApprovalDecision): string {
  return decision.verdict === 'approve' ? 'approved' : 'rejected';
}

function ranWord(runs: readonly ToolRun[], hosted = false): string {
  if (hosted) return 'runs at the provider';
  if (runs.length === 0) return 'never ran';
  const when = runs.map((run) => run.phase).join(', then ');
  return runs.length === 1 ? `ran once (${when})` : `ran ${runs.length} times (${when})`;
}
