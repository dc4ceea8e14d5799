import type { RunnerUtils } from './matcherUtils';

/**
 * The part of a runner's matcher context the kit uses. Vitest and Jest both provide it as `this`
 * in a matcher, so the matchers are written once against this type and never import a runner.
 */
export interface MatcherState {
  isNot: boolean;
  promise?: string;
  equals(a: unknown, b: unknown, customTesters?: readonly unknown[], strictCheck?: boolean): boolean;
  customTesters?: readonly unknown[];
  /** The runner's formatting helpers; messages are written with them (see matcherUtils.ts). */
  utils?: RunnerUtils;
}

export interface MatcherResult {
  pass: boolean;
  message(): string;
}

export type Matcher<Args extends unknown[]> = (this: MatcherState, received: unknown, ...args: Args) => MatcherResult;
