/**
 * Where code runs in a test file when it is not a test — a `describe` body, a block's `beforeAll`
 * or `afterAll` — read off the runners' internals (src/runner/coupling.ts reads the rest): Vitest's
 * worker state and the suite it collects, jest-circus's state and, since circus does not say whose
 * hook it runs, a wrapper around each of the file's `beforeAll`/`afterAll` hooks.
 * test/runner-coupling.test.ts probes each read under both runners.
 */
import type { DoubleScope } from '../fakes/core/registry';
import { childrenOf, isObject, jestCircusState, nameOf, vitestTask, type CircusBlock, type VitestTask } from './coupling';
import { whileRunning } from './whileRunning';

/**
 * The block Vitest is collecting (a `describe` body runs): `TestRunner.getCurrentSuite` from 4.1,
 * which deprecates `vitest/suite` (importing it prints a warning). `undefined` before 4.1: the
 * Vitest setup entry then imports `getCurrentSuite` from `vitest/suite` (only a Vitest module can).
 */
export function currentSuiteReader(vitest: object): (() => unknown) | undefined {
  const runnerStatics = (vitest as { TestRunner?: { getCurrentSuite?: () => unknown } }).TestRunner;
  return typeof runnerStatics?.getCurrentSuite === 'function' ? runnerStatics.getCurrentSuite : undefined;
}

/** The names of the blocks from the file down to `suite`, outermost first (nameless blocks left out). */
function vitestPath(suite: unknown): string[] {
  const names: string[] = [];
  for (let task = suite; isObject<VitestTask>(task) && task.filepath === undefined; task = task.suite) {
    const name = nameOf(task);
    if (name !== '') names.unshift(name);
  }
  return names;
}

/**
 * Where code runs in a Vitest file: Vitest's worker state says which task it runs (a test, or the
 * suite whose `beforeAll`/`afterAll` hooks run); while the file is collected (a `describe` body)
 * that is the file, and `currentSuite()` (see `currentSuiteReader`) is the block being collected.
 */
export function scopeInVitest(currentSuite: () => unknown): DoubleScope | undefined {
  const current = vitestTask();
  if (current === undefined) return undefined;
  if (current.type === 'test') return { test: typeof current.name === 'string' ? current.name : undefined };
  if (current.type === 'suite' && current.filepath === undefined) return { block: vitestPath(current) };
  const collecting = (currentSuite() as { suite?: unknown } | undefined)?.suite;
  return { block: vitestPath(collecting) };
}

/** The names of the blocks from the root down to `block`, outermost first. */
function jestPath(block: CircusBlock | undefined): string[] {
  const names: string[] = [];
  for (let at = block; at?.parent !== undefined && at.parent !== null; at = at.parent as CircusBlock) {
    names.unshift(nameOf(at));
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
  if (!isObject<CircusBlock>(root)) return;
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
  const wrapped = whileRunning(
    fn,
    () => (host[RUNNING_HOOK] = block),
    () => {
      if (host[RUNNING_HOOK] === block) host[RUNNING_HOOK] = undefined;
    },
  );
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
  if (!isObject<CircusBlock>(state?.rootDescribeBlock)) return undefined;
  if (state.currentlyRunningTest) return { test: typeof state.currentlyRunningTest.name === 'string' ? state.currentlyRunningTest.name : undefined };
  const hook = host[RUNNING_HOOK];
  if (hook !== undefined) return { block: jestPath(hook) };
  if (state.hasStarted !== true) return { block: jestPath(state.currentDescribeBlock) };
  return { block: [] };
}
