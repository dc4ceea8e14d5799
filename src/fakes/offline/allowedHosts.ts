/**
 * The hosts `configure({ offline: 'strict' })` lets a test reach: loopback always, and the ones a
 * test lists with `configure({ allow: [...] })`. Kept apart from the guard so that `config.ts` can
 * check the list where `configure()` is called without importing the guard (which reads the config).
 */

/** A host a test lets through: a host name or address (exact, any case), or a RegExp the name must match. */
export type AllowedHost = string | RegExp;

/** The list `configure({ allow })` was given, checked; a TypeError that shows the fix otherwise. */
export function allowListOf(value: unknown): readonly AllowedHost[] {
  const example = "configure({ offline: 'strict', allow: ['api.example.com', /\\.internal$/] })";
  if (!Array.isArray(value)) {
    throw new TypeError(`configure({ allow }) takes an array of host names or RegExps, like ${example}; got ${kindOf(value)}.`);
  }
  for (const entry of value) {
    if (entry instanceof RegExp) continue;
    if (typeof entry !== 'string' || entry.trim() === '') {
      throw new TypeError(`configure({ allow }) lists host names or RegExps, like ${example}; got ${kindOf(entry)} in the list.`);
    }
    if (/[/:?#@\s]/.test(entry) && !isIpv6(entry)) {
      const host = hostIn(entry);
      throw new TypeError(
        `configure({ allow }) lists host names, without a scheme, port or path; got ${JSON.stringify(entry)}.` +
          (host === undefined ? '' : ` Write allow: [${JSON.stringify(host)}].`),
      );
    }
  }
  return Object.freeze(value.map((entry: AllowedHost) => (typeof entry === 'string' ? entry.toLowerCase() : entry)));
}

/** Loopback: `localhost`, 127.0.0.0/8 and ::1 (also as an IPv4-mapped address). */
export function isLoopback(host: string): boolean {
  const name = bare(host);
  return name === 'localhost' || name === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name) || name === '0:0:0:0:0:0:0:1';
}

/** Whether a request to `host` may leave under strict offline. */
export function isAllowed(host: string, list: readonly AllowedHost[]): boolean {
  if (isLoopback(host)) return true;
  const name = bare(host);
  return list.some((entry) => (typeof entry === 'string' ? entry === name : new RegExp(entry.source, entry.flags.replace(/[gy]/g, '')).test(name)));
}

/** A host as URLs write it (`[::1]`, `API.example.com.`) as the list compares it. */
function bare(host: string): string {
  return host.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '').toLowerCase();
}

function isIpv6(entry: string): boolean {
  return /^\[?[0-9a-f:.]+\]?$/i.test(entry) && entry.includes(':') && !/^[^:]*:\d+$/.test(entry);
}

function hostIn(entry: string): string | undefined {
  try {
    return new URL(entry.includes('://') ? entry : `http://${entry}`).hostname || undefined;
  } catch {
    return undefined;
  }
}

function kindOf(value: unknown): string {
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  if (value === null) return 'null';
  return typeof value;
}
