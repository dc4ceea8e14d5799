import type { DoubleReport } from '../vocabulary';
import { IncompleteScriptError } from './IncompleteScriptError';

/**
 * `settled()` gave up: the script still had steps when its time ran out. An `IncompleteScriptError`
 * whose one report names the pending steps, plus what the next of them was waiting for.
 */
export class SettleTimeoutError extends IncompleteScriptError {
  /** The label of the double, e.g. `realtime("support")`. */
  readonly double: string;
  readonly timeoutMs: number;
  /** What the first pending step waited for, in script terms: `a sendFunctionCallOutput call (step 3)`. */
  readonly waitingFor: string;
  /** The steps not played, numbered from 1 as in the message. */
  readonly pending: readonly string[];

  constructor(report: DoubleReport, options: { timeoutMs: number; waitingFor: string }) {
    super([report], `when settled() gave up after ${options.timeoutMs} ms, waiting for ${options.waitingFor}`);
    this.name = 'SettleTimeoutError';
    this.double = report.label;
    this.timeoutMs = options.timeoutMs;
    this.waitingFor = options.waitingFor;
    this.pending = report.pending;
  }
}
