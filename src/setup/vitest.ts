import * as vitest from 'vitest';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test as baseTest } from 'vitest';
import { install } from './install';
import { skippedInVitest, vitestFileMeta, vitestFileSuite } from '../runner/coupling';
import { currentSuiteReader, scopeInVitest } from '../runner/scope';
import { declareVitestFileEnd } from '../runner/fileEndLast';
import type { Kit } from './kit';
import type { AgentsMatchers } from '../matchers/types';

/**
 * The block Vitest is collecting (a `describe` body runs): `TestRunner.getCurrentSuite` from 4.1,
 * which deprecates `vitest/suite` (importing it prints a warning), and `vitest/suite` before.
 */
const getCurrentSuite: () => unknown = currentSuiteReader(vitest) ?? (await import('vitest/suite')).getCurrentSuite;

/** Moves the kit's file end after the file's own `afterAll` hooks, where `sequence.hooks` would run it first. */
let keepFileEndLast = (_fileSuite: unknown): void => {};

await install({
  expect,
  // Without parameters, as `afterAll`'s below: it finds the file's block among its arguments.
  beforeAll: (fn) =>
    beforeAll(function fileStarted() {
      // eslint-disable-next-line prefer-rest-params
      keepFileEndLast(vitestFileSuite([...arguments]));
      return fn();
    }),
  beforeEach,
  // Vitest 4 parses a hook's first parameter for fixtures: it must be destructured, or every test
  // built with `test.extend` (the kit's own `test` included) fails with a FixtureParseError.
  afterEach: (fn) => afterEach(({ task }) => fn(task.concurrent === true)),
  // Vitest 4.1 passes the file's suite second (after a context), earlier versions first; a
  // function without parameters is not parsed for fixtures, and finds it among its arguments.
  // The suite's meta carries the file's agent coverage to the reporter (and into blob reports).
  afterAll: (fn) => {
    keepFileEndLast = declareVitestFileEnd(
      vitest,
      (hook) => afterAll(hook),
      (args) => fn(skippedInVitest(args), vitestFileMeta(args)),
    );
  },
  testName: () => expect.getState().currentTestName,
  testFile: () => expect.getState().testPath,
  scope: () => scopeInVitest(getCurrentSuite),
  // As the test file imports it: a config that inlines the SDK (`server.deps.inline`) gives the test file another copy than the kit's.
  importSdk: () => vitest.vi.importActual('@openai/agents'),
});

/**
 * Vitest's `test` with a `kit` fixture whose doubles are verified when *that* test ends, also under
 * `test.concurrent`: `test.concurrent('…', async ({ kit, expect }) => { const m = kit.model()… })`.
 */
export const test = baseTest.extend<{ kit: Kit }>({
  // eslint-disable-next-line no-empty-pattern
  kit: async ({}, use) => {
    // Loaded with the first test that uses the fixture: the builders (and the SDK's testing
    // module) are no part of what importing the setup file costs (bench/README.md).
    const { createKit } = await import('./kit');
    const kit = createKit();
    await use(kit);
    kit.verify();
  },
});
export const it = test;

export type { Kit };

// Vitest 3.2+ types `expect(…)`, `expect.*` and `expect.extend` from `Matchers` alone; the
// asymmetric interface adds `expect.not.*` (and `expect.*` before 3.2). Both must return `any`:
// `ExpectStatic` extends both, and differing member types would conflict. Vitest 3.0 and 3.1 type
// `expect(…)` as `Assertion`, which joined `Matchers` only in 3.2: without `Assertion` here every
// matcher call is a type error there (scripts/matrix.mjs, npm/oldest/vitest).
declare module 'vitest' {
  interface Assertion<T = any> extends AgentsMatchers<T> {}
  interface Matchers<T = any> extends AgentsMatchers<T> {}
  interface AsymmetricMatchersContaining extends AgentsMatchers<any> {}
}
