import { binaryEquality, differenceFrom } from '../src/fakes/core/partialMatch';
import { describe, expect, test } from './support';

// The partial match the doubles use to match calls as they arrive, outside any assertion: every
// difference it misses is a drifted call that a script would take for the planned one.

const bytes = (...values: number[]) => new Uint8Array(values);

describe('differenceFrom: where a value first departs from a partial pattern', () => {
  test.each([
    ['extra keys of an object', { a: 1, extra: true }, { a: 1 }],
    ['nested objects, partially', { a: { b: 1, c: 2 } }, { a: { b: 1 } }],
    ['lists element by element', { list: [1, { b: 2, c: 3 }] }, { list: [1, { b: 2 }] }],
    ['an asymmetric matcher', { a: 'x' }, { a: expect.any(String) }],
    ['bytes of an ArrayBuffer and of a view', { audio: bytes(1, 2).buffer }, { audio: bytes(1, 2) }],
    ['a view of part of a buffer', { audio: new Uint8Array(bytes(9, 1, 2).buffer, 1, 2) }, { audio: bytes(1, 2) }],
    ['a Date of the same time', { at: new Date(0) }, { at: new Date(0) }],
    ['a RegExp of the same source and flags', { re: /a/g }, { re: /a/g }],
    ['NaN with NaN', { n: NaN }, { n: NaN }],
    ['an empty pattern', { a: 1 }, {}],
  ])('matches: %s', (_case, actual, expected) => {
    expect(differenceFrom(actual, expected)).toBeUndefined();
  });

  test.each([
    ['a missing key', { a: 1 }, { a: 1, b: undefined }, { path: 'b', expected: undefined, actual: undefined }],
    ['another value deep down', { a: { b: [1, { c: 2 }] } }, { a: { b: [1, { c: 3 }] } }, { path: 'a.b[1].c', expected: 3, actual: 2 }],
    ['a shorter list', { list: [1] }, { list: [1, 2] }, { path: 'list', expected: [1, 2], actual: [1] }],
    ['a longer list', { list: [1, 2, 3] }, { list: [1, 2] }, { path: 'list', expected: [1, 2], actual: [1, 2, 3] }],
    ['a list where an object is expected', { a: [1] }, { a: { 0: 1 } }, { path: 'a', expected: { 0: 1 }, actual: [1] }],
    ['an object where a list is expected', { a: { 0: 1 } }, { a: [1] }, { path: 'a', expected: [1], actual: { 0: 1 } }],
    ['null where an object is expected', { a: null }, { a: { b: 1 } }, { path: 'a', expected: { b: 1 }, actual: null }],
    ['a string where an object is expected', { a: 'b' }, { a: { b: 1 } }, { path: 'a', expected: { b: 1 }, actual: 'b' }],
    ['other bytes', { audio: bytes(1, 2) }, { audio: bytes(1, 3) }, { path: 'audio', expected: bytes(1, 3), actual: bytes(1, 2) }],
    ['fewer bytes', { audio: bytes(1) }, { audio: bytes(1, 2) }, { path: 'audio', expected: bytes(1, 2), actual: bytes(1) }],
    ['a string where bytes are expected', { audio: '\u0001' }, { audio: bytes(1) }, { path: 'audio', expected: bytes(1), actual: '\u0001' }],
    ['a time a millisecond later', { at: new Date(1) }, { at: new Date(0) }, { path: 'at', expected: new Date(0), actual: new Date(1) }],
    ['a RegExp where a Date is expected', { at: /0/ }, { at: new Date(0) }, { path: 'at', expected: new Date(0), actual: /0/ }],
    ['the text of a RegExp where a RegExp is expected', { re: '/a/g' }, { re: /a/g }, { path: 're', expected: /a/g, actual: '/a/g' }],
    ['the text of a Date where a Date is expected', { at: new Date(0).toString() }, { at: new Date(0) }, { path: 'at', expected: new Date(0), actual: new Date(0).toString() }],
    ['other flags', { re: /a/ }, { re: /a/g }, { path: 're', expected: /a/g, actual: /a/ }],
    ['an asymmetric matcher that refuses', { a: 1 }, { a: expect.any(String) }, { path: 'a', expected: expect.any(String), actual: 1 }],
    ['0 and -0', { n: 0 }, { n: -0 }, { path: 'n', expected: -0, actual: 0 }],
  ])('refuses %s, naming the path', (_case, actual, expected, difference) => {
    expect(differenceFrom(actual, expected)).toEqual(difference);
  });

  test('the value itself has the empty path; a top-level list is indexed from it', () => {
    expect(differenceFrom('a', 'b')).toEqual({ path: '', expected: 'b', actual: 'a' });
    expect(differenceFrom([1, 2], [1, 3])).toEqual({ path: '[1]', expected: 3, actual: 2 });
    expect(differenceFrom(5, { a: 1 })).toEqual({ path: '', expected: { a: 1 }, actual: 5 });
  });
});

describe('binaryEquality: the tester the matchers add to the runner\'s equals', () => {
  test('compares binary data byte by byte and leaves anything else to equals', () => {
    expect(binaryEquality(bytes(1, 2).buffer, bytes(1, 2))).toBe(true);
    expect(binaryEquality(bytes(1, 2), bytes(1, 3))).toBe(false);
    expect(binaryEquality(bytes(1, 2), bytes(1, 2, 3))).toBe(false);
    expect(binaryEquality(bytes(1), [1])).toBeUndefined();
    expect(binaryEquality([1], bytes(1))).toBeUndefined();
    expect(binaryEquality('a', 'a')).toBeUndefined();
  });
});
