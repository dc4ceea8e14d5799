/** Kit-wide settings, changed with `configure()`. */
export interface KitConfig {
  /** Verify every double created during a test when the test ends (setup entries only). Default `true`. */
  autoVerify: boolean;
  /**
   * Stop agents whose model is a name or unset from reaching real models (setup entries only):
   * the run fails with an error that says how to script the agent. Default `true`.
   */
  offline: boolean;
  /**
   * What a scripted tool call whose tool failed does, when the script did not plan the failure (the
   * SDK hands the model an error text and the run goes on): `'error'` records a mismatch and fails
   * the model call that carries the error (the default), `'warn'` prints it, `'ignore'` lets it pass.
   */
  onToolFailure: ToolFailurePolicy;
}

/** What an unplanned tool failure does; see `KitConfig.onToolFailure`. */
export type ToolFailurePolicy = 'error' | 'warn' | 'ignore';

const TOOL_FAILURE_POLICIES: readonly ToolFailurePolicy[] = ['error', 'warn', 'ignore'];

const KEY = Symbol.for('agents-testkit.config');
const scope = globalThis as typeof globalThis & { [KEY]?: KitConfig };
const config: KitConfig = (scope[KEY] ??= { autoVerify: true, offline: true, onToolFailure: 'error' });
config.onToolFailure ??= 'error';

/** Changes kit-wide settings; returns the settings as they were, so a test can restore them. */
export function configure(options: Partial<KitConfig>): KitConfig {
  const previous = { ...config };
  if (options.autoVerify !== undefined) {
    if (typeof options.autoVerify !== 'boolean') {
      throw new TypeError(`configure({ autoVerify }) takes a boolean; got ${typeof options.autoVerify}.`);
    }
    config.autoVerify = options.autoVerify;
  }
  if (options.offline !== undefined) {
    if (typeof options.offline !== 'boolean') {
      throw new TypeError(`configure({ offline }) takes a boolean; got ${typeof options.offline}.`);
    }
    config.offline = options.offline;
  }
  if (options.onToolFailure !== undefined) {
    if (!TOOL_FAILURE_POLICIES.includes(options.onToolFailure)) {
      throw new TypeError(`configure({ onToolFailure }) takes 'error', 'warn' or 'ignore'; got ${JSON.stringify(options.onToolFailure)}.`);
    }
    config.onToolFailure = options.onToolFailure;
  }
  return previous;
}

export function currentConfig(): Readonly<KitConfig> {
  return config;
}
