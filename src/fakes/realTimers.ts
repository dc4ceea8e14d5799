/**
 * The host's timers, taken when the kit loads: a test that installs fake timers afterwards
 * (`vi.useFakeTimers()`, `jest.useFakeTimers()`) must not freeze the kit's own bounded waits.
 * Timeouts are unref'd, so a pending wait never keeps the process alive.
 */
const host = globalThis as typeof globalThis & { setImmediate?: typeof setImmediate };
const hostSetTimeout = host.setTimeout.bind(host);
const hostClearTimeout = host.clearTimeout.bind(host);
// jsdom environments remove setImmediate; a zero timeout is the next-best macrotask there.
const hostSetImmediate: ((fn: () => void) => unknown) | undefined = host.setImmediate?.bind(host);

function unref(handle: unknown): void {
  (handle as { unref?: () => void } | undefined)?.unref?.();
}

/** Runs `fn` after `ms`; returns the cancel function. */
export function after(ms: number, fn: () => void): () => void {
  const handle = hostSetTimeout(fn, ms);
  unref(handle);
  return () => hostClearTimeout(handle);
}

/**
 * Runs `fn` once every microtask queued so far (and those they queue) has run. Not unref'd: Node
 * wakes its loop for referenced immediates only, and an unref'd one can wait for the next timer.
 */
export function nextMacrotask(fn: () => void): void {
  if (hostSetImmediate) hostSetImmediate(fn);
  else hostSetTimeout(fn, 0);
}
