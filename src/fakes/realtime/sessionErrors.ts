import type { Ledger } from '../core/ledger';
import { checkError, errorRejected, unexpectedError } from './matching';
import type { RealtimePlan } from './plan';
import type { ExpectedStep } from './step';

/**
 * What an error the session reported does to a script: the `expectSessionError` step waiting for
 * it takes it (`played`), or it is recorded as a mismatch (`recorded`), unless the script is not
 * strict and no step waits for an error (`ignored`). `callCount` is how many calls the script has seen.
 */
export function judgeSessionError(event: unknown, plan: RealtimePlan, ledger: Ledger<unknown>, strict: boolean, callCount: number): 'played' | 'recorded' | 'ignored' {
  const error = errorOf(event);
  const index = plan.cursor;
  const step = plan.current;
  if (step?.kind === 'session_error') {
    const rejection = checkError(step, error);
    if (rejection === undefined) {
      plan.advance();
      return 'played';
    }
    if (strict) ledger.mismatch(errorRejected(error, callCount, index, step, rejection));
    return 'recorded';
  }
  if (!strict) return 'ignored';
  const expectedIndex = plan.nextExpected();
  const expected = expectedIndex === undefined ? undefined : (plan.at(expectedIndex) as ExpectedStep);
  const early = step?.kind === 'emit' && expected?.kind === 'session_error' ? { index, events: step } : undefined;
  ledger.mismatch(unexpectedError(error, callCount, expected, expectedIndex, early));
  return 'recorded';
}

/** The session reports its own failures as `{ type: 'error', error }` and passes transport errors on as they came. */
function errorOf(event: unknown): unknown {
  return (event as { type?: unknown } | null)?.type === 'error' ? (event as { error: unknown }).error : event;
}
