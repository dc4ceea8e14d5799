/**
 * What the setup entries read off the runners beyond their public API: which tests of a file were
 * skipped (`.skip`, `.todo`, `.only` elsewhere, a `-t` filter), and in which `describe` block code
 * runs when it is not a test (a block's body, a `beforeAll` or `afterAll` of it). Every such read
 * lives here and is probed against the installed runners in test/setup-runner-state.test.ts, so a
 * runner release that changes one fails there, naming it.
 */
import type { DoubleScope } from '../fakes/core/registry';

/** A test of the file that did not run. */
export interface SkippedTest {
  /** The names of the `describe` blocks around it, outermost first. */
  readonly path: readonly string[];
  /** Its full name, as the runner writes it (`block > test` in Vitest, `block test` in Jest). */
  readonly title: string;
  /** A `.todo`: it has no body, so it could not have used a step of any script. */
  readonly todo: boolean;
}

/** The part of a Vitest task the kit reads: the file's suite, its blocks and its tests. */
interface VitestTask {
  type?: unknown;
  name?: unknown;
  mode?: unknown;
  tasks?: unknown;
  /** The block around a suite or test (`undefined`, or the file, at the top level). */
  suite?: unknown;
  /** Set on the file's own suite only. */
  filepath?: unknown;
}

/**
 * The tests of a Vitest file that did not run, from the arguments `afterAll` passed its hook: the
 * file's suite (Vitest 4.1 passes it second, after a context; earlier versions first), whose tests
 * carry `mode: 'skip' | 'todo'` once Vitest has applied `.skip`, `.only` and `-t`.
 */
export function skippedInVitest(hookArguments: readonly unknown[]): SkippedTest[] {
  const suite = hookArguments.find(
    (argument) => typeof argument === 'object' && argument !== null && Array.isArray((argument as VitestTask).tasks),
  );
  const skipped: SkippedTest[] = [];
  const walk = (task: VitestTask, path: readonly string[]) => {
    const tasks = Array.isArray(task.tasks) ? (task.tasks as VitestTask[]) : [];
    for (const child of tasks) {
      if (typeof child !== 'object' || child === null) continue;
      const name = typeof child.name === 'string' ? child.name : '';
      // Nameless blocks are left out of paths, as `vitestPath` leaves out the one Vitest collects a file's top level in.
      if (child.type === 'suite') walk(child, name === '' ? path : [...path, name]);
      else if (child.type === 'test' && (child.mode === 'skip' || child.mode === 'todo')) {
        skipped.push({ path, title: [...path, name].join(' > '), todo: child.mode === 'todo' });
      }
    }
  };
  if (typeof suite === 'object' && suite !== null) walk(suite as VitestTask, []);
  return skipped;
}

/** The names of the blocks from the file down to `suite`, outermost first (nameless blocks left out). */
function vitestPath(suite: unknown): string[] {
  const names: string[] = [];
  for (let task = suite as VitestTask | undefined; typeof task === 'object' && task !== null && task.filepath === undefined; task = task.suite as VitestTask | undefined) {
    if (typeof task.name === 'string' && task.name !== '') names.unshift(task.name);
  }
  return names;
}

/**
 * Where code runs in a Vitest file: Vitest's worker state says which task it runs (a test, or the
 * suite whose `beforeAll`/`afterAll` hooks run); while the file is collected (a `describe` body)
 * that is the file, and `getCurrentSuite()` (`vitest/suite`) is the block being collected.
 */
export function scopeInVitest(currentSuite: () => unknown): DoubleScope | undefined {
  const current = (globalThis as { __vitest_worker__?: { current?: VitestTask } }).__vitest_worker__?.current;
  if (current === undefined) return undefined;
  if (current.type === 'test') return { test: typeof current.name === 'string' ? current.name : undefined };
  if (current.type === 'suite' && current.filepath === undefined) return { block: vitestPath(current) };
  const collecting = (currentSuite() as { suite?: unknown } | undefined)?.suite;
  return { block: vitestPath(collecting) };
}

/** The part of jest-circus's state the kit reads. */
interface CircusBlock {
  type?: unknown;
  name?: unknown;
  mode?: unknown;
  status?: unknown;
  children?: unknown;
  parent?: unknown;
  hooks?: unknown;
}

interface CircusState {
  rootDescribeBlock: CircusBlock;
  currentDescribeBlock?: CircusBlock;
  currentlyRunningTest?: CircusBlock | null;
  hasStarted?: unknown;
}

/**
 * jest-circus keeps its state on `globalThis` under a symbol described `JEST_STATE_SYMBOL`
 * (created with `Symbol()`, not `Symbol.for()`, so it is found by its description).
 */
export function jestCircusState(): CircusState | undefined {
  const key = Object.getOwnPropertySymbols(globalThis).find((symbol) => symbol.description === 'JEST_STATE_SYMBOL');
  const found = key === undefined ? undefined : (globalThis as unknown as Record<symbol, unknown>)[key];
  if (typeof found !== 'object' || found === null) return undefined;
  const root = (found as { rootDescribeBlock?: unknown }).rootDescribeBlock;
  return typeof root === 'object' && root !== null ? (found as CircusState) : undefined;
}

