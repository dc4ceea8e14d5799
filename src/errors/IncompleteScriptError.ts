import type { DoubleReport } from '../vocabulary';
import { describeReports } from '../format/report';
import { redactSecrets, redactText } from '../format/secrets';

/**
 * One or more doubles were not complete: steps left unused or mismatches recorded.
 * Thrown by `assertComplete()` and by the after-each verification of the setup entries.
 */
export class IncompleteScriptError extends Error {
  /** Every double that was not complete, with its pending steps and mismatches. */
  readonly reports: readonly DoubleReport[];

  /** `context` completes the headline ("… was not complete when the test ended"); `footer` closes the message. */
  constructor(reports: readonly DoubleReport[], context?: string, footer?: string) {
    super(redactText(describeReports(reports, context, footer)));
    this.name = 'IncompleteScriptError';
    // Runners print an error's fields with its message (Vitest's "Serialized Error").
    this.reports = redactSecrets(reports);
  }
}
