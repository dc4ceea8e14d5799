import { closest } from './closest';

/**
 * The refusal of the first key of `options` that `known` lacks (the builders refuse it with reason
 * `unknown_option`), worded as `configure()` words an unknown setting; `undefined` when `known` has them all.
 */
export function unknownKeyProblem(options: object, known: Readonly<Record<string, true>>, noun: 'options' | 'fields' = 'options'): string | undefined {
  const unknown = Object.keys(options).find((key) => !Object.hasOwn(known, key));
  if (unknown === undefined) return undefined;
  const names = Object.keys(known);
  const suggestion = closest(unknown, names);
  return `${JSON.stringify(unknown)} is not one of its ${noun}.${suggestion === undefined ? '' : ` Did you mean ${suggestion}?`} The ${noun} are ${names.join(', ')}.`;
}
