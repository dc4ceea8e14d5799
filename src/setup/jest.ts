import { afterAll, afterEach, beforeAll, beforeEach, expect } from '@jest/globals';
import { install, type RunnerHooks } from './install';
import { skippedInJest } from '../runner/coupling';
import { followJestConcurrentTests } from '../runner/concurrent';
import { followJestHooks, scopeInJest } from '../runner/scope';
import { asFileEndHook, runFileEndLast } from '../runner/fileEndLast';
import type { AgentsMatchers } from '../matchers/types';

// Jest provides `@jest/globals` to every test file itself, also under `injectGlobals: false`.
// The CommonJS build cannot wait at the top level: the kit's beforeAll waits for what install() loads.
void install({
  expect: expect as unknown as RunnerHooks['expect'],
  // The kit's beforeAll is the file's first hook: the file's end now comes after the file's own
  // afterAll hooks, from there on the others say whose they are, and the concurrent tests' bodies
  // say when they run.
  beforeAll: (fn) =>
    beforeAll(() => {
      runFileEndLast();
      followJestHooks();
      followJestConcurrentTests();
      return fn();
    }),
  beforeEach,
  afterEach: (fn) => afterEach(() => fn(false)),
  afterAll: (fn) => afterAll(asFileEndHook(() => fn(skippedInJest()))),
  testName: () => expect.getState().currentTestName,
  testFile: () => expect.getState().testPath,
  scope: scopeInJest,
});

// The asymmetric forms (`expect.toHaveCalledTool(…)` inside `toEqual`) return `any`, as the
// runners' own do; extending `AgentsMatchers<any>` keeps the generic, typed tool arguments.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace jest {
    interface Matchers<R, T = {}> extends AgentsMatchers<R> {}
    interface Expect extends AgentsMatchers<any> {}
    interface InverseAsymmetricMatchers extends AgentsMatchers<any> {}
  }
}

// `@jest/globals` types `expect(…)` with the `expect` package's `Matchers`, so that module is
// augmented: TypeScript resolves it from this package's folder, which is why `expect` is an
// optional peer (under pnpm without hoisting and Yarn PnP, a project that imports from
// `@jest/globals` adds `expect` itself; README, Troubleshooting). Its `Matchers` took the second
// type parameter declared here in 29.4.2, the lower bound of the peer ranges.
declare module 'expect' {
  interface Matchers<R extends void | Promise<void>, T = unknown> extends AgentsMatchers<R> {}
  interface AsymmetricMatchers extends AgentsMatchers<any> {}
}
