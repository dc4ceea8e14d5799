/**
 * What the setup entries read off the runners beyond their public API: which tests of a file were
 * skipped (`.skip`, `.todo`, `.only` elsewhere, a `-t` filter). Every such read lives here and is
 * probed against the installed runners in test/setup-runner-state.test.ts, so a runner release
 * that changes one fails there, naming it.
 */

/** The part of a Vitest task the kit reads: the suite `afterAll` receives, and its tests. */
interface VitestTask {
  type?: unknown;
  name?: unknown;
  mode?: unknown;
  tasks?: unknown;
}

/**
 * The tests of a Vitest file that did not run, from the arguments `afterAll` passed its hook: the
 * file's suite (Vitest 4.1 passes it second, after a context; earlier versions first), whose tests
 * carry `mode: 'skip' | 'todo'` once Vitest has applied `.skip`, `.only` and `-t`.
 */
export function skippedInVitest(hookArguments: readonly unknown[]): string[] {
  const suite = hookArguments.find(
    (argument) => typeof argument === 'object' && argument !== null && Array.isArray((argument as VitestTask).tasks),
  );
  const skipped: string[] = [];
  const walk = (task: VitestTask, path: readonly string[]) => {
    const tasks = Array.isArray(task.tasks) ? (task.tasks as VitestTask[]) : [];
    for (const child of tasks) {
      if (typeof child !== 'object' || child === null) continue;
      const name = typeof child.name === 'string' ? child.name : '';
      if (child.type === 'suite') walk(child, [...path, name]);
      else if (child.type === 'test' && (child.mode === 'skip' || child.mode === 'todo')) skipped.push([...path, name].join(' > '));
    }
  };
  if (typeof suite === 'object' && suite !== null) walk(suite as VitestTask, []);
  return skipped;
}

/** The part of jest-circus's state the kit reads. */
interface CircusBlock {
  type?: unknown;
  name?: unknown;
  mode?: unknown;
  status?: unknown;
  children?: unknown;
}

/**
 * jest-circus keeps its state on `globalThis` under a symbol described `JEST_STATE_SYMBOL`
 * (created with `Symbol()`, not `Symbol.for()`, so it is found by its description).
 */
export function jestCircusState(): { rootDescribeBlock: CircusBlock } | undefined {
  const key = Object.getOwnPropertySymbols(globalThis).find((symbol) => symbol.description === 'JEST_STATE_SYMBOL');
  const found = key === undefined ? undefined : (globalThis as unknown as Record<symbol, unknown>)[key];
  if (typeof found !== 'object' || found === null) return undefined;
  const root = (found as { rootDescribeBlock?: unknown }).rootDescribeBlock;
  return typeof root === 'object' && root !== null ? { rootDescribeBlock: root as CircusBlock } : undefined;
}

/**
 * The tests of the running Jest file that did not run, read when the file ends: circus gives each
 * test it skipped (`.skip`, `.only` elsewhere, `-t`) `status: 'skip'`, and each `.todo` `status: 'todo'`;
 * the tests of a `describe.skip` block are skipped with it.
 */
export function skippedInJest(): string[] {
  const root = jestCircusState()?.rootDescribeBlock;
  if (root === undefined) return [];
  const skipped: string[] = [];
  const walk = (block: CircusBlock, path: readonly string[], blockSkipped: boolean) => {
    const children = Array.isArray(block.children) ? (block.children as CircusBlock[]) : [];
    for (const child of children) {
      if (typeof child !== 'object' || child === null) continue;
      const name = typeof child.name === 'string' ? child.name : '';
      if (child.type === 'describeBlock') walk(child, [...path, name], blockSkipped || child.mode === 'skip');
      else if (child.type === 'test' && (blockSkipped || [child.status, child.mode].some((value) => value === 'skip' || value === 'todo'))) {
        skipped.push([...path, name].join(' '));
      }
    }
  };
  walk(root, [], false);
  return skipped;
}
