/**
 * Every read of a test runner's internals, Vitest's and Jest's, lives in src/runner/ (nothing there
 * imports a runner). This file reads the runners' state: the current test (its name, file, whether
 * it failed so far), the tests its file declares, the tests the file skipped, and which process
 * hears a test's unhandled rejections; ./scope.ts reads where code runs outside a test and follows
 * Jest's hooks; ./concurrent.ts says which concurrent tests are under way. The setup entries call the runners' public API (`beforeAll`, `expect.getState()`…)
 * themselves. test/runner-coupling.test.ts probes each read under both runners, so a runner release
 * that moves one fails there first, naming it.
 */

// ---------------------------------------------------------------------------------------------
// The runners' state

/**
 * The part of a Vitest task the kit reads: a file's suite, a block or a test. Fields are `unknown`:
 * each read checks what it finds.
 */
export interface VitestTask {
  type?: unknown;
  name?: unknown;
  mode?: unknown;
  result?: { state?: unknown };
  tasks?: unknown;
  /** The file's suite: every test of the file under `tasks`. */
  file?: VitestTask;
  /** The block around a suite or test (`undefined`, or the file, at the top level). */
  suite?: unknown;
  /** Set on the file's own suite only. */
  filepath?: unknown;
}

/** A describe block, a test or a hook's block, as jest-circus keeps them. */
export interface CircusBlock {
  type?: unknown;
  name?: unknown;
  mode?: unknown;
  status?: unknown;
  errors?: unknown;
  children?: unknown;
  parent?: unknown;
  hooks?: unknown;
}

/** The part of jest-circus's state the kit reads. */
export interface CircusState {
  rootDescribeBlock?: CircusBlock;
  currentDescribeBlock?: CircusBlock;
  currentlyRunningTest?: CircusBlock | null;
  hasStarted?: unknown;
  /** The worker's own process, which circus listens to for uncaught errors. */
  parentProcess?: NodeJS.Process;
}

/** How Vitest runs the hooks of a block (`sequence.hooks`: `stack`, its default, `list` or `parallel`), from the worker's config. */
export function vitestHookSequence(): unknown {
  return (globalThis as { __vitest_worker__?: { config?: { sequence?: { hooks?: unknown } } } }).__vitest_worker__?.config?.sequence?.hooks;
}

/**
 * The `afterAll` hooks Vitest keeps for a block (`TestRunner.getSuiteHooks`, from 4.1): the list it
 * reads when the block ends, so a hook moved in it runs in its new place. `undefined` before 4.1.
 */
export function vitestAfterAllHooks(vitest: object, suite: unknown): unknown[] | undefined {
  const getSuiteHooks = (vitest as { TestRunner?: { getSuiteHooks?: (suite: unknown) => unknown } }).TestRunner?.getSuiteHooks;
  if (typeof getSuiteHooks !== 'function' || !isObject(suite)) return undefined;
  try {
    const hooks = (getSuiteHooks(suite) as { afterAll?: unknown } | undefined)?.afterAll;
    return Array.isArray(hooks) ? hooks : undefined;
  } catch {
    return undefined;
  }
}

/** Vitest's worker state: `current` is the task it runs (a test, or a suite whose hooks run). */
export function vitestTask(): VitestTask | undefined {
  const current = (globalThis as { __vitest_worker__?: { current?: unknown } }).__vitest_worker__?.current;
  return typeof current === 'object' && current !== null ? (current as VitestTask) : undefined;
}

// Both runners keep `expect`'s state under this symbol; `currentTestName` is the running test's.
const MATCHERS_OBJECT = Symbol.for('$$jest-matchers-object');

// Kept once found: jest-circus sets its state up before any test file (or setup file) loads, and
// the lookup was made for every cassette created (bench/README.md). Not found is looked up again.
let circusKey: symbol | undefined;

/**
 * jest-circus keeps its state on `globalThis` under a symbol described `JEST_STATE_SYMBOL`
 * (created with `Symbol()`, not `Symbol.for()`, so it is found by its description).
 */
export function jestCircusState(): CircusState | undefined {
  // jest-circus loads Jest's `expect`, which keeps its state on the same global, with its state: with
  // no `expect` state (a plain script) there is no circus state to look for either.
  if (circusKey === undefined && !(MATCHERS_OBJECT in globalThis)) return undefined;
  circusKey ??= Object.getOwnPropertySymbols(globalThis).find((symbol) => symbol.description === 'JEST_STATE_SYMBOL');
  const found = circusKey === undefined ? undefined : (globalThis as unknown as Record<symbol, unknown>)[circusKey];
  return typeof found === 'object' && found !== null ? (found as CircusState) : undefined;
}

