import type { MismatchSpec } from '../../errors/MismatchError';
import { firstLine, isAssertionError } from './predicate';

/** What a step's responder did wrong: the call's outcome for reports, and the mismatch's sentence. */
export interface ResponderFinding {
  outcome: string;
  spec: Pick<MismatchSpec, 'kind' | 'expected' | 'why' | 'fix'>;
}

/**
 * A responder of step `stepIndex` (zero-based) that threw an assertion or a bug, which the SDK
 * would otherwise swallow along with the tool error (an error thrown on purpose is the step's
 * planned failure, not this).
 */
export function responderThrew(stepIndex: number, label: string, error: unknown): ResponderFinding {
  return {
    outcome: `failed unplanned in step ${stepIndex + 1} ${label}`,
    spec: {
      kind: isAssertionError(error) ? 'failed_assertion' : 'responder_failed',
      expected: label,
      why: `Its responder threw ${firstLine(error)}`,
      fix: 'To fail the call on purpose, use .fails(error), or throw an Error of your own',
    },
  };
}

/** A responder of step `stepIndex` whose promise did not settle within the double's `timeoutMs` (`builder`: `mcp`, `sandbox`). */
export function responderTimedOut(stepIndex: number, label: string, timeoutMs: number, builder: string): ResponderFinding {
  return {
    outcome: `timed out in step ${stepIndex + 1} ${label}`,
    spec: {
      kind: 'responder_timeout',
      expected: label,
      why: `Its responder did not finish within ${timeoutMs} ms`,
      fix: `Settle the promise it returns, or give the script more time: ${builder}({ timeoutMs })`,
    },
  };
}
