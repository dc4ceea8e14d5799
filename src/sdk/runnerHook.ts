import { AsyncLocalStorage } from 'node:async_hooks';
import { Runner } from '@openai/agents';

/** What a run ended with: its result (a streamed one once its stream completed), or the error it failed with. */
export interface RunOutcome {
  result?: unknown;
  error?: unknown;
}

/**
 * What a run hook is told when a run starts: the agent it starts with, the runner that runs it, and
 * the run itself (an object made for it: `currentRun()` returns it to code the run calls). It may
 * return a function to be told how the run ended.
 */
export type RunListener = (agent: unknown, runner: Runner, run: object) => ((outcome: RunOutcome) => void) | void;

const KEY = Symbol.for('agents-testkit.run-listeners');
const SCOPE_KEY = Symbol.for('agents-testkit.run-scope');
// One for the kit's CJS and ESM builds (both may be loaded in one test file): whichever copy wrapped
// a Runner, code either copy runs under that run reads the same store.
const holder = globalThis as typeof globalThis & { [SCOPE_KEY]?: AsyncLocalStorage<object> };
const runScope: AsyncLocalStorage<object> = (holder[SCOPE_KEY] ??= new AsyncLocalStorage<object>());

/**
 * The run the calling code runs under (a model's call, a tool's): the object its listeners were
 * told of, the innermost one for a nested run (an agent used as a tool). `undefined` outside a run
 * or while no listener is installed.
 */
export function currentRun(): object | undefined {
  return runScope.getStore();
}
type Patched = typeof Runner.prototype.run & { [KEY]?: Set<RunListener>; original?: typeof Runner.prototype.run };

/**
 * Tells `listener` about every run any `Runner` starts — `run()`'s default runner, the runners of
 * nested runs of agents used as tools, and the app's own — until the returned function is called.
 * The SDK offers no such hook, so `Runner.prototype.run` is wrapped while a listener is installed
 * (probed in test/sdk-coupling.test.ts); with none, the original method is back in place.
 * `RunnerClass` is the `Runner` of another copy of the SDK (Jest's native ESM loads two).
 */
export function onEveryRun(listener: RunListener, RunnerClass: abstract new (...args: never[]) => unknown = Runner): () => void {
  const proto = RunnerClass.prototype as { run: Patched };
  let listeners = proto.run[KEY];
  if (listeners === undefined) {
    const original = proto.run;
    const set = new Set<RunListener>();
    const wrapped = function (this: Runner, ...args: Parameters<Runner['run']>) {
      const run = {};
      const ends = [...set].map((notify) => notify(args[0], this, run)).filter((end) => typeof end === 'function');
      // Everything the run calls, a streamed run's later turns included, runs in its async context.
      const started = runScope.run(run, () => original.apply(this, args));
      if (ends.length > 0) {
        const tell = (outcome: RunOutcome): void => {
          for (const end of ends) end(outcome);
        };
        void Promise.resolve(started).then(
          (result: unknown) => {
            const completed = (result as { completed?: Promise<unknown> } | null)?.completed;
            if (completed instanceof Promise) completed.then(() => tell({ result }), (error: unknown) => tell({ result, error }));
            else tell({ result });
          },
          (error: unknown) => tell({ error }),
        );
      }
      return started;
    } as Patched;
    wrapped[KEY] = set;
    wrapped.original = original;
    proto.run = wrapped;
    listeners = set;
  }
  listeners.add(listener);
  const owned = listeners;
  return () => {
    owned.delete(listener);
    if (owned.size === 0 && proto.run[KEY] === owned && proto.run.original) proto.run = proto.run.original;
  };
}
