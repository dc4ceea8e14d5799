import { ScriptError, type ScriptErrorReason } from '../errors/ScriptError';

/** Where a builder call writes: which double, which step, through which verb. */
export interface StepContext {
  double: string;
  stepIndex: number;
  verb: string;
  /** The enclosing verb when writing inside a `turn((t) => …)` callback. */
  within?: string;
}

/** A `ScriptError` whose message names the double, the step (from 1) and the verb. */
export function misuse(context: StepContext, reason: ScriptErrorReason, problem: string): ScriptError {
  return new ScriptError({
    reason,
    stepIndex: context.stepIndex,
    double: context.double,
    message: `${context.double} step ${context.stepIndex + 1}, ${where(context)}: ${problem}`,
  });
}

function where(context: StepContext): string {
  return context.within ? `${context.within}((t) => t.${context.verb}())` : `${context.verb}()`;
}

/** What a value is, for "got …" in misuse messages (kept here for the builders that import it). */
export { kindOf } from '../format/kindOf';
