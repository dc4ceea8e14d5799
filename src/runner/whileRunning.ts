/**
 * A test or hook body wrapped so that the kit knows while it runs: `enter()` before it starts and
 * `leave()` once it has ended — when it returns, when the promise it returns settles, when it calls
 * the `done` callback it declared, or when it throws. The wrapper keeps the body's arity (circus
 * hands a `done` callback to a function that declares one) and what it returns.
 */
export function whileRunning<F extends (...args: unknown[]) => unknown>(body: F, enter: () => void, leave: () => void): F {
  const wrapped = function (this: unknown, ...args: unknown[]): unknown {
    enter();
    const done = args[0];
    if (body.length > 0 && typeof done === 'function') {
      args[0] = Object.assign((...reason: unknown[]) => {
        leave();
        return done(...reason);
      }, done);
    }
    try {
      const result = body.apply(this, args);
      if (typeof (result as { then?: unknown } | null)?.then === 'function') return Promise.resolve(result).finally(leave);
      if (body.length === 0) leave();
      return result;
    } catch (error) {
      leave();
      throw error;
    }
  };
  Object.defineProperty(wrapped, 'length', { value: body.length });
  return wrapped as F;
}