export function isObject<T>(value: unknown): value is T {
  return typeof value === 'object' && value !== null;
}

export function nameOf(entry: { name?: unknown }): string {
  return typeof entry.name === 'string' ? entry.name : '';
}

export function childrenOf(block: CircusBlock): CircusBlock[] {
  return Array.isArray(block.children) ? (block.children as unknown[]).filter(isObject<CircusBlock>) : [];
}

export function tasksOf(task: VitestTask): VitestTask[] {
  return Array.isArray(task.tasks) ? (task.tasks as unknown[]).filter(isObject<VitestTask>) : [];
}

// ---------------------------------------------------------------------------------------------
// The current test

/** The current test: its full name as both runners can agree on it, and whether it has failed so far. */
export interface CurrentTest {
  /** `describe block test name`, the names joined by single spaces (Jest's form; Vitest's ` > ` is read as a space). */
  readonly name: string;
  /** `true` once the runner recorded an error for the test; `undefined` when the runner does not say. */
  readonly failed: boolean | undefined;
  /** The test file's path, as `expect.getState().testPath` gives it. */
  readonly file?: string;
}

function expectState(): { currentTestName?: unknown; testPath?: unknown } | undefined {
  return (globalThis as unknown as Record<symbol, { state?: { currentTestName?: unknown; testPath?: unknown } } | undefined>)[MATCHERS_OBJECT]?.state;
}

function expectedTestName(): string | undefined {
  const name = expectState()?.currentTestName;
  return typeof name === 'string' && name !== '' ? name : undefined;
}

function testFile(): { file?: string } {
  const path = expectState()?.testPath;
  return typeof path === 'string' && path !== '' ? { file: path } : {};
}

/** The test running now, or `undefined` outside a test (a `beforeAll`, a `describe` body, a script). */
export function currentTest(): CurrentTest | undefined {
  const task = vitestTask();
  if (task !== undefined) {
    if (task.type !== 'test') return undefined;
    const name = expectedTestName() ?? nameOf(task);
    const state = task.result?.state;
    return { name: name.split(' > ').join(' '), failed: state === 'fail' ? true : state === 'pass' || state === 'run' ? false : undefined, ...testFile() };
  }
  const state = jestCircusState();
  if (state === undefined) return undefined;
  const test = state.currentlyRunningTest;
  if (!isObject<CircusBlock>(test)) return undefined;
  const name = expectedTestName() ?? nameOf(test);
  return { name, failed: Array.isArray(test.errors) ? test.errors.length > 0 : undefined, ...testFile() };
}

/** Which runner runs this file, by the state each keeps for itself; `undefined` outside both. */
export function currentRunner(): 'vitest' | 'jest' | undefined {
  if ((globalThis as { __vitest_worker__?: unknown }).__vitest_worker__ !== undefined) return 'vitest';
  return jestCircusState() !== undefined ? 'jest' : undefined;
}

/** The running test file, in a test or outside one (a `describe` body, a hook). */
export function currentTestFile(): string | undefined {
  return testFile().file;
}

/**
 * The process that hears the test's unhandled rejections. Jest hands a test file a copy of
 * `process` whose events never fire; the worker's own process is the one circus listens to, and
 * circus keeps it in its state. Vitest runs test files in the worker's process itself.
 */
export function hostProcess(): NodeJS.Process {
  const parent = jestCircusState()?.parentProcess;
  return typeof parent?.on === 'function' ? parent : process;
}

// ---------------------------------------------------------------------------------------------
// The tests of the running file

/** A test of the running file: its full name, and whether it is skipped or a todo (it never runs). */
interface DeclaredTest {
  name: string;
  skipped: boolean;
}

/**
 * Every test of the running file, in the order they are declared, with full names as
 * `currentTest()` gives them (block names and the test's joined by single spaces); `undefined`
 * when the runner does not say.
 */
export function declaredTests(): DeclaredTest[] | undefined {
  const file = vitestTask()?.file;
  if (isObject<VitestTask>(file)) return testsUnder(file, tasksOf, 'suite');
  const root = jestCircusState()?.rootDescribeBlock;
  return isObject<CircusBlock>(root) ? testsUnder(root, childrenOf, 'describeBlock') : undefined;
}

