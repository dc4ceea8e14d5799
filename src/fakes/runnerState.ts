/**
 * What the running test runner says about the current test, read from the globals Vitest and
 * Jest keep for themselves (nothing here imports a runner): the test's full name, its file,
 * whether it has failed so far, which other tests of its file share its name, and which process
 * hears its unhandled rejections. Every read of a runner's internals lives here; test/cassette-runner-state
 * probes each one under both runners, so a runner upgrade that moves them fails there first.
 */

/** The current test: its full name as both runners can agree on it, and whether it has failed so far. */
export interface CurrentTest {
  /** `describe block test name`, the names joined by single spaces (Jest's form; Vitest's ` > ` is read as a space). */
  readonly name: string;
  /** `true` once the runner recorded an error for the test; `undefined` when the runner does not say. */
  readonly failed: boolean | undefined;
  /** The test file's path, as `expect.getState().testPath` gives it. */
  readonly file?: string;
}

// Both runners keep `expect`'s state under this symbol; `currentTestName` is the running test's.
const MATCHERS_OBJECT = Symbol.for('$$jest-matchers-object');

interface VitestTask {
  type?: string;
  name?: string;
  mode?: string;
  result?: { state?: string };
  /** The file's suite: every test of the file under `tasks`. */
  file?: VitestTask;
  tasks?: VitestTask[];
}

interface CircusTest {
  name?: string;
  errors?: unknown[];
}

/** A describe block or a test, as jest-circus keeps them. */
interface CircusEntry {
  type?: string;
  name?: string;
  mode?: string;
  children?: CircusEntry[];
}

interface CircusState {
  currentlyRunningTest?: CircusTest | null;
  rootDescribeBlock?: CircusEntry;
  /** The worker's own process, which circus listens to for uncaught errors. */
  parentProcess?: NodeJS.Process;
}

/** Vitest's worker state: `current` is the task it runs (a test, or a suite between tests). */
function vitestTask(): VitestTask | undefined {
  const worker = (globalThis as { __vitest_worker__?: { current?: VitestTask } }).__vitest_worker__;
  return worker?.current;
}

// Looked up once: jest-circus sets its state up before any test file (or this module) loads.
let circusKey: symbol | null | undefined;

/** jest-circus keeps its state under a symbol it does not share; it is found by its description. */
function circusState(): CircusState | undefined {
  if (circusKey === undefined) circusKey = Object.getOwnPropertySymbols(globalThis).find((symbol) => symbol.description === 'JEST_STATE_SYMBOL') ?? null;
  return circusKey === null ? undefined : (globalThis as unknown as Record<symbol, CircusState | undefined>)[circusKey];
}

function circusTest(): CircusTest | null | undefined {
  const state = circusState();
  return state === undefined ? undefined : (state.currentlyRunningTest ?? null);
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
    const name = expectedTestName() ?? task.name ?? '';
    const state = task.result?.state;
    return { name: name.split(' > ').join(' '), failed: state === 'fail' ? true : state === 'pass' || state === 'run' ? false : undefined, ...testFile() };
  }
  const test = circusTest();
  if (test === null) return undefined;
  if (test !== undefined) {
    const name = expectedTestName() ?? test.name ?? '';
    return { name, failed: Array.isArray(test.errors) ? test.errors.length > 0 : undefined, ...testFile() };
  }
  return undefined;
}

/** Which runner runs this file, by the state each keeps for itself; `undefined` outside both. */
export function currentRunner(): 'vitest' | 'jest' | undefined {
  if ((globalThis as { __vitest_worker__?: unknown }).__vitest_worker__ !== undefined) return 'vitest';
  return circusState() !== undefined ? 'jest' : undefined;
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
  const parent = circusState()?.parentProcess;
  return typeof parent?.on === 'function' ? parent : process;
}

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
  if (file !== undefined) return testsUnder(file, (task) => task.tasks, 'suite');
  const root = circusState()?.rootDescribeBlock;
  return root === undefined ? undefined : testsUnder(root, (block) => block.children, 'describeBlock');
}

/** The tests under a runner's root block, walking blocks of type `block`; a skipped block skips its tests. */
function testsUnder<T extends { type?: string; name?: string; mode?: string }>(root: T, children: (entry: T) => T[] | undefined, block: string): DeclaredTest[] {
  const tests: DeclaredTest[] = [];
  const walk = (parent: T, path: readonly string[], skipped: boolean): void => {
    for (const child of children(parent) ?? []) {
      const name = [...path, child.name ?? ''];
      const skip = skipped || child.mode === 'skip' || child.mode === 'todo';
      if (child.type === block) walk(child, name, skip);
      else if (child.type === 'test') tests.push({ name: name.join(' '), skipped: skip });
    }
  };
  walk(root, [], false);
  return tests;
}
