/**
 * Probes of every read of the runners' internals (src/runner/), each against the live state of the
 * runner running this spec, under both runners: a runner release that moves one fails here first.
 * The current test (name, file, failed so far), the tests the file declares and the ones it skipped,
 * the process that hears unhandled rejections, where code runs outside a test, Jest's hooks, and the
 * concurrent tests under way.
 * test/setup-*.test.ts check the skipped tests under `.only` and `-t` in fixture projects; whether a
 * failed test is seen as failed is probed end to end by the consumer promises (consumers/promises/
 * rerecord-dropped, recording-leftovers), whose runs fail tests that record.
 */
import { createRequire } from 'node:module';
import { concurrentTests } from '../src/runner/concurrent';
import { currentRunner, currentTest, currentTestFile, declaredTests, hostProcess, jestCircusState, skippedInJest, skippedInVitest, vitestAfterAllHooks, vitestFileMeta, vitestHookSequence } from '../src/runner/coupling';
import { currentSuiteReader, scopeInJest, scopeInVitest } from '../src/runner/scope';
import type { DoubleScope } from '../src/fakes/core/registry';
import { afterAll, beforeAll, beforeEach, describe, expect, runner, test } from './support';

/**
 * Where this code runs, as the setup entry of the runner running it reads it: under Jest through
 * scopeInJest, under Vitest through the reader the setup entry registered (scopeInVitest with
 * Vitest's own getCurrentSuite, which only a Vitest module can import).
 */
function scopeHere(): DoubleScope | undefined {
  if (runner === 'jest') return scopeInJest();
  const registry = (globalThis as unknown as Record<symbol, { reads?: { scope?: () => DoubleScope | undefined } }>)[Symbol.for('agents-testkit.registry')];
  return registry?.reads?.scope?.();
}

let inBeforeAll: ReturnType<typeof currentTest> | 'not run' = 'not run';
let inBeforeEach: ReturnType<typeof currentTest> | 'not run' = 'not run';
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
    const ran = (...names: string[]) => names.map((name) => ({ name, skipped: false }));
    expect(declaredTests()).toEqual([
      ...ran(
        'the runner state names the running test the same way under both runners, and says it has not failed',
        'the runner state knows a beforeEach as part of its test, and a beforeAll as outside any test',
        'the runner state knows which runner runs the file, and the file outside a test too (the command that records a test names both)',
        'the runner state in a nested describe block joins every block name with single spaces',
        "the runner state finds the process that hears the test's unhandled rejections: Jest's worker process, not the copy a test file sees",
        'the runner state lists every test of the file in the order they are declared, named as currentTest() names them, skipped ones marked',
      ),
      { name: 'the tests a file skipped a skipped test', skipped: true },
      { name: 'the tests a file skipped a test still to write', skipped: true },
      { name: 'the tests a file skipped a skipped block a test of a skipped block', skipped: true },
      ...ran(
        'the tests a file skipped are read off the runner, with their describe blocks, the .todo marked',
        'the tests a file skipped the Vitest file meta is found among the afterAll arguments',
        'the tests a file skipped nothing is read from something that is not the runner state',
        ...(runner === 'jest'
          ? [
              'the tests a file skipped jest-circus keeps its state on globalThis under a symbol described JEST_STATE_SYMBOL',
              "the tests a file skipped jest-circus keeps the root block's afterAll hooks as objects holding the function, its timeout and where it was declared (runFileEndLast moves them)",
              'the tests a file skipped Jest 30 has no jest.genMockFromModule, which Jest 29 has: the CommonJS setup entry reads that as "Jest awaits the function a setup file exports" (src/setup/jestCommonJs.cts)',
            ]
          : [
              "the tests a file skipped Vitest keeps the file block's afterAll hooks in the list TestRunner.getSuiteHooks returns, and its config says how it runs them (declareVitestFileEnd adds to the list)",
            ]),
        'where code runs outside a test a nested block a describe body and a beforeAll are in their block',
        ...(runner === 'jest' ? ['where code runs outside a test a block whose hook takes a done callback the hook still gets its callback, and is in its block'] : []),
        'where code runs outside a test a test is in a test',
        "an afterAll is in its block; the top level of a file is the file's scope",
        'concurrent tests first',
        'concurrent tests second',
        'concurrent tests are listed while under way, with their blocks, and not once ended',
        'concurrent tests a test that is not concurrent is not listed',
        ...(runner === 'vitest' ? ['the block Vitest collects is read with TestRunner.getCurrentSuite from Vitest 4.1, with vitest/suite before'] : []),
      ),
    ]);
  });
});

