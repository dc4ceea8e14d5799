import type { MatcherState } from '../src/matchers/context';
import { matchesPartial, subsetFor } from '../src/matchers/partial';
import { describe, expect, test } from './support';

// The partial match every argument-taking matcher uses, read with the calling runner's own
// matcher state (its `equals`), as the matchers get it.
let state: MatcherState | undefined;
expect.extend({
  toCaptureMatcherState(this: MatcherState) {
    state = this;
    return { pass: true, message: () => '' };
  },
});
function runnerState(): MatcherState {
  (expect(null) as unknown as { toCaptureMatcherState(): void }).toCaptureMatcherState();
  return state as MatcherState;
}
const bytes = (...values: number[]) => new Uint8Array(values).buffer;

describe('matchesPartial', () => {
  test.each([
    ['a subset of keys', { a: 1, b: 2 }, { a: 1 }, true],
    ['a nested subset', { a: { b: 1, c: 2 }, d: 3 }, { a: { b: 1 } }, true],
    ['a different value', { a: 1 }, { a: 2 }, false],
    ['a missing key', { a: 1 }, { b: 1 }, false],
    ['a key expected undefined that is absent', {}, { a: undefined }, false],
    ['a key expected undefined that is present', { a: undefined }, { a: undefined }, true],
    ['an object expected, null received', null, { a: 1 }, false],
    ['an object expected, a string received', 'a', { a: 1 }, false],
    ['an object expected, an array received', [1], { 0: 1 }, false],
    ['an empty object against any object', { a: 1 }, {}, true],
    ['an object without prototype expected', { a: 1, b: 2 }, Object.assign(Object.create(null) as object, { a: 1 }), true],
    ['arrays of partial objects', [{ a: 1, b: 2 }, { a: 3 }], [{ a: 1 }, { a: 3 }], true],
    ['arrays of different length', [{ a: 1 }, { a: 2 }], [{ a: 1 }], false],
    ['an array with one element different', [1, 2], [1, 3], false],
    ['an array expected, an object received', { 0: 1, length: 1 }, [1], false],
    ['equal bytes', bytes(1, 2), bytes(1, 2), true],
    ['different bytes of one length', bytes(1, 2), bytes(1, 3), false],
    ['a Date compared whole', new Date(0), new Date(0), true],
    ['a different Date', new Date(0), new Date(1), false],
    ['a primitive', 'Oslo', 'Oslo', true],
  ])('%s', (_name, actual, expected, matches) => {
    expect(matchesPartial(runnerState(), actual, expected)).toBe(matches);
  });

  test('asymmetric matchers are asked, not taken apart as objects', () => {
    const state = runnerState();
    expect(matchesPartial(state, { a: 1, b: 2 }, expect.objectContaining({ a: 1 }))).toBe(true);
    expect(matchesPartial(state, { a: { b: 'Oslo' } }, { a: { b: expect.stringMatching(/^Os/) } })).toBe(true);
    expect(matchesPartial(state, { a: 'Rome' }, { a: expect.stringMatching(/^Os/) })).toBe(false);
  });
});

describe('subsetFor', () => {
  test.each([
    ['keeps only the keys asked about', { a: 1, b: 2 }, { a: 9 }, { a: 1 }],
    ['at every depth', { a: { b: 1, c: 2 }, d: 3 }, { a: { b: 0 } }, { a: { b: 1 } }],
    ['leaves out keys the call did not have', { a: 1 }, { a: 1, z: 2 }, { a: 1 }],
    ['maps arrays of one length element by element', [{ a: 1, b: 2 }], [{ a: 0 }], [{ a: 1 }]],
    ['keeps arrays of another length whole', [{ a: 1, b: 2 }, { a: 3 }], [{ a: 0 }], [{ a: 1, b: 2 }, { a: 3 }]],
    ['keeps a value whole when the expected value is not an object', { a: 1, b: 2 }, 'x', { a: 1, b: 2 }],
    ['keeps a value whole when it is not an object', 'Oslo', { a: 1 }, 'Oslo'],
    ['keeps an array whole when an object was expected', [1, 2], { 0: 1 }, [1, 2]],
  ])('%s', (_name, actual, expected, subset) => {
    expect(subsetFor(actual, expected)).toEqual(subset);
  });

  test('keeps the value whole under an asymmetric matcher', () => {
    expect(subsetFor({ a: 1, b: 2 }, expect.objectContaining({ a: 1 }))).toEqual({ a: 1, b: 2 });
  });
});
