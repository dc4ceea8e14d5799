/**
 * The formatting helpers of the runner that calls a matcher — Vitest's or Jest's `this.utils` —
 * so that failures read like the runner's own (its colours, its diffs) and the kit needs no copy
 * of Jest's utilities. `withRunnerUtils` makes a call's `this.utils` current while the matcher and
 * its lazy message run; matchers import these names from here.
 */

import { printValue, typeName } from '../format/printValue';

/** The helpers of the `this.utils` both runners hand every matcher that the kit uses. */
export interface RunnerUtils {
  EXPECTED_COLOR(text: string): string;
  RECEIVED_COLOR(text: string): string;
  BOLD_WEIGHT(text: string): string;
  DIM_COLOR(text: string): string;
  matcherHint(name: string, received: string, expected: string, options?: Record<string, unknown>): string;
  /** Jest's takes (expected, received, labels…); Vitest's (received, expected, options) — see `printDiff`. */
  printDiffOrStringify(...args: never[]): string | undefined;
}

const KEY = Symbol.for('agents-testkit.runner-utils');
const scope = globalThis as typeof globalThis & { [KEY]?: { current: RunnerUtils | undefined } };
const state = (scope[KEY] ??= { current: undefined });

/** Runs `fn` with `utils` as the current runner's helpers. */
export function withRunnerUtils<T>(utils: RunnerUtils | undefined, fn: () => T): T {
  const previous = state.current;
  state.current = utils ?? plainUtils;
  try {
    return fn();
  } finally {
    state.current = previous;
  }
}

function utils(): RunnerUtils {
  return state.current ?? plainUtils;
}

export const EXPECTED_COLOR = (text: string): string => utils().EXPECTED_COLOR(text);
export const RECEIVED_COLOR = (text: string): string => utils().RECEIVED_COLOR(text);
/** A value in the runner's expected colour, printed the same under every runner (see `printValue`). */
export const printExpected = (value: unknown): string => utils().EXPECTED_COLOR(printValue(value));
export const printReceived = (value: unknown): string => utils().RECEIVED_COLOR(printValue(value));
/**
 * The runner's diff of an expected value against a received one, labelled Expected and Received.
 * The two runners order the arguments the other way round: Jest's helper takes five (expected,
 * received, two labels, expand), Vitest's takes (received, expected, options, memory).
 */
export function printDiff(expected: unknown, received: unknown): string {
  const print = utils().printDiffOrStringify as (...args: unknown[]) => string | undefined;
  const diff = print.length >= 5 ? print(expected, received, 'Expected', 'Received', false) : print(received, expected);
  return diff ?? `Expected: ${printExpected(expected)}\nReceived: ${printReceived(received)}`;
}
export const matcherHint: RunnerUtils['matcherHint'] = (...args) => utils().matcherHint(...args);

/** `Tool has type:  number` and `Tool has value: 42`, as Jest words it (no type line for null or undefined). */
export function printWithType<T>(name: string, value: T, print: (value: T) => string): string {
  const type = typeName(value);
  return `${type === 'null' || type === 'undefined' ? '' : `${name} has type:  ${type}\n`}${name} has value: ${print(value)}`;
}

/** The runners' matcher-error layout (Vitest's utils have no helper for it). */
export function matcherErrorMessage(hint: string, generic: string, specific?: string): string {
  return `${hint}\n\n${utils().BOLD_WEIGHT('Matcher error')}: ${generic}${specific ? `\n\n${specific}` : ''}`;
}

/**
 * For a runner that hands matchers no `utils` (a Jest-compatible `expect` of another kind): the
 * same words, without colours or diffs.
 */
const plain = (text: string): string => text;
const plainUtils: RunnerUtils = {
  EXPECTED_COLOR: plain,
  RECEIVED_COLOR: plain,
  BOLD_WEIGHT: plain,
  DIM_COLOR: plain,
  matcherHint: (name, received, expected, options = {}) => `expect(${received})${options.isNot ? '.not' : ''}.${name}(${expected})`,
  printDiffOrStringify: () => undefined,
};
