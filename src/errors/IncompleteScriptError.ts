import type { DoubleReport } from '../fakes/report';
import { describeReports } from '../format/report';

/**
 * One or more doubles were not complete: steps left unused or mismatches recorded.
 * Thrown by `assertComplete()` and by the after-each verification of the setup entries.
 */
export class IncompleteScriptError extends Error {
  /** Every double that was not complete, with its pending steps and mismatches. */
  readonly reports: readonly DoubleReport[];

  constructor(reports: readonly DoubleReport[], context?: string) {
    super(describeReports(reports, context));
    this.name = 'IncompleteScriptError';
    this.reports = reports;
  }
}
