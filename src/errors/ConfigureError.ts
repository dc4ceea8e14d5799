/**
 * `configure()` was given a setting it does not know, a value a setting cannot take, or no object.
 * A `TypeError`, as the checks of `configure()` always threw, with the setting and what was given.
 */
export class ConfigureError extends TypeError {
  override readonly name = 'ConfigureError';
  /** The setting, as written (`offlne`); `undefined` when `configure()` was given no object. */
  readonly option: string | undefined;
  /** The known setting closest to an unknown one, when it is close enough to be a typo. */
  readonly suggestion: string | undefined;
  /** What was given for the setting (or instead of the object). */
  readonly received: unknown;

  constructor(options: { message: string; option?: string; suggestion?: string; received: unknown }) {
    super(options.message);
    this.option = options.option;
    this.suggestion = options.suggestion;
    this.received = options.received;
  }
}
