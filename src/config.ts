import { allowListOf, type AllowedHost } from './fakes/offline/allowedHosts';
import { NO_REDACT_ADDITIONS, redactSetting, type RedactOptions, type RedactSetting } from './format/redactOptions';
import { closest } from './format/closest';
import { ConfigureError } from './errors/ConfigureError';

/** Kit-wide settings, changed with `configure()`. With a setup entry loaded, they last until the test file ends. */
export interface KitConfig {
  /** Verify every double created during a test when the test ends (setup entries only). Default `true`. */
  autoVerify: boolean;
  /**
   * Stop agents whose model is a name or unset from reaching real models (setup entries only):
   * the run fails with an error that says how to script the agent. Default `true`.
   * `'strict'` also stops the models an app's own `new OpenAIProvider()` hands out, and every request
   * a test makes to a host beyond loopback that is not on the `allow` list (`fetch`, `http`, sockets).
   */
  offline: boolean | 'strict';
  /**
   * Hosts `offline: 'strict'` lets a test reach besides loopback (127.0.0.0/8, ::1, `localhost`,
   * always allowed): names (exact, any case) or RegExps they must match. Default `[]`.
   */
  allow: readonly AllowedHost[];
  /**
   * What a scripted tool call whose tool failed does, when the script did not plan the failure (the
   * SDK hands the model an error text and the run goes on): `'error'` records a mismatch and fails
   * the model call that carries the error (the default), `'warn'` prints it, `'ignore'` lets it pass.
   */
  onToolFailure: ToolFailurePolicy;
  /**
   * Names and patterns of credentials the kit redacts besides its own, in everything it writes or
   * prints: `{ names: ['x-tenant'], patterns: [/acct_[0-9]+/] }`. Default: none.
   */
  redact: RedactSetting;
}

/** What `configure()` takes: the settings, with `redact` as written by the user. */
export type KitOptions = Partial<Omit<KitConfig, 'redact'>> & { redact?: RedactOptions };

/** What an unplanned tool failure does; see `KitConfig.onToolFailure`. */
export type ToolFailurePolicy = 'error' | 'warn' | 'ignore';

const TOOL_FAILURE_POLICIES: readonly ToolFailurePolicy[] = ['error', 'warn', 'ignore'];

const DEFAULTS: Readonly<KitConfig> = Object.freeze({ autoVerify: true, offline: true, allow: Object.freeze([]), onToolFailure: 'error', redact: NO_REDACT_ADDITIONS });

const KEY = Symbol.for('agents-testkit.config');
const scope = globalThis as typeof globalThis & { [KEY]?: KitConfig };
// A copy of the kit loaded earlier (another build, an older version) may have made the settings without a field.
const config: KitConfig = (scope[KEY] ??= { ...DEFAULTS });
for (const [key, value] of Object.entries(DEFAULTS)) (config as unknown as Record<string, unknown>)[key] ??= value;

/**
 * Changes kit-wide settings; returns the settings as they were, so a test can restore them.
 * With a setup entry loaded, a change lasts until its test file ends, also when test files share
 * one module graph (Vitest's `isolate: false`).
 */
export function configure(options: KitOptions): KitConfig {
  checkKeys(options);
  const previous = { ...config };
  if (options.autoVerify !== undefined) {
    if (typeof options.autoVerify !== 'boolean') {
      throw refused('autoVerify', options.autoVerify, `configure({ autoVerify }) takes a boolean; got ${describe(options.autoVerify)}.`);
    }
    config.autoVerify = options.autoVerify;
  }
  if (options.offline !== undefined) {
    if (typeof options.offline !== 'boolean' && options.offline !== 'strict') {
      throw refused('offline', options.offline, `configure({ offline }) takes true, false or 'strict'; got ${describe(options.offline)}.`);
    }
    config.offline = options.offline;
  }
  if (options.allow !== undefined) config.allow = allowListOf(options.allow);
  if (options.onToolFailure !== undefined) {
    if (!TOOL_FAILURE_POLICIES.includes(options.onToolFailure)) {
      throw refused('onToolFailure', options.onToolFailure, `configure({ onToolFailure }) takes 'error', 'warn' or 'ignore'; got ${JSON.stringify(options.onToolFailure)}.`);
    }
    config.onToolFailure = options.onToolFailure;
  }
  if (options.redact !== undefined) config.redact = redactSetting(options.redact);
  return previous;
}

export function currentConfig(): Readonly<KitConfig> {
  return config;
}

/** Puts every setting back to its default; the setup entries call it when a test file ends. */
export function resetConfig(): void {
  Object.assign(config, DEFAULTS);
}

const KNOWN_KEYS: readonly (keyof KitOptions)[] = ['autoVerify', 'offline', 'allow', 'onToolFailure', 'redact'];

/** Refuses what is not an options object, and a key no setting has (a typo would otherwise change nothing, silently). */
function checkKeys(options: unknown): asserts options is KitOptions {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new ConfigureError({ received: options, message: `configure() takes an object of settings, like configure({ offline: 'strict' }); got ${describe(options)}.` });
  }
  for (const key of Object.keys(options)) {
    if ((KNOWN_KEYS as readonly string[]).includes(key)) continue;
    const suggestion = closest(key, KNOWN_KEYS);
    const hint = suggestion === undefined ? '' : ` Did you mean ${suggestion}?`;
    throw new ConfigureError({
      option: key,
      ...(suggestion === undefined ? {} : { suggestion }),
      received: (options as Record<string, unknown>)[key],
      message: `configure() has no setting ${JSON.stringify(key)}.${hint} The settings are ${KNOWN_KEYS.join(', ')}.`,
    });
  }
}

function refused(option: keyof KitOptions, received: unknown, message: string): ConfigureError {
  return new ConfigureError({ option, received, message });
}

function describe(value: unknown): string {
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  if (value === null) return 'null';
  return Array.isArray(value) ? 'an array' : typeof value;
}
