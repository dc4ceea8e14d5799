/**
 * Probes of what the kit reads from the running test runner (src/fakes/runnerState.ts), under both
 * runners: a runner upgrade that moves them fails here first. Whether a failed test is seen as
 * failed is probed end to end by test/cassette-durability.test.ts, whose child runs fail tests.
 */
import { currentRunner, currentTest, currentTestFile, declaredTests, hostProcess } from '../src/fakes/runnerState';
import { beforeAll, beforeEach, describe, expect, runner, test } from './support';

let inBeforeAll: ReturnType<typeof currentTest> | 'not run';
let inBeforeEach: ReturnType<typeof currentTest> | 'not run';
let fileInBeforeAll: string | undefined;

describe('the runner state', () => {
  beforeAll(() => {
    inBeforeAll = currentTest();
    fileInBeforeAll = currentTestFile();
  });
  beforeEach(() => {
    inBeforeEach = currentTest();
  });

  test('names the running test the same way under both runners, and says it has not failed', () => {
    expect(currentTest()).toEqual({ name: 'the runner state names the running test the same way under both runners, and says it has not failed', failed: false, file: __filename });
  });

  test('knows a beforeEach as part of its test, and a beforeAll as outside any test', () => {
    expect(inBeforeAll).toBeUndefined();
    expect(inBeforeEach).toEqual({ name: 'the runner state knows a beforeEach as part of its test, and a beforeAll as outside any test', failed: false, file: __filename });
  });

  test('knows which runner runs the file, and the file outside a test too (the command that records a test names both)', () => {
    expect(currentRunner()).toBe(runner);
    expect(currentTestFile()).toBe(__filename);
    expect(fileInBeforeAll).toBe(__filename);
  });

  describe('in a nested describe block', () => {
    test('joins every block name with single spaces', () => {
      expect(currentTest()?.name).toBe('the runner state in a nested describe block joins every block name with single spaces');
    });
  });

  test('finds the process that hears the test\'s unhandled rejections: Jest\'s worker process, not the copy a test file sees', async () => {
    const host = hostProcess();
    const heard: unknown[] = [];
    // Handled once heard, so that the runner, which heard it too, lets the test pass.
    const onRejection = (reason: unknown, promise: Promise<unknown>) => {
      heard.push(reason);
      promise.catch(() => undefined);
    };
    const onHandled = () => undefined;
    host.on('unhandledRejection', onRejection);
    host.on('rejectionHandled', onHandled);
    try {
      void Promise.reject(new Error('probe'));
      await new Promise((resolve) => setTimeout(resolve, 5));
    } finally {
      host.off('unhandledRejection', onRejection);
      host.off('rejectionHandled', onHandled);
    }
    expect(heard).toEqual([new Error('probe')]);
    expect(host === process).toBe(runner === 'vitest');
  });

  test('lists every test of the file in the order they are declared, named as currentTest() names them, skipped ones marked', () => {
    expect(declaredTests()).toEqual([
      { name: 'the runner state names the running test the same way under both runners, and says it has not failed', skipped: false },
      { name: 'the runner state knows a beforeEach as part of its test, and a beforeAll as outside any test', skipped: false },
      { name: 'the runner state knows which runner runs the file, and the file outside a test too (the command that records a test names both)', skipped: false },
      { name: 'the runner state in a nested describe block joins every block name with single spaces', skipped: false },
      { name: "the runner state finds the process that hears the test's unhandled rejections: Jest's worker process, not the copy a test file sees", skipped: false },
      { name: 'the runner state lists every test of the file in the order they are declared, named as currentTest() names them, skipped ones marked', skipped: false },
      { name: 'the runner state a skipped test', skipped: true },
      { name: 'the runner state a todo', skipped: true },
      { name: 'the runner state in a skipped block a test', skipped: true },
    ]);
  });

  test.skip('a skipped test', () => undefined);
  test.todo('a todo');
  describe.skip('in a skipped block', () => {
    test('a test', () => undefined);
  });
});
