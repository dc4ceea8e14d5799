import { binaryEquality } from '../fakes/core/partialMatch';
import { isAsymmetricMatcher } from '../format/brief';
import type { MatcherState } from './context';

/**
 * Whether `actual` matches `expected` partially: every key of an expected plain object must match,
 * recursively; arrays match element by element; anything else (asymmetric matchers included) goes
 * through the runner's `equals` with the user's custom testers — plus a byte-wise tester, since the
 * runners count any two ArrayBuffers as equal (they have no enumerable keys).
 */
export function matchesPartial(state: MatcherState, actual: unknown, expected: unknown): boolean {
  if (isPlainObject(expected) && !isAsymmetricMatcher(expected)) {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) return false;
    const record = actual as Record<string, unknown>;
    return Object.keys(expected).every(
      (key) => Object.prototype.hasOwnProperty.call(record, key) && matchesPartial(state, record[key], expected[key]),
    );
  }
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((item, index) => matchesPartial(state, actual[index], item))
    );
  }
  return state.equals(actual, expected, [...(state.customTesters ?? []), binaryEquality]);
}

/** `actual` cut down to the keys `expected` names, so a diff shows only what was asked about. */
export function subsetFor(actual: unknown, expected: unknown): unknown {
  if (isPlainObject(expected) && !isAsymmetricMatcher(expected) && isPlainObject(actual)) {
    const subset: Record<string, unknown> = {};
    for (const key of Object.keys(expected)) {
      if (Object.prototype.hasOwnProperty.call(actual, key)) subset[key] = subsetFor(actual[key], expected[key]);
    }
    return subset;
  }
  if (Array.isArray(expected) && Array.isArray(actual) && expected.length === actual.length) {
    return actual.map((item, index) => subsetFor(item, expected[index]));
  }
  return actual;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
