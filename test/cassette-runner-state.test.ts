/**
 * Probes of what the kit reads from the running test runner (src/fakes/runnerState.ts), under both
 * runners: a runner upgrade that moves them fails here first. Whether a failed test is seen as
 * failed is probed end to end by test/cassette-durability.test.ts, whose child runs fail tests.
 */
import { currentTest } from '../src/fakes/runnerState';
import { beforeAll, beforeEach, describe, expect, test } from './support';

let inBeforeAll: ReturnType<typeof currentTest> | 'not run';
let inBeforeEach: ReturnType<typeof currentTest> | 'not run';

describe('the runner state', () => {
  beforeAll(() => {
    inBeforeAll = currentTest();
  });
  beforeEach(() => {
    inBeforeEach = currentTest();
  });

  test('names the running test the same way under both runners, and says it has not failed', () => {
    expect(currentTest()).toEqual({ name: 'the runner state names the running test the same way under both runners, and says it has not failed', failed: false });
  });

  test('knows a beforeEach as part of its test, and a beforeAll as outside any test', () => {
    expect(inBeforeAll).toBeUndefined();
    expect(inBeforeEach).toEqual({ name: 'the runner state knows a beforeEach as part of its test, and a beforeAll as outside any test', failed: false });
  });

  describe('in a nested describe block', () => {
    test('joins every block name with single spaces', () => {
      expect(currentTest()?.name).toBe('the runner state in a nested describe block joins every block name with single spaces');
    });
  });
});
