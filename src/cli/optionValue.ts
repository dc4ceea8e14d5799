import type { parseArgs } from 'node:util';

type Token = NonNullable<ReturnType<typeof parseArgs>['tokens']>[number];
type OptionToken = Extract<Token, { kind: 'option' }>;

/**
 * The value an option token carries, or `undefined` when it carries none: `--report` last,
 * `--report=`, or `--report --json`, where parseArgs (not strict) takes the next option for the value.
 */
export function optionValue(token: OptionToken): string | undefined {
  const { value } = token;
  return value === undefined || value === '' || (!token.inlineValue && value.startsWith('-')) ? undefined : value;
}
