/**
 * Which of a file's concurrent tests (`test.concurrent`) are under way: started and not ended.
 * Vitest says so on each test's result. Jest says when a test's turn comes, not when its body runs:
 * Jest 30 runs a block's concurrent tests together where the first of them stands, and Jest 29
 * starts every concurrent body of the file with the file and reports each at its turn. So under
 * Jest the kit follows the bodies itself, with a wrapper around each (`followJestConcurrentTests`).
 * test/runner-coupling.test.ts probes both under each runner.
 */
import { childrenOf, isObject, jestCircusState, nameOf, tasksOf, vitestTask, type CircusBlock, type VitestTask } from './coupling';
import { whileRunning } from './whileRunning';

/** A test as circus keeps it: `fn` is read when its body starts. */
interface CircusTest extends CircusBlock {
  fn?: unknown;
  concurrent?: unknown;
}

// On `globalThis`: the setup entry's copy of the kit wraps, and the test file's copy (CommonJS or
// ES modules, whichever it imports) asks.
const BODIES = Symbol.for('agents-testkit.jestConcurrentBodies');
const host = globalThis as typeof globalThis & { [BODIES]?: Set<CircusTest> };

/**
 * Called from the kit's own `beforeAll`, the first hook of the file: the tree is collected by then
 * and no body has started (Jest 29 starts them after the root block's `beforeAll` hooks). Wraps the
 * `fn` of every concurrent test so that, while its body runs, `concurrentTests` lists it.
 */
export function followJestConcurrentTests(): void {
  const root = jestCircusState()?.rootDescribeBlock;
  if (!isObject<CircusBlock>(root)) return;
  const running = (host[BODIES] = new Set());
  const walk = (block: CircusBlock) => {
    for (const child of childrenOf(block) as CircusTest[]) {
      if (child.type === 'describeBlock') walk(child);
      else if (child.type === 'test' && child.concurrent === true) followBody(child, running);
    }
  };
  walk(root);
}

/** A generator function (which circus runs its own way) is left as it is, and is not listed. */
function followBody(test: CircusTest, running: Set<CircusTest>): void {
  const fn = test.fn;
  if (typeof fn !== 'function' || fn.constructor?.name === 'GeneratorFunction') return;
  test.fn = whileRunning(
    fn as (...args: unknown[]) => unknown,
    () => running.add(test),
    () => running.delete(test),
  );
}

/**
 * The full names of the file's concurrent tests under way now. Neither runner says which of them a
 * line of code runs for (Vitest's current task and Jest's current test are whichever started
 * last), so what concerns one of them names them all.
 */
export function concurrentTests(): string[] {
  const file = vitestTask()?.file;
  if (isObject<VitestTask>(file)) {
    const running: string[] = [];
    const walk = (task: VitestTask, path: readonly string[]) => {
      for (const child of tasksOf(task)) {
        const name = [...path, nameOf(child)].filter((part) => part !== '');
        if (child.type === 'suite') walk(child, name);
        else if (child.type === 'test' && (child as { concurrent?: unknown }).concurrent === true && child.result?.state === 'run') running.push(name.join(' '));
      }
    };
    walk(file, []);
    return running;
  }
  const root = jestCircusState()?.rootDescribeBlock;
  // No body has started before the kit's `beforeAll` followed them (a `describe` body runs).
  const bodies = host[BODIES];
  if (!isObject<CircusBlock>(root) || bodies === undefined || bodies.size === 0) return [];
  const running: string[] = [];
  const walk = (block: CircusBlock, path: readonly string[]) => {
    for (const child of childrenOf(block)) {
      const name = [...path, nameOf(child)];
      if (child.type === 'describeBlock') walk(child, name);
      else if (bodies.has(child)) running.push(name.join(' '));
    }
  };
  walk(root, []);
  return running;
}
