import { isObject, jestCircusState, vitestAfterAllHooks, vitestHookSequence, type CircusBlock } from './coupling';

/**
 * The kit's end of a file (verifying the doubles made outside a test, the late mismatches) must
 * run after the file's own `afterAll` hooks: an app's teardown there (closing its session,
 * flushing to a server) may still call a double.
 *
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

/**
 * Vitest: declares the kit's file end (`declare` hands the hook to `afterAll`, in the setup file)
 * and returns what the kit's `beforeAll` calls with the file's block to keep it last. Vitest runs
 * `afterAll` hooks as a stack by default, the kit's last; with `sequence.hooks: 'list'` in
 * declaration order, the kit's first, as under Jest; with `parallel` all at once, the kit's beside
 * the file's own. Vitest reads the file block's hook list (`TestRunner.getSuiteHooks`, from 4.1)
 * when the block ends: in those two modes the file end is added at its end, and the hook declared
 * first steps aside; under `parallel` it first waits for the hooks started before it (each wrapped
 * to say when it is done; one that hangs fails on its own timeout). Before Vitest 4.1 nothing moves.
 */
export function declareVitestFileEnd(vitest: object, declare: (hook: () => unknown) => void, fileEnd: (hookArguments: unknown[]) => unknown): (fileSuite: unknown) => void {
  let moved = false;
  // Without parameters: Vitest parses a hook's first parameter for fixtures. The file's block is among its arguments.
  declare(function fileEnded() {
    // eslint-disable-next-line prefer-rest-params
    return moved ? undefined : fileEnd([...arguments]);
  });
  return (fileSuite) => {
    const sequence = vitestHookSequence();
    if (sequence !== 'list' && sequence !== 'parallel') return;
    const hooks = vitestAfterAllHooks(vitest, fileSuite);
    if (hooks === undefined) return;
    moved = true;
    const started: Promise<unknown>[] = [];
    if (sequence === 'parallel') {
      hooks.forEach((hook, index) => {
        if (typeof hook !== 'function') return;
        hooks[index] = function (this: unknown) {
          // eslint-disable-next-line prefer-rest-params
          const done = Reflect.apply(hook, this, arguments) as unknown;
          started.push(Promise.resolve(done));
          return done;
        };
      });
    }
    hooks.push(async function fileEndedLast() {
      // eslint-disable-next-line prefer-rest-params
      const args = [...arguments];
      await Promise.allSettled(started);
      return fileEnd(args);
    });
  };
}
