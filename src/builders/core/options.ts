import { misuse, ScriptError, type ScriptErrorReason, type StepContext } from '../../errors/ScriptError';
import type { DoubleKind, DoubleOptions } from '../../vocabulary';
import { kindOf } from './stepContext';
import { unknownKeyProblem } from '../../format/unknownKey';

/** Refuses an option of a builder, naming the builder: `sandbox(): name must be a non-empty string; got number 5.` */
export type OptionFailure = (problem: string, reason?: ScriptErrorReason) => ScriptError;

/**
 * Every key of a builder's options, each once: written `{ name: true, verify: true, … } satisfies
 * OptionKeys<ModelOptions>`, it fails to compile when the options type gains a key it lacks.
 */
export type OptionKeys<T> = Readonly<Record<keyof T & string, true>>;

/**
 * The options every builder takes, checked the same way by each (`model()`, `sandbox()`,
 * `realtime()`, `cassette()`, `modelProvider()`): an object of the builder's own keys (`known`), a
 * non-empty `name`, a boolean `verify`. A key the builder does not know is refused: a misspelled
 * option (`redcat`, `stirct`) would otherwise leave the check or redaction it asks for off.
 * Returns the options and the way to refuse the builder's own ones.
 */
export function checkedOptions<T extends DoubleOptions>(
  kind: DoubleKind,
  options: T | undefined,
  known: OptionKeys<T>,
  example: string,
  label?: string,
): { options: T; fail: OptionFailure } {
  const named = typeof options?.name === 'string' && options.name.trim() !== '' ? JSON.stringify(options.name) : '';
  const shown = label ?? `${kind}(${named})`;
  const fail: OptionFailure = (problem, reason = 'invalid_option') => new ScriptError({ reason, double: shown, message: `${shown}: ${problem}` });
  if (options === undefined) return { options: {} as T, fail };
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw fail(`expected an options object like ${example}; got ${kindOf(options)}.`);
  }
  const { name, verify } = options;
  if (name !== undefined && (typeof name !== 'string' || name.trim() === '')) throw fail(`name must be a non-empty string; got ${kindOf(name)}.`);
  if (verify !== undefined && typeof verify !== 'boolean') throw fail(`verify must be a boolean; got ${kindOf(verify)}.`);
  const problem = unknownKeyProblem(options, known);
  if (problem !== undefined) throw fail(problem, 'unknown_option');
  return { options, fail };
}

/**
 * Refuses a key a step's options object does not take (reason `unknown_option`), at the step that
 * wrote it: `model() step 2, calls(): "toolFail" is not one of its options. Did you mean toolFails? …`.
 * Anything but an object is left to the step's own checks, so `undefined` stays accepted. For one
 * of the SDK's own objects the step passes on (`sdkObject`, e.g. `'usage'`; its keys in
 * ./sdkOptions.ts), the refusal names it and its fields: `usage: "inputToken" is not one of its fields. …`.
 */
export function checkStepOptionKeys(options: unknown, known: Readonly<Record<string, true>>, context: StepContext, sdkObject?: string): void {
  if (typeof options !== 'object' || options === null) return;
  const problem = unknownKeyProblem(options, known, sdkObject === undefined ? 'options' : 'fields');
  if (problem !== undefined) throw misuse(context, 'unknown_option', sdkObject === undefined ? problem : `${sdkObject}: ${problem}`);
}

/**
 * A step's options object, checked at the step that wrote it: `undefined` reads as `{}`; anything
 * but an object is refused naming the keys it takes (`searchesWeb(): expected { sources? }; got
 * number 5.`), and so is a key it does not take (`checkStepOptionKeys`).
 */
export function stepOptions<T extends object>(options: T | undefined, known: OptionKeys<T>, context: StepContext): Partial<T> {
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null) {
    const shape = `{ ${Object.keys(known).map((key) => `${key}?`).join(', ')} }`;
    throw misuse(context, 'invalid_option', `expected ${shape}; got ${kindOf(options)}.`);
  }
  checkStepOptionKeys(options, known, context);
  return options;
}

/** The longest wait the host's timers honour; a longer one would fire at once. */
export const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** A wait in milliseconds that timers can honour: a positive finite number, at most MAX_TIMEOUT_MS. */
export function isTimeout(value: unknown): value is number {
  return typeof value === 'number' && value > 0 && value <= MAX_TIMEOUT_MS;
}
