/**
 * The one place the kit takes secrets out of what it writes or prints: cassettes, MCP cassettes,
 * `rt.calls`, transcripts, snapshots and failure messages all go through `redactSecrets` (a value)
 * or `redactText` (a text). What a recording is compared with goes through the same functions, so
 * a redacted recording still matches the live call it came from.
 *
 * Secrets are found by structure and by pattern:
 * - by structure, a field or header whose name carries a credential (see secretNames.ts:
 *   `Authorization`, `api-key`, `cookie`, names ending in `key`, `token`, `secret`, `password`):
 *   every non-empty string under it becomes `[redacted]`, the name is kept;
 * - by pattern, in every string: OpenAI keys (`sk-…`), `Bearer …` and `Basic …` credentials,
 *   JWTs, the password of `user:password@host` with or without a scheme, query parameters
 *   (`?subscription-key=…`, `&private_token=…`, `name=value` in text) and JSON fields
 *   (`"apiKey": "…"` inside a tool's output text) whose names carry credentials;
 * - the value of any environment variable whose name carries a credential (`OPENAI_API_KEY`,
 *   `DB_PASSWORD`), 8 characters or longer, wherever it appears;
 * - the names and patterns a user adds with `configure({ redact: { names, patterns } })`.
 * Under a credential's name, a string (or a list of strings) is redacted; numbers and booleans are
 * kept, and an object is judged by its own fields' names: a JSON schema's
 * `properties: { apiKey: { type: 'string' } }` stays a schema, and a map keyed by test names
 * (a cassette's conversations) keeps what it maps to.
 */
import { currentConfig } from '../config';
import { isCredentialName, isCredentialParam, normalizeName } from './secretNames';

/** What replaces an API key found in a string, and the value of an environment variable named like a key. */
export const REDACTED_KEY = '[redacted API key]';
/** What replaces any other credential. */
export const REDACTED = '[redacted]';

