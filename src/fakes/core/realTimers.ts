import { scheduler } from 'node:timers/promises';

/**
 * The kit's own waits, on timers that fake timers leave alone. Jest's and Vitest's fake timers
 * replace the global `setTimeout`, `setImmediate` and `queueMicrotask`, and Vitest's also the
 * exports of `node:timers` and `node:timers/promises`, whether they were installed before the kit
 * loaded (Jest's `fakeTimers: { enableGlobally: true }`, a Vitest setup file calling
 * `vi.useFakeTimers()`) or after. Neither touches `AbortSignal.timeout`, nor `scheduler` of
 * `node:timers/promises`, whose methods call Node's own timers directly.
 */
const host = globalThis as typeof globalThis & { setImmediate?: (fn: () => void) => unknown };
// Outside Node (no scheduler, no AbortSignal.timeout) the timers found at load are the fallback.
const fallbackSetTimeout = host.setTimeout.bind(host);
const fallbackClearTimeout = host.clearTimeout.bind(host);
const fallbackSetImmediate = host.setImmediate?.bind(host);
/**
 * Node's own `setImmediate` when the one found at load is it (a fake installed before the kit
 * loaded is not): recognised by its source, which no fake shares. It costs a third of
 * `scheduler.yield().then(fn)`, which makes two promises per wait, and a Realtime script's waits
 * take a macrotask where Node's own `nextTick` is not at hand. Captured here, it stays real when
 * fake timers are installed later.
 */
const nodeSetImmediate: ((fn: () => void) => unknown) | undefined = isNodes(host.setImmediate, 'function setImmediate(', 'new Immediate(') ? host.setImmediate.bind(host) : undefined;
/** Node's own `process.nextTick`, when the one found at load is it (a fake installed before the kit loaded is not; Jest's fakes replace it). */
const nodeNextTick: ((fn: () => void) => void) | undefined = isNodes(globalThis.process?.nextTick, 'function nextTick(callback)', 'setHasTickScheduled(')
  ? globalThis.process.nextTick.bind(globalThis.process)
  : undefined;
const resolved = Promise.resolve();
const yieldToMacrotask: (() => Promise<void>) | undefined =
  typeof scheduler?.yield === 'function' ? () => scheduler.yield() : undefined;
const abortAfter: ((ms: number) => AbortSignal) | undefined =
  typeof AbortSignal?.timeout === 'function' ? (ms) => AbortSignal.timeout(ms) : undefined;

const nodeProcess = (globalThis as { process?: { uptime?: () => number } }).process;
const uptime: (() => number) | undefined = typeof nodeProcess?.uptime === 'function' ? nodeProcess.uptime.bind(nodeProcess) : undefined;

/**
 * Milliseconds on a clock that fake timers leave alone, for the kit's own deadlines and quiet
 * periods. Both runners' fake timers replace `Date`, `performance` and `process.hrtime` (and a
 * fake clock stands still unless the test advances it: a wait measured on it never ends), not
 * `process.uptime`. Only differences between two readings mean anything.
 */
export function realNow(): number {
  return uptime ? uptime() * 1000 : Date.now();
}

/**
 * Runs `fn` after `ms` (a whole number is not needed); returns the cancel function. The timer of
 * `AbortSignal.timeout` is unref'd, so a pending wait never keeps the process alive.
 */
export function after(ms: number, fn: () => void): () => void {
  if (abortAfter) {
    const signal = abortAfter(Math.ceil(ms));
    signal.addEventListener('abort', fn, { once: true });
    return () => signal.removeEventListener('abort', fn);
  }
  const handle = fallbackSetTimeout(fn, ms) as unknown as { unref?: () => void };
  handle.unref?.();
  return () => fallbackClearTimeout(handle as never);
}

/**
 * Runs `fn` once every microtask queued so far (and those they queue) has run: one turn of the
 * event loop. Not unref'd: Node wakes its loop for referenced immediates only.
 */
export function nextMacrotask(fn: () => void): void {
  if (nodeSetImmediate) nodeSetImmediate(fn);
  else if (yieldToMacrotask) void yieldToMacrotask().then(fn);
  else if (fallbackSetImmediate) fallbackSetImmediate(fn);
  else fallbackSetTimeout(fn, 0);
}

/**
 * Runs `fn` once the microtask queue is empty: every promise reaction queued so far, and every one
 * they queue, has run. A promise reaction queues a `process.nextTick`, and Node runs its ticks only
 * after the microtask queue has drained. About a seventh of a macrotask's cost (bench/README.md),
 * and a Realtime script waits one per step. Where Node's own `nextTick` is not at hand (a fake
 * found at load, or no Node), one macrotask: it waits for the same and more.
 */
export function afterMicrotasks(fn: () => void): void {
  if (nodeNextTick) void resolved.then(() => nodeNextTick(fn));
  else nextMacrotask(fn);
}

/**
 * Whether `candidate` is Node's own function: its source starts with `start` and holds `marker`,
 * which no fake's does (a fake installed before the kit loaded is not Node's).
 */
function isNodes(candidate: unknown, start: string, marker: string): candidate is (fn: () => void) => unknown {
  if (typeof candidate !== 'function') return false;
  try {
    const source = Function.prototype.toString.call(candidate);
    return source.startsWith(start) && source.includes(marker);
  } catch {
    return false;
  }
}