function childrenOf(block: CircusBlock): CircusBlock[] {
  return Array.isArray(block.children) ? (block.children as CircusBlock[]).filter((child) => typeof child === 'object' && child !== null) : [];
}

/**
 * The tests of the running Jest file that did not run, read when the file ends: circus gives each
 * test it skipped (`.skip`, `.only` elsewhere, `-t`) `status: 'skip'`, and each `.todo` `status: 'todo'`;
 * the tests of a `describe.skip` block are skipped with it.
 */
export function skippedInJest(): SkippedTest[] {
  const root = jestCircusState()?.rootDescribeBlock;
  if (root === undefined) return [];
  const skipped: SkippedTest[] = [];
  const walk = (block: CircusBlock, path: readonly string[], blockSkipped: boolean) => {
    for (const child of childrenOf(block)) {
      const name = typeof child.name === 'string' ? child.name : '';
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

/** The names of the blocks from the root down to `block`, outermost first. */
function jestPath(block: CircusBlock | undefined): string[] {
  const names: string[] = [];
  for (let at = block; at?.parent !== undefined && at.parent !== null; at = at.parent as CircusBlock) {
    names.unshift(typeof at.name === 'string' ? at.name : '');
  }
  return names;
}

/** A hook as circus keeps it in its block: `fn` is read when the hook is called. */
interface CircusHook {
  type?: unknown;
  fn?: unknown;
}

const RUNNING_HOOK = Symbol.for('agents-testkit.jestHookBlock');
const WRAPPED = Symbol.for('agents-testkit.jestHook');
const host = globalThis as typeof globalThis & { [RUNNING_HOOK]?: CircusBlock };

/**
 * Circus does not say whose `beforeAll` or `afterAll` hook it runs. Called from the kit's own
 * `beforeAll`, the first hook of the file (the tree is collected by then), this wraps the `fn` of
 * every other such hook so that, while it runs, `scopeInJest` knows its block. A wrapper keeps the
 * hook's arity (circus hands a `done` callback to a function that declares one), and a generator
 * function (which circus runs its own way) is left as it is.
 */
export function followJestHooks(): void {
  const root = jestCircusState()?.rootDescribeBlock;
  if (root === undefined) return;
  const walk = (block: CircusBlock) => {
    for (const hook of Array.isArray(block.hooks) ? (block.hooks as CircusHook[]) : []) {
      if (hook.type === 'beforeAll' || hook.type === 'afterAll') wrapHook(hook, block);
    }
    for (const child of childrenOf(block)) if (child.type === 'describeBlock') walk(child);
  };
  walk(root);
}

function wrapHook(hook: CircusHook, block: CircusBlock): void {
  const fn = hook.fn as ((...args: unknown[]) => unknown) & { [WRAPPED]?: true };
  if (typeof fn !== 'function' || fn[WRAPPED] || fn.constructor?.name === 'GeneratorFunction') return;
  const wrapped = function (this: unknown, ...args: unknown[]): unknown {
    host[RUNNING_HOOK] = block;
    const leave = () => {
      if (host[RUNNING_HOOK] === block) host[RUNNING_HOOK] = undefined;
    };
    const done = args[0];
    if (fn.length > 0 && typeof done === 'function') {
      args[0] = Object.assign((...reason: unknown[]) => {
        leave();
        return done(...reason);
      }, done);
    }
    try {
      const result = fn.apply(this, args);
      if (result instanceof Promise || typeof (result as { then?: unknown } | null)?.then === 'function') {
        return Promise.resolve(result).finally(leave);
      }
      if (fn.length === 0) leave();
      return result;
    } catch (error) {
      leave();
      throw error;
    }
  };
  Object.defineProperty(wrapped, 'length', { value: fn.length });
  Object.defineProperty(wrapped, WRAPPED, { value: true });
  hook.fn = wrapped;
}

/**
 * Where code runs in a Jest file. While the file is collected, circus's current describe block is
 * the one whose body runs. Once the run started, a test circus is running (a `test.concurrent`
 * one runs without the kit's `beforeEach`) is `currentlyRunningTest`; between tests, the hook
 * that runs is known by its wrapper (`followJestHooks`), and anything else is the file's.
 */
export function scopeInJest(): DoubleScope | undefined {
  const state = jestCircusState();
  if (state === undefined) return undefined;
  if (state.currentlyRunningTest) return { test: typeof state.currentlyRunningTest.name === 'string' ? state.currentlyRunningTest.name : undefined };
  const hook = host[RUNNING_HOOK];
  if (hook !== undefined) return { block: jestPath(hook) };
  if (state.hasStarted !== true) return { block: jestPath(state.currentDescribeBlock) };
  return { block: [] };
}