// OpenAI keys look like `sk-…` or `sk-proj-…` followed by a long run of key characters.
const API_KEY = /\bsk-[A-Za-z0-9_-]{16,}/g;
// `Bearer <token>` and `Basic <base64>`, as an Authorization header carries them, in any case.
const AUTH_SCHEME = /\b(bearer|basic)(\s+)([A-Za-z0-9._~+/-]+=*)/gi;
// A JWT: a base64url JSON header (`eyJ…`), a payload and a signature, dot-separated.
const JWT = /\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g;
// `user:password@host`, after `//` (a URL with a scheme) or standing alone (`db.example.com` needs a dot).
const USER_INFO = /(^|[^\w.%+~-])([\w.%+~-]+):([^\s@/:?#"'<>\\]+)@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*)/g;
// `name=value` in a query, a fragment or plain text (`?subscription-key=…`, `API_KEY='…'`).
const PARAM = /(^|[?&;#\s])([\w.%[\]-]+)=("[^"]*"|'[^']*'|[^&#;\s"'<>\\]*)/g;
// `"name": "value"` in a JSON text, and `\"name\": \"value\"` in a JSON text inside a JSON string.
const JSON_PAIR = /"([\w.\- ]{1,64})"(\s*:\s*)"((?:[^"\\]|\\.)*)"/g;
const ESCAPED_JSON_PAIR = /\\"([\w.\- ]{1,64})\\"(\s*:\s*)\\"((?:[^"\\]|\\[^"])*)\\"/g;
// Words before `:` that make `word:name@host` an address, not a password.
const NOT_USERS = new Set(['mailto', 'email', 'to', 'from', 'cc', 'bcc', 'sip', 'sips', 'xmpp', 'tel', 'contact']);

/** Redaction as the settings and the environment stand now. */
export interface Redactor {
  /** `text` with every secret it holds replaced. */
  text(text: string): string;
  /** Whether the field `name` of `holder` holds a credential. */
  secretField(name: string, holder: object): boolean;
  /** Whether `text` comes out of `text()` as it went in; remembered for this redactor's life. */
  keeps(text: string): boolean;
}

let recent: { redactor: Redactor; setting: unknown; at: number } | undefined;

/**
 * The redaction of this moment: the user's additions and the environment's credentials, read now.
 * `{ recent: true }` may reuse one made in the last second (reading the environment costs tens of
 * microseconds): only the replay fast path asks for it. A credential variable set since then
 * leaves its value in the live text, which then differs from the recording and takes the slow
 * path, which reads everything afresh; one removed since then is still redacted (the safe side).
 */
export function currentRedactor(options: { recent?: boolean } = {}): Redactor {
  const setting = currentConfig().redact;
  const now = Date.now();
  if (options.recent && recent !== undefined && recent.setting === setting && now - recent.at < 1000) return recent.redactor;
  const { names, patterns } = setting;
  const added = new Set(names);
  const isName = added.size === 0 ? isCredentialName : (name: string): boolean => isCredentialName(name) || added.has(normalizeName(name));
  const isParam = added.size === 0 ? isCredentialParam : (name: string): boolean => isCredentialParam(name) || added.has(normalizeName(safeDecode(name)));
  const env = environmentSecrets(isName);
  const pair = (match: string, name: string, colon: string, value: string, quote: string): string =>
    value !== '' && isName(name) ? `${quote}${name}${quote}${colon}${quote}${REDACTED}${quote}` : match;
  const text = (input: string): string => {
    let result = input;
    if (result.length < 6 && patterns.length === 0) return result;
    if (result.includes('sk-')) result = result.replace(API_KEY, REDACTED_KEY);
    for (const [value, replacement] of env) if (result.includes(value)) result = result.split(value).join(replacement);
    if (mayHoldAuthScheme(result)) result = result.replace(AUTH_SCHEME, authScheme);
    if (result.includes('eyJ')) result = result.replace(JWT, REDACTED);
    if (result.includes('@')) result = result.replace(USER_INFO, userInfo);
    if (result.includes('=')) {
      result = result.replace(PARAM, (match, lead: string, name: string, value: string) =>
        value === '' || value === '""' || value === "''" || !isParam(name) ? match : `${lead}${name}=${/^["']/.test(value) ? `${value[0]}${REDACTED}${value[0]}` : REDACTED}`,
      );
    }
    if (result.includes('":')) result = result.replace(JSON_PAIR, (match, name: string, colon: string, value: string) => pair(match, name, colon, value, '"'));
    if (result.includes('\\":')) result = result.replace(ESCAPED_JSON_PAIR, (match, name: string, colon: string, value: string) => pair(match, name, colon, value, '\\"'));
    for (const pattern of patterns) result = result.replace(pattern, REDACTED);
    return result;
  };
  // A `token` next to a `logprob` is the text of a token, not a credential.
  const secretField = (name: string, holder: object): boolean => isName(name) && !(name === 'token' && 'logprob' in holder);
  // The replay fast path asks this of the same recorded strings call after call; made on its first
  // question, as most redactors (one per `currentRedactor()` without `recent`) are never asked.
  let kept: Set<string> | undefined;
  const keeps = (input: string): boolean => {
    if (kept?.has(input)) return true;
    if (text(input) !== input) return false;
    kept ??= new Set();
    if (kept.size < 10_000) kept.add(input);
    return true;
  };
  recent = { redactor: { text, secretField, keeps }, setting, at: now };
  return recent.redactor;
}

function mayHoldAuthScheme(text: string): boolean {
  return text.includes('earer') || text.includes('asic') || text.includes('EARER') || text.includes('ASIC');
}

function authScheme(match: string, scheme: string, space: string, credential: string): string {
  if (scheme.toLowerCase() === 'basic') {
    // `Basic <base64 of user:password>`; a word after "basic" in prose decodes to no `user:`.
    const decoded = Buffer.from(credential, 'base64').toString('latin1');
    return credential.length >= 4 && /^[\x20-\x7e]*:[\x20-\x7e]*$/.test(decoded) ? `${scheme}${space}${REDACTED}` : match;
  }
  // A bearer token has 8 characters or more, and a digit or a symbol unless it is long ("bearer instrument" stays).
  return credential.length >= 20 || (credential.length >= 8 && /[\d._~+/=-]/.test(credential)) ? `${scheme}${space}${REDACTED}` : match;
}

function userInfo(match: string, lead: string, user: string, password: string, host: string): string {
  const afterScheme = lead === '/';
  if (!afterScheme && !host.includes('.') && host !== 'localhost') return match;
  if (NOT_USERS.has(user.toLowerCase()) || password === REDACTED) return match;
  return `${lead}${user}:${REDACTED}@${host}`;
}

function safeDecode(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** The values of the environment's credentials, longest first, each with what replaces it. */
function environmentSecrets(isName: (name: string) => boolean): (readonly [string, string])[] {
  const found: (readonly [string, string])[] = [];
  for (const name of Object.keys(process.env)) {
    if (!isName(name)) continue;
    const value = process.env[name];
    if (value !== undefined && value.length >= 8) found.push([value, /key$/i.test(name) ? REDACTED_KEY : REDACTED]);
  }
  return found.sort((a, b) => b[0].length - a[0].length);
}

/** A text with every secret it holds replaced: the form of every message the kit prints. */
export function redactText(text: string): string {
  return currentRedactor().text(text);
}

/** A URL with the credentials it carries replaced: `wss://host/v1?key=[redacted]&model=gpt`. */
export function redactUrl(url: string): string {
  return redactText(url);
}

/**
 * `value` with every secret in it replaced, by structure and by pattern: arrays and plain objects
 * that hold one are copied, the rest is returned as it is (other objects, such as an ArrayBuffer,
 * are kept). Used for what is recorded and what is compared with a recording alike.
 */
export function redactSecrets<T>(value: T, redactor: Redactor = currentRedactor()): T {
  return walk(value, false, redactor) as T;
}

function walk(value: unknown, secret: boolean, redactor: Redactor): unknown {
  if (typeof value === 'string') return secret ? (value === '' ? value : REDACTED) : redactor.text(value);
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index += 1) {
      const item: unknown = value[index];
      const next = walk(item, secret, redactor);
      if (copy === undefined && next !== item) copy = value.slice(0, index);
      copy?.push(next);
    }
    return copy ?? value;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  let copy: Record<string, unknown> | undefined;
  for (let index = 0; index < keys.length; index += 1) {
    const key = keys[index]!;
    const field = record[key];
    const next = walk(field, redactor.secretField(key, record), redactor);
    if (copy === undefined && next !== field) {
      copy = {};
      for (const earlier of keys.slice(0, index)) assign(copy, earlier, record[earlier]);
    }
    if (copy !== undefined) assign(copy, key, next);
  }
  return copy ?? value;
}

// Assigning `__proto__` would set the copy's prototype and drop the key (a conversation of that name).
function assign(copy: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  else copy[key] = value;
}
