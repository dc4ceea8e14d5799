import { Runner } from '@openai/agents';

/** What a run ended with: its result (a streamed one once its stream completed), or the error it failed with. */
export interface RunOutcome {
  result?: unknown;
  error?: unknown;
}

/**
 * What a run hook is told when a run starts: the agent it starts with and the runner that runs it.
 * It may return a function to be told how the run ended.
 */
export type RunListener = (agent: unknown, runner: Runner) => ((outcome: RunOutcome) => void) | void;

const KEY = Symbol.for('agents-testkit.run-listeners');
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
      const ends = [...set].map((notify) => notify(args[0], this)).filter((end) => typeof end === 'function');
      const started = original.apply(this, args);
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