describe('the tests a file skipped', () => {
  test.skip('a skipped test', () => undefined);

  test.todo('a test still to write');

  describe.skip('a skipped block', () => {
    test('a test of a skipped block', () => undefined);
  });

  // Vitest passes a test its context; Jest passes nothing to a function that declares no parameters.
  test('are read off the runner, with their describe blocks, the .todo marked', function () {
    // eslint-disable-next-line prefer-rest-params
    const context = arguments[0] as { task?: { file?: unknown } } | undefined;
    const skipped = runner === 'vitest' ? skippedInVitest([undefined, context?.task?.file]) : skippedInJest();
    const title = (...names: string[]) => names.join(runner === 'vitest' ? ' > ' : ' ');

    expect(skipped).toEqual([
      { path: ['the tests a file skipped'], title: title('the tests a file skipped', 'a skipped test'), todo: false },
      { path: ['the tests a file skipped'], title: title('the tests a file skipped', 'a test still to write'), todo: true },
      { path: ['the tests a file skipped', 'a skipped block'], title: title('the tests a file skipped', 'a skipped block', 'a test of a skipped block'), todo: false },
    ]);
  });

  // Reporters read it as testModule.meta(); the promise consumers/promises/sharded-coverage follows it into blob reports.
  test('the Vitest file meta is found among the afterAll arguments', function () {
    // eslint-disable-next-line prefer-rest-params
    const context = arguments[0] as { task?: { file?: { meta?: unknown } } } | undefined;
    if (runner === 'vitest') expect(vitestFileMeta([undefined, context?.task?.file])).toBe(context?.task?.file?.meta);
    expect(vitestFileMeta([])).toBeUndefined();
    expect(vitestFileMeta([{ tasks: [], meta: 'not an object' }])).toBeUndefined();
  });

  test('nothing is read from something that is not the runner state', () => {
    expect(skippedInVitest([])).toEqual([]);
    expect(skippedInVitest([null, 'suite', { tasks: [null, { type: 'test', name: 'ran', mode: 'run' }] }])).toEqual([]);
    expect(currentSuiteReader({})).toBeUndefined();
    expect(currentSuiteReader({ TestRunner: {} })).toBeUndefined();
    // Each runner's scope reader says nothing under the other runner.
    if (runner === 'jest') expect(scopeInVitest(() => undefined)).toBeUndefined();
    else expect(scopeInJest()).toBeUndefined();
  });

  if (runner === 'jest') {
    test('jest-circus keeps its state on globalThis under a symbol described JEST_STATE_SYMBOL', () => {
      expect(jestCircusState()?.rootDescribeBlock).toMatchObject({ type: 'describeBlock', children: expect.any(Array) });
    });

    test("jest-circus keeps the root block's afterAll hooks as objects holding the function, its timeout and where it was declared (runFileEndLast moves them)", () => {
      const hooks = (jestCircusState()?.rootDescribeBlock?.hooks as Record<string, unknown>[]).filter((hook) => hook.type === 'afterAll');
      expect(hooks.length).toBeGreaterThanOrEqual(1);
      for (const hook of hooks) {
        expect(hook.fn).toEqual(expect.any(Function));
        expect(Object.keys(hook)).toEqual(expect.arrayContaining(['fn', 'timeout', 'asyncError']));
      }
    });

    test('Jest 30 has no jest.genMockFromModule, which Jest 29 has: the CommonJS setup entry reads that as "Jest awaits the function a setup file exports" (src/setup/jestCommonJs.cts)', async () => {
      const { jest } = await import('@jest/globals');
      const major = Number(String(createRequire(__filename)('jest/package.json').version).split('.')[0]);
      expect({ major: major >= 30, genMockFromModule: 'genMockFromModule' in jest }).toEqual({ major: true, genMockFromModule: false });
    });
  } else {
    test("Vitest keeps the file block's afterAll hooks in the list TestRunner.getSuiteHooks returns, and its config says how it runs them (declareVitestFileEnd adds to the list)", async () => {
      const vitest = await import('vitest');
      const file = (globalThis as { __vitest_worker__?: { current?: { file?: unknown } } }).__vitest_worker__?.current?.file;
      const hooks = vitestAfterAllHooks(vitest, file);
      // The kit's file end, declared by the setup file: Vitest's wrapper of it.
      expect(hooks?.length).toBeGreaterThanOrEqual(1);
      expect(hooks?.every((hook) => typeof hook === 'function')).toBe(true);
      expect(vitestAfterAllHooks(vitest, file)).toBe(hooks);
      expect(vitestHookSequence()).toBe('stack');
      expect(vitestAfterAllHooks({}, file)).toBeUndefined();
    });
  }
});

