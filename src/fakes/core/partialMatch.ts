import { isAsymmetricMatcher } from '../../format/brief';

/** Where a value first departs from a partial pattern: the path, what the pattern wanted, what was there. */
export interface Difference {
  /** `output`, `toolCall.name`, `content[0].text`; empty for the value itself. */
  readonly path: string;
  readonly expected: unknown;
  readonly actual: unknown;
}

/**
 * The first place where `actual` does not match the partial `expected`, or `undefined` when it
 * matches. Doubles match calls when they arrive, outside any assertion, so this cannot use a
 * runner's `equals`: every key of an expected object must match recursively, arrays match
 * element by element, asymmetric matchers (`expect.any(String)`) are asked directly, binary
 * data compares byte by byte and everything else with `Object.is`.
 */
export function differenceFrom(actual: unknown, expected: unknown, path = ''): Difference | undefined {
  if (isAsymmetricMatcher(expected)) {
    return expected.asymmetricMatch(actual) ? undefined : { path, expected, actual };
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return { path, expected, actual };
    for (let index = 0; index < expected.length; index += 1) {
      const difference = differenceFrom(actual[index], expected[index], `${path}[${index}]`);
      if (difference) return difference;
    }
    return undefined;
  }
  if (isBinary(expected)) {
    return isBinary(actual) && sameBytes(actual, expected) ? undefined : { path, expected, actual };
  }
  if (expected instanceof Date) {
    // By the millisecond: a Date's text shows whole seconds only.
    return Object.prototype.toString.call(actual) === '[object Date]' && Object.is((actual as Date).getTime(), expected.getTime()) ? undefined : { path, expected, actual };
  }
  if (expected instanceof RegExp) {
    return Object.prototype.toString.call(actual) === '[object RegExp]' && String(actual) === String(expected) ? undefined : { path, expected, actual };
  }
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) return { path, expected, actual };
    const record = actual as Record<string, unknown>;
    for (const key of Object.keys(expected)) {
      const at = path === '' ? key : `${path}.${key}`;
      if (!Object.prototype.hasOwnProperty.call(record, key)) {
        return { path: at, expected: (expected as Record<string, unknown>)[key], actual: undefined };
      }
      const difference = differenceFrom(record[key], (expected as Record<string, unknown>)[key], at);
      if (difference) return difference;
    }
    return undefined;
  }
  return Object.is(actual, expected) ? undefined : { path, expected, actual };
}

/**
 * A custom tester for the runners' `equals`, which count any two ArrayBuffers as equal (they
 * have no enumerable keys): binary data compares byte by byte; anything else is left to `equals`.
 */
export function binaryEquality(a: unknown, b: unknown): boolean | undefined {
  if (!isBinary(a) || !isBinary(b)) return undefined;
  return sameBytes(a, b);
}

function isBinary(value: unknown): value is ArrayBuffer | ArrayBufferView {
  return value instanceof ArrayBuffer || ArrayBuffer.isView(value) || Object.prototype.toString.call(value) === '[object ArrayBuffer]';
}

function bytesOf(value: ArrayBuffer | ArrayBufferView): Uint8Array {
  return ArrayBuffer.isView(value) ? new Uint8Array(value.buffer, value.byteOffset, value.byteLength) : new Uint8Array(value);
}

function sameBytes(a: ArrayBuffer | ArrayBufferView, b: ArrayBuffer | ArrayBufferView): boolean {
  const left = bytesOf(a);
  const right = bytesOf(b);
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index += 1) if (left[index] !== right[index]) return false;
  return true;
}
