/**
 * What a user adds to the kit's redaction with `configure({ redact: { names, patterns } })`:
 * more field, header, query parameter and environment variable names that carry credentials
 * (compared like the kit's own, without case or separators), and patterns whose matches are
 * secrets wherever they appear in text. The setting replaces the previous one, and goes back to
 * none when the test file ends, like every setting.
 */
import { normalizeName } from './secretNames';

/** The `redact` option of `configure()`. */
export interface RedactOptions {
  /** More names whose values are credentials: `['x-tenant', 'session']`. */
  names?: readonly string[];
  /** Patterns whose matches are credentials in any text: `[/acct_[0-9]+/]`. */
  patterns?: readonly RegExp[];
}

/** The validated setting: names normalised, patterns global. */
export interface RedactSetting {
  readonly names: readonly string[];
  readonly patterns: readonly RegExp[];
}

export const NO_REDACT_ADDITIONS: RedactSetting = Object.freeze({ names: Object.freeze([]), patterns: Object.freeze([]) });

const EXAMPLE = "configure({ redact: { names: ['x-tenant'], patterns: [/acct_[0-9]+/] } })";

/** The setting `options` asks for, or a TypeError that says how to write it. */
export function redactSetting(options: unknown): RedactSetting {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new TypeError(`configure({ redact }) takes an object of names and patterns, like ${EXAMPLE}; got ${describe(options)}.`);
  }
  const unknown = Object.keys(options).filter((key) => key !== 'names' && key !== 'patterns');
  if (unknown.length > 0) throw new TypeError(`configure({ redact }) takes only names and patterns; got ${unknown.map((key) => JSON.stringify(key)).join(', ')}. Write it like ${EXAMPLE}.`);
  const { names = [], patterns = [] } = options as RedactOptions;
  if (!Array.isArray(names) || !names.every((name) => typeof name === 'string' && normalizeName(name) !== '')) {
    throw new TypeError(`configure({ redact: { names } }) takes a list of non-empty names, like ['x-tenant']; got ${describe(names)}.`);
  }
  if (!Array.isArray(patterns) || !patterns.every((pattern) => pattern instanceof RegExp)) {
    throw new TypeError(`configure({ redact: { patterns } }) takes a list of regular expressions, like [/acct_[0-9]+/]; got ${describe(patterns)}.`);
  }
  const empty = patterns.find((pattern) => new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, '')).test(''));
  if (empty !== undefined) throw new TypeError(`configure({ redact: { patterns } }): ${String(empty)} matches the empty string, so it would redact nothing; make it match at least one character.`);
  return Object.freeze({
    names: Object.freeze(names.map(normalizeName)),
    // Global, so every match is replaced; a copy, so the caller's `lastIndex` is never touched.
    patterns: Object.freeze(patterns.map((pattern) => new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`))),
  });
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(describe).join(', ')}]`;
  if (typeof value === 'string') return JSON.stringify(value);
  return value === null ? 'null' : value instanceof RegExp ? String(value) : typeof value;
}