/** The tests under a runner's root block, walking blocks of type `block`; a skipped block skips its tests. */
function testsUnder<T extends { type?: unknown; name?: unknown; mode?: unknown }>(root: T, children: (entry: T) => T[], block: string): DeclaredTest[] {
  const tests: DeclaredTest[] = [];
  const walk = (parent: T, path: readonly string[], skipped: boolean): void => {
    for (const child of children(parent)) {
      const name = [...path, nameOf(child)];
      const skip = skipped || child.mode === 'skip' || child.mode === 'todo';
      if (child.type === block) walk(child, name, skip);
      else if (child.type === 'test') tests.push({ name: name.join(' '), skipped: skip });
    }
  };
  walk(root, [], false);
  return tests;
}

/** A test of the file that did not run. */
export interface SkippedTest {
  /** The names of the `describe` blocks around it, outermost first. */
  readonly path: readonly string[];
  /** Its full name, as the runner writes it (`block > test` in Vitest, `block test` in Jest). */
  readonly title: string;
  /** A `.todo`: it has no body, so it could not have used a step of any script. */
  readonly todo: boolean;
}

/**
 * The tests of a Vitest file that did not run, from the arguments `afterAll` passed its hook: the
 * file's suite (Vitest 4.1 passes it second, after a context; earlier versions first), whose tests
 * carry `mode: 'skip' | 'todo'` once Vitest has applied `.skip`, `.only` and `-t`.
 */
export function skippedInVitest(hookArguments: readonly unknown[]): SkippedTest[] {
  const suite = hookArguments.find((argument) => isObject<VitestTask>(argument) && Array.isArray(argument.tasks));
  const skipped: SkippedTest[] = [];
  const walk = (task: VitestTask, path: readonly string[]) => {
    for (const child of tasksOf(task)) {
      const name = nameOf(child);
      // Nameless blocks are left out of paths, as `vitestPath` leaves out the one Vitest collects a file's top level in.
      if (child.type === 'suite') walk(child, name === '' ? path : [...path, name]);
      else if (child.type === 'test' && (child.mode === 'skip' || child.mode === 'todo')) {
        skipped.push({ path, title: [...path, name].join(' > '), todo: child.mode === 'todo' });
      }
    }
  };
  if (isObject<VitestTask>(suite)) walk(suite, []);
  return skipped;
}

/** The file's block among a file-level hook's arguments (the suite Vitest hands `beforeAll` and `afterAll`). */
export function vitestFileSuite(hookArguments: readonly unknown[]): unknown {
  const suite = hookArguments.find((argument) => isObject<VitestTask>(argument) && Array.isArray(argument.tasks)) as VitestTask | undefined;
  return isObject<VitestTask>(suite?.file) ? suite.file : suite;
}

/**
 * The `meta` of the Vitest file's suite among the arguments `afterAll` passed its hook (found as
 * `skippedInVitest` finds the suite): what a reporter reads as `testModule.meta()` once the file
 * ended, also under `vitest --merge-reports`, whose blob reports carry it (the promise
 * consumers/promises/sharded-coverage runs it end to end).
 */
export function vitestFileMeta(hookArguments: readonly unknown[]): Record<string, unknown> | undefined {
  const file = vitestFileSuite(hookArguments) as { meta?: unknown } | undefined;
  return isObject<Record<string, unknown>>(file?.meta) ? file.meta : undefined;
}

/**
 * The tests of the running Jest file that did not run, read when the file ends: circus gives each
 * test it skipped (`.skip`, `.only` elsewhere, `-t`) `status: 'skip'`, and each `.todo` `status: 'todo'`;
 * the tests of a `describe.skip` block are skipped with it.
 */
export function skippedInJest(): SkippedTest[] {
  const root = jestCircusState()?.rootDescribeBlock;
  if (!isObject<CircusBlock>(root)) return [];
  const skipped: SkippedTest[] = [];
  const walk = (block: CircusBlock, path: readonly string[], blockSkipped: boolean) => {
    for (const child of childrenOf(block)) {
      const name = nameOf(child);
      if (child.type === 'describeBlock') walk(child, [...path, name], blockSkipped || child.mode === 'skip');
      else if (child.type === 'test') {
        const todo = child.status === 'todo' || child.mode === 'todo';
        if (todo || blockSkipped || child.status === 'skip' || child.mode === 'skip') skipped.push({ path, title: [...path, name].join(' '), todo });
      }
    }
  };
  walk(root, [], false);
  return skipped;
}
