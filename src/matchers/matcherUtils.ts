import { createRequire } from 'node:module';

/**
 * `jest-matcher-utils`, loaded on the first matcher call instead of when a setup entry is imported:
 * with chalk, jest-diff and pretty-format it is most of what importing the kit costs (bench/README.md).
 * Matchers import these names from here rather than from 'jest-matcher-utils'.
 */
type Utils = typeof import('jest-matcher-utils');

// A synchronous load from either build: `import.meta.url` is shimmed in the CommonJS one.
const load = createRequire(import.meta.url);
let utils: Utils | undefined;
const lazy = (): Utils => (utils ??= load('jest-matcher-utils') as Utils);

type Color = (...text: unknown[]) => string;

export const EXPECTED_COLOR: Color = (...text) => lazy().EXPECTED_COLOR(...text);
export const RECEIVED_COLOR: Color = (...text) => lazy().RECEIVED_COLOR(...text);
export const DIM_COLOR: Color = (...text) => lazy().DIM_COLOR(...text);
export const BOLD_WEIGHT: Color = (...text) => lazy().BOLD_WEIGHT(...text);
export const INVERTED_COLOR: Color = (...text) => lazy().INVERTED_COLOR(...text);

export const matcherHint: Utils['matcherHint'] = (...args) => lazy().matcherHint(...args);
export const matcherErrorMessage: Utils['matcherErrorMessage'] = (...args) => lazy().matcherErrorMessage(...args);
export const printExpected: Utils['printExpected'] = (value) => lazy().printExpected(value);
export const printReceived: Utils['printReceived'] = (value) => lazy().printReceived(value);
export const printDiffOrStringify: Utils['printDiffOrStringify'] = (...args) => lazy().printDiffOrStringify(...args);
export const stringify: Utils['stringify'] = (...args) => lazy().stringify(...args);
export const diff: Utils['diff'] = (...args) => lazy().diff(...args);
export const pluralize: Utils['pluralize'] = (...args) => lazy().pluralize(...args);

export function printWithType<T>(name: string, value: T, print: (value: T) => string): string {
  return lazy().printWithType(name, value, print);
}
