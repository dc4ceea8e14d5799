/** A coverage reporter was given an option it cannot use; thrown when the runner builds the reporter. */
export class CoverageOptionsError extends Error {
  override readonly name = 'CoverageOptionsError';
  /** The option, as written in the runner's config: `threshold.tools`. */
  readonly option: string;
  /** What the config gave. */
  readonly received: unknown;

  constructor(option: string, expected: string, received: unknown) {
    super(`agents-testkit coverage reporter: ${option} must be ${expected}; got ${describe(received)}.`);
    this.option = option;
    this.received = received;
  }
}

function describe(value: unknown): string {
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  if (typeof value === 'number') return String(value);
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}
