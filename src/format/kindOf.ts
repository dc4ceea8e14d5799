import { brief } from './brief';

/** What a value is, for "got …" in messages: `the string "ls"`, `an object ({"cmd":"ls"})`. */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return `an array (${brief(value, 40)})`;
  if (value instanceof Uint8Array) return `a ${value.constructor.name} of ${value.length} bytes`;
  if (value instanceof RegExp) return `the RegExp ${String(value)}`;
  if (typeof value === 'object') return `an object (${brief(value, 40)})`;
  if (typeof value === 'string') return `the string ${brief(value, 40)}`;
  if (typeof value === 'function') return value.name === '' ? 'a function' : `the function ${value.name}`;
  return `${typeof value} ${brief(value, 40)}`;
}
