import { isObject, jestCircusState, type CircusBlock } from './coupling';

/**
 * Jest runs a block's `afterAll` hooks in the order they were declared, and the kit's (the setup
 * file's) comes before any of the test file's own: the file's end was verified before the file's
 * `afterAll` hooks ran (an app's teardown that closes its session or flushes to a server), and a
 * mismatch they recorded passed unreported. Vitest runs them the other way round (its default
 * `sequence.hooks: 'stack'`), the kit's last. Called from the kit's `beforeAll`, the file's first
 * hook: circus has taken the root block's hooks into its list by then, so the list keeps its order
 * and the hooks swap what they hold (the function, its timeout, where it was declared), the kit's
 * last. test/runner-coupling.test.ts probes the hooks' shape.
 */
const FILE_END = Symbol.for('agents-testkit.fileEndHook');

/** Marks the kit's file-end hook, for `runFileEndLast`. */
export function asFileEndHook<F extends (...args: never[]) => unknown>(fn: F): F {
  Object.defineProperty(fn, FILE_END, { value: true });
  return fn;
}

/** What a circus hook holds, moved whole from one hook to another. */
const HELD = ['fn', 'timeout', 'asyncError', 'seenDone'] as const;

export function runFileEndLast(): void {
  const root = jestCircusState()?.rootDescribeBlock;
  if (!isObject<CircusBlock>(root) || !Array.isArray(root.hooks)) return;
  const hooks = (root.hooks as unknown[]).filter((hook): hook is Record<string, unknown> => isObject<Record<string, unknown>>(hook) && hook.type === 'afterAll');
  const held = hooks.map((hook) => Object.fromEntries(HELD.filter((key) => key in hook).map((key) => [key, hook[key]])));
  const isFileEnd = (contents: Record<string, unknown>) => (contents.fn as { [FILE_END]?: true } | undefined)?.[FILE_END] === true;
  const ordered = [...held.filter((contents) => !isFileEnd(contents)), ...held.filter(isFileEnd)];
  hooks.forEach((hook, index) => {
    for (const key of HELD) delete hook[key];
    Object.assign(hook, ordered[index]);
  });
}
