/** Kit-wide settings, changed with `configure()`. */
export interface KitConfig {
  /** Verify every double created during a test when the test ends (setup entries only). Default `true`. */
  autoVerify: boolean;
  /**
   * Stop agents whose model is a name or unset from reaching real models (setup entries only):
   * the run fails with an error that says how to script the agent. Default `true`.
   */
  offline: boolean;
}

const KEY = Symbol.for('agents-testkit.config');
const scope = globalThis as typeof globalThis & { [KEY]?: KitConfig };
const config: KitConfig = (scope[KEY] ??= { autoVerify: true, offline: true });

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
  return previous;
}

export function currentConfig(): Readonly<KitConfig> {
  return config;
}
