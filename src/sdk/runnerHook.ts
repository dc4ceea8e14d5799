import { Runner } from '@openai/agents';

/** What a run hook is told: the agent a run starts with, and the runner that runs it. */
export type RunListener = (agent: unknown, runner: Runner) => void;

const KEY = Symbol.for('agents-testkit.run-listeners');
type Patched = typeof Runner.prototype.run & { [KEY]?: Set<RunListener> };

/**
 * Tells `listener` about every run any `Runner` starts — `run()`'s default runner, the runners of
 * nested runs of agents used as tools, and the app's own — until the returned function is called.
 * The SDK offers no such hook, so `Runner.prototype.run` is wrapped while a listener is installed
 * (probed in test/sdk-coupling.test.ts); with none, the original method is back in place.
 */
export function onEveryRun(listener: RunListener): () => void {
  const proto = Runner.prototype as { run: Patched };
  let listeners = proto.run[KEY];
  if (listeners === undefined) {
    const original = proto.run;
    const set = new Set<RunListener>();
    const wrapped = function (this: Runner, ...args: Parameters<Runner['run']>) {
      for (const notify of [...set]) notify(args[0], this);
      return original.apply(this, args);
    } as Patched;
    wrapped[KEY] = set;
    Object.defineProperty(wrapped, 'original', { value: original });
    proto.run = wrapped;
    listeners = set;
  }
  listeners.add(listener);
  const owned = listeners;
  return () => {
    owned.delete(listener);
    if (owned.size === 0 && proto.run[KEY] === owned) proto.run = (proto.run as unknown as { original: Patched }).original;
  };
}
