import { isAsymmetricMatcher } from './brief';

/**
 * A value as matcher messages print it, the same under every runner: compact, JSON-like, with the
 * spacing Jest's own messages use (`{"city": "Oslo"}`), asymmetric matchers by their names
 * (`StringContaining "Os"`). The runners' own printers differ (Vitest prints objects over several
 * lines, `Object {…}`), and the kit's messages read the same words under both.
 */
export function printValue(value: unknown, seen: Set<object> = new Set()): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'boolean' || typeof value === 'symbol') return String(value);
  if (typeof value === 'function') return `[Function ${value.name || 'anonymous'}]`;
  if (value instanceof RegExp) return String(value);
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Error) return `[${value.name}: ${value.message}]`;
  if (isAsymmetricMatcher(value)) {
    const described = (value as { toString?: () => string }).toString?.();
    return described && described !== '[object Object]' ? described : 'AsymmetricMatcher';
  }
  if (seen.has(value as object)) return '[Circular]';
  seen.add(value as object);
  try {
    if (Array.isArray(value)) return `[${value.map((item) => printValue(item, seen)).join(', ')}]`;
    if (value instanceof ArrayBuffer) return `ArrayBuffer [${value.byteLength} bytes]`;
    if (ArrayBuffer.isView(value)) return `${value.constructor.name} [${value.byteLength} bytes]`;
    if (value instanceof Map) return `Map {${[...value].map(([key, inner]) => `${printValue(key, seen)} => ${printValue(inner, seen)}`).join(', ')}}`;
    if (value instanceof Set) return `Set {${[...value].map((inner) => printValue(inner, seen)).join(', ')}}`;
    const entries = Object.keys(value as object)
      .sort()
      .map((key) => `${JSON.stringify(key)}: ${printValue((value as Record<string, unknown>)[key], seen)}`);
    return `{${entries.join(', ')}}`;
  } finally {
    seen.delete(value as object);
  }
}

/** The type name matcher errors show, as Jest's `getType` names it: `object`, `array`, `regexp`, … */
export function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (value instanceof RegExp) return 'regexp';
  if (value instanceof Map) return 'map';
  if (value instanceof Set) return 'set';
  if (value instanceof Date) return 'date';
  return typeof value;
}
