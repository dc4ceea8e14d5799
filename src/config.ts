/** Kit-wide settings, changed with `configure()`. */
export interface KitConfig {
  /** Verify every double created during a test when the test ends (setup entries only). Default `true`. */
  autoVerify: boolean;
}

const KEY = Symbol.for('agents-testkit.config');
const scope = globalThis as typeof globalThis & { [KEY]?: KitConfig };
const config: KitConfig = (scope[KEY] ??= { autoVerify: true });

/** Changes kit-wide settings; returns the settings as they were, so a test can restore them. */
export function configure(options: Partial<KitConfig>): KitConfig {
  const previous = { ...config };
  if (options.autoVerify !== undefined) {
    if (typeof options.autoVerify !== 'boolean') {
      throw new TypeError(`configure({ autoVerify }) takes a boolean; got ${typeof options.autoVerify}.`);
    }
    config.autoVerify = options.autoVerify;
  }
  return previous;
}

export function currentConfig(): Readonly<KitConfig> {
  return config;
}
