/**
 * The one place the kit takes secrets out of what it records: API keys anywhere in a string, the
 * value of `OPENAI_API_KEY`, and credentials carried by URLs (query values such as `?key=…`,
 * `api_key`, `token`, `access_token`, and a password in `user:pass@host`). Cassettes, and every
 * double that keeps a call with a URL in it, go through `redactSecrets`.
 */

/** What replaces an API key found in a string. */
export const REDACTED_KEY = '[redacted API key]';
/** What replaces a credential carried by a URL. */
export const REDACTED = '[redacted]';

// OpenAI keys look like `sk-…` or `sk-proj-…` followed by a long run of key characters.
const API_KEY = /\bsk-[A-Za-z0-9_-]{16,}/g;

/**
 * Query parameters whose value is a credential, compared without case and without `-`/`_`:
 * `key`, `api_key`, `apiKey`, `X-Api-Key`, `token`, `access_token`, `client_secret`, `sig`, …
 */
const SECRET_PARAMS = new Set([
  'key',
  'apikey',
  'xapikey',
  'token',
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'authtoken',
  'sessiontoken',
  'securitytoken',
  'xamzsecuritytoken',
  'xamzsignature',
  'auth',
  'authorization',
  'secret',
  'clientsecret',
  'password',
  'passwd',
  'pwd',
  'sig',
  'signature',
  'ephemeralkey',
  'clientkey',
]);

// A URL with a scheme (`https://`, `wss://` …), up to the first character no URL holds unescaped.
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`]+/gi;
// `name=value` pairs of a query string or fragment: the name, then the value up to `&`, `#` or `;`.
const PARAM = /([?&#;])([^=&#;?]+)=([^&#;]*)/g;
// `scheme://user:password@host`: the password.
const USER_INFO = /^([a-z][a-z0-9+.-]*:\/\/[^/?#@:]*):([^/?#@]*)@/i;

function isSecretParam(name: string): boolean {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    // A malformed escape: compare the name as written.
  }
  return SECRET_PARAMS.has(decoded.toLowerCase().replace(/[-_.\s]/g, ''));
}

/** A URL with the credentials it carries replaced: `wss://host/v1?key=[redacted]&model=gpt`. */
export function redactUrl(url: string): string {
  return url
    .replace(USER_INFO, (_match, head: string, password: string) => (password === '' ? `${head}:@` : `${head}:${REDACTED}@`))
    .replace(PARAM, (match, lead: string, name: string, value: string) => (value !== '' && isSecretParam(name) ? `${lead}${name}=${REDACTED}` : match));
}

/** A string with API keys, the `OPENAI_API_KEY` value and URL credentials replaced. */
export function redactText(text: string): string {
  // Most strings hold neither a key nor a URL: test before building new strings.
  let result = text.includes('sk-') ? text.replace(API_KEY, REDACTED_KEY) : text;
  const envKey = process.env.OPENAI_API_KEY;
  if (envKey && envKey.length >= 8 && result.includes(envKey)) result = result.split(envKey).join(REDACTED_KEY);
  // A URL carries a credential only in a query or fragment (`=`) or before its host (`@`).
  if (result.includes('://') && (result.includes('=') || result.includes('@'))) result = result.replace(URL_IN_TEXT, redactUrl);
  return result;
}

/**
 * `value` with every string in it passed through `redactText`, as a new plain structure (arrays
 * and plain objects copied, other values kept). Used for what is recorded and what is compared
 * with a recording alike, so a redacted recording still matches the live call it came from.
 */
export function redactSecrets<T>(value: T): T {
  return walk(value) as T;
}

function walk(value: unknown): unknown {
  if (typeof value === 'string') return redactText(value);
  if (Array.isArray(value)) return value.map(walk);
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const field = walk((value as Record<string, unknown>)[key]);
      // Assigning `__proto__` would set the copy's prototype and drop the key (a conversation of that name).
      if (key === '__proto__') Object.defineProperty(copy, key, { value: field, enumerable: true, writable: true, configurable: true });
      else copy[key] = field;
    }
    return copy;
  }
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === null) {
    return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, walk(field)]));
  }
  return value;
}
