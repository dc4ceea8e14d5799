/**
 * Which names carry credentials: header and field names (`Authorization`, `api-key`,
 * `clientSecret`), query parameter names (`?subscription-key=`, `private_token`, `jwt`) and
 * environment variable names (`OPENAI_API_KEY`, `DB_PASSWORD`). Names are compared normalised:
 * lower case, without `-`, `_`, `.` or spaces, so `X-Api-Key`, `x_api_key` and `xApiKey` are one name.
 *
 * The rule: a name in CREDENTIAL_NAMES, or one that ends in `key`, `token`, `secret` or `password`.
 * Decisions, each tested in test/secrets.test.ts:
 * - `tokens` (plural) is a count, not a credential: `max_tokens`, `maxOutputTokens`, `input_tokens`
 *   and the usage fields are kept (they end in `tokens`, not `token`).
 * - `prompt_cache_key` and `cache_key` are OpenAI request settings that route a prompt cache, not
 *   credentials: kept, so a recording shows them.
 * - `key` alone is a credential (`?key=…` is how Google APIs take a key; `{ key: … }` in a tool's
 *   arguments more often is one than not). A map entry written `{ key, value }` loses its key in
 *   what the kit writes: the safe side.
 * - `token` alone is a credential, except in a logprob entry (an object with a `logprob` field),
 *   where it is the text of a token.
 * Query parameters also count `sig`, `signature`, `auth`, `pwd`, `passwd` and `jwt` (signed URLs
 * and the like); as field names those mean other things (a reasoning item's `signature`).
 */

const CREDENTIAL_NAMES = new Set(['authorization', 'proxyauthorization', 'apikey', 'xapikey', 'cookie', 'setcookie', 'jwt', 'passwd', 'credentials']);
const PARAM_NAMES = new Set(['sig', 'signature', 'xamzsignature', 'xgoogsignature', 'auth', 'pwd', 'code']);
const NOT_CREDENTIALS = new Set(['promptcachekey', 'cachekey']);
const SUFFIX = /(?:key|token|secret|password)$/;

/** `X-Api-Key` → `xapikey`: how names are compared. */
export function normalizeName(name: string): string {
  return name.toLowerCase().replace(/[-_.\s]/g, '');
}

const decided = new Map<string, boolean>();

/** Whether a field, header or environment variable of this name holds a credential. */
export function isCredentialName(name: string): boolean {
  let answer = decided.get(name);
  if (answer === undefined) {
    const normal = normalizeName(name);
    answer = CREDENTIAL_NAMES.has(normal) || (SUFFIX.test(normal) && !NOT_CREDENTIALS.has(normal));
    if (decided.size < 10_000) decided.set(name, answer);
  }
  return answer;
}

/** Whether a query parameter of this name (as written in the URL, maybe %-escaped) holds a credential. */
export function isCredentialParam(name: string): boolean {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    // A malformed escape: compare the name as written.
  }
  return isCredentialName(decoded) || PARAM_NAMES.has(normalizeName(decoded));
}
