import type { PlannedOutcome, SandboxCall, ScriptedMethod } from '../../fakes/sandbox/plan';
import { resultProblem } from '../../fakes/sandbox/results';
import { brief } from '../../format/brief';
import { kindOf, misuse, type StepContext } from '../core/stepContext';

/** `returns()` may go without a value only for methods that return nothing. */
export type ReturnsArgs<Result> = [void] extends [Result] ? [value?: Result] : [value: Result];

/** Ends a step: records its outcome and hands the script back. */
export type CloseStep<Script> = (outcome: PlannedOutcome, outcomeLabel: string) => Script;

/**
 * A step whose method and matcher are written and whose outcome is not: `sb.exec('pwd')`. Exactly
 * one of `returns`, `fails` or `responds` ends it and returns the script, so the chain goes on.
 */
export class SandboxStep<Result, Respond extends (...args: never[]) => unknown, Script> {
  readonly #context: StepContext;
  readonly #method: ScriptedMethod;
  readonly #adapt: (respond: Respond) => (args: readonly unknown[], call: SandboxCall) => unknown;
  readonly #close: CloseStep<Script>;
  #ended: string | undefined;

  /** @internal */
  constructor(
    context: StepContext,
    method: ScriptedMethod,
    adapt: (respond: Respond) => (args: readonly unknown[], call: SandboxCall) => unknown,
    close: CloseStep<Script>,
  ) {
    this.#context = context;
    this.#method = method;
    this.#adapt = adapt;
    this.#close = close;
  }

  /** The call returns `value` (a fresh copy each time, so one call's mutation cannot leak into the next). */
  returns(...[value]: ReturnsArgs<Result>): Script {
    const context = this.#begin('returns');
    const problem = resultProblem(this.#method, value);
    if (problem) throw misuse(context, 'invalid_result', problem);
    return this.#end({ kind: 'returns', value }, `returns(${value === undefined ? '' : brief(value, 60)})`);
  }

  /** The call throws `error` (a sync method) or rejects with it (an async one). */
  fails(error: unknown): Script {
    const context = this.#begin('fails');
    if (error === undefined || error === null) {
      throw misuse(context, 'missing_error', 'pass the error the call should fail with, e.g. new Error("exit 1").');
    }
    return this.#end({ kind: 'fails', error }, `fails(${brief(error, 60)})`);
  }

  /** The call's result is derived from the call: its arguments, and the recorded call. */
  responds(respond: Respond): Script {
    const context = this.#begin('responds');
    if (typeof respond !== 'function') {
      throw misuse(context, 'invalid_responder', `expected a function of the call; got ${kindOf(respond)}.`);
    }
    return this.#end({ kind: 'responds', respond: this.#adapt(respond) }, `responds(${respond.name || 'fn'})`);
  }

  #begin(verb: string): StepContext {
    const context = { ...this.#context, verb: `${this.#context.verb}.${verb}` };
    if (this.#ended !== undefined) {
      throw misuse(context, 'second_outcome', `the step already ends with .${this.#ended}; a step has exactly one outcome.`);
    }
    return context;
  }

  #end(outcome: PlannedOutcome, label: string): Script {
    this.#ended = label;
    return this.#close(outcome, label);
  }
}