let inAfterAll: DoubleScope | undefined;

describe('where code runs outside a test', () => {
  const inBody = scopeHere();
  let inBeforeAll: DoubleScope | undefined;
  beforeAll(() => {
    inBeforeAll = scopeHere();
  });

  describe('a nested block', () => {
    const inNestedBody = scopeHere();
    let inNestedBeforeAll: DoubleScope | undefined;
    beforeAll(() => {
      inNestedBeforeAll = scopeHere();
    });

    test('a describe body and a beforeAll are in their block', () => {
      expect(inBody).toEqual({ block: ['where code runs outside a test'] });
      expect(inBeforeAll).toEqual({ block: ['where code runs outside a test'] });
      expect(inNestedBody).toEqual({ block: ['where code runs outside a test', 'a nested block'] });
      expect(inNestedBeforeAll).toEqual({ block: ['where code runs outside a test', 'a nested block'] });
    });
  });

  if (runner === 'jest') {
    describe('a block whose hook takes a done callback', () => {
      let inDoneHook: DoubleScope | undefined;
      beforeAll((done: () => void) => {
        inDoneHook = scopeHere();
        setTimeout(done, 5);
      });

      test('the hook still gets its callback, and is in its block', () => {
        expect(inDoneHook).toEqual({ block: ['where code runs outside a test', 'a block whose hook takes a done callback'] });
      });
    });
  }

  test('a test is in a test', () => {
    expect(scopeHere()).toEqual({ test: expect.stringContaining('a test is in a test') });
  });

  afterAll(() => {
    inAfterAll = scopeHere();
  });
});

test('an afterAll is in its block; the top level of a file is the file\'s scope', () => {
  expect(inAfterAll).toEqual({ block: ['where code runs outside a test'] });
  expect(topLevel).toEqual({ block: [] });
});

const topLevel = scopeHere();

describe('concurrent tests', () => {
  // What each concurrent test saw once both had started; neither ends before both have looked.
  const seen: string[][] = [];
  let started = 0;
  const until = async (done: () => boolean) => {
    for (let waited = 0; !done() && waited < 100; waited += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  };
  const both = async () => {
    started += 1;
    await until(() => started === 2);
    seen.push(concurrentTests());
    await until(() => seen.length === 2);
  };
  test.concurrent('first', both);
  test.concurrent('second', both);

  test('are listed while under way, with their blocks, and not once ended', () => {
    expect(seen).toEqual([
      ['concurrent tests first', 'concurrent tests second'],
      ['concurrent tests first', 'concurrent tests second'],
    ]);
    expect(concurrentTests()).toEqual([]);
  });

  test('a test that is not concurrent is not listed', () => {
    expect(concurrentTests()).toEqual([]);
  });
});

if (runner === 'vitest') {
  test('the block Vitest collects is read with TestRunner.getCurrentSuite from Vitest 4.1, with vitest/suite before', async () => {
    const [major = 0, minor = 0] = String(createRequire(__filename)('vitest/package.json').version).split('.').map(Number);
    const reader = currentSuiteReader(await import('vitest'));
    if (major > 4 || (major === 4 && minor >= 1)) expect(reader).toEqual(expect.any(Function));
    else expect(reader).toBeUndefined();
  });
}
