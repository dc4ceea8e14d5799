import { IncompleteScriptError } from '../errors/IncompleteScriptError';
import { REPORT, isComplete, type Verifiable } from './report';

/** What every double's `assertComplete()` does: throw `IncompleteScriptError` with its report. */
export function assertComplete(double: Verifiable): void {
  const report = double[REPORT]();
  if (!isComplete(report)) throw new IncompleteScriptError([report]);
}

/** The first line of each recorded mismatch: one sentence each, as a report lists them. */
export function mismatchLines(mismatches: readonly Error[]): string[] {
  return mismatches.map((mismatch) => mismatch.message.split('\n')[0] as string);
}
