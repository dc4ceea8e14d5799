import type { MismatchKind } from '../../errors/MismatchError';
import { brief } from '../../format/brief';

const ASSERTING = Symbol.for('agents-testkit.asserting');

/** A check written with assertions (`expect(…)` inside): it accepts the call unless it throws. */
export type Asserting<Args extends unknown[]> = ((...args: Args) => unknown) & { readonly [ASSERTING]: true };

/**
 * Marks a check as assertion-style, for the steps of `sandbox()` and `realtime()` that take a
 * predicate: `sb.exec(asserting(({ cmd }) => expect(cmd).toMatch(/^npm /)))`. A plain predicate
 * must return `true` to accept a call, so a forgotten `return` never accepts one; an assertion-style
 * check accepts the call unless an assertion inside it fails.
 */
export function asserting<Args extends unknown[]>(check: (...args: Args) => unknown): Asserting<Args> {
  if (typeof check !== 'function') throw new TypeError(`asserting() takes a function with assertions inside; got ${brief(check, 40)}.`);
  const marked = (...args: Args): unknown => check(...args);
  Object.defineProperty(marked, 'name', { value: check.name || 'asserting' });
  return Object.assign(marked, { [ASSERTING]: true as const });
}

export function isAsserting(value: unknown): boolean {
  return typeof value === 'function' && (value as { [ASSERTING]?: unknown })[ASSERTING] === true;
}

/** Why a predicate did not accept a call, and what kind of mismatch that is. */
export interface Rejection {
  kind: Extract<MismatchKind, 'wrong_arguments' | 'invalid_step'>;
  /** A sentence: `The predicate returned false`. */
  reason: string;
}

/**
 * The one rule for every predicate a script holds: it accepts a call only by returning `true`;
 * `undefined` (a forgotten `return`) is a mistake in the script, never a yes; any other value, or
 * a throw, rejects the call. An `asserting()` check accepts unless it throws.
 */
export function judge(predicate: (...args: never[]) => unknown, args: readonly unknown[]): Rejection | undefined {
  let verdict: unknown;
  try {
    verdict = (predicate as (...values: unknown[]) => unknown)(...args);
  } catch (error) {
    const what = isAsserting(predicate) ? 'An assertion in the check failed:' : 'The predicate threw';
    return { kind: 'wrong_arguments', reason: `${what} ${firstLine(error)}` };
  }
  if (isAsserting(predicate) || verdict === true) return undefined;
  if (verdict === undefined) {
    return {
      kind: 'invalid_step',
      reason:
        'The predicate returned undefined, and only true accepts a call: add the missing return, ' +
        'or wrap a check made of assertions in asserting(…)',
    };
  }
  return { kind: 'wrong_arguments', reason: `The predicate returned ${brief(verdict, 60)}` };
}

/** Errors of the programming kind: a bug in a responder, never an outcome it planned. */
const PROGRAMMING_ERRORS = new Set(['TypeError', 'ReferenceError', 'SyntaxError', 'RangeError', 'EvalError', 'URIError']);

/**
 * Whether an error a responder threw is a finding rather than the failure it meant to produce:
 * a failed assertion (`expect()`, `node:assert`), or a bug such as a `TypeError`. A responder
 * fails a call on purpose by throwing an `Error` of its own (or the script says `.fails()`).
 */
export function isUnplannedError(error: unknown): boolean {
  if (isAssertionError(error)) return true;
  const name = (error as { name?: unknown } | null)?.name;
  return typeof error === 'object' && typeof name === 'string' && PROGRAMMING_ERRORS.has(name);
}

/** A failed `expect()` (Vitest, Jest) or `node:assert` call. */
export function isAssertionError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name } = error as { name?: unknown };
  return name === 'AssertionError' || name === 'JestAssertionError' || 'matcherResult' in error;
}

/** `TypeError: x is not a function`: the first line of what was thrown. */
export function firstLine(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : brief(error);
  return (text.split('\n').find((line) => line.trim() !== '') ?? text).trim();
}
