import { onEveryRun } from '../../sdk/runnerHook';
import { after, realNow } from './realTimers';
import { currentTestName } from './registry';

/**
 * What may still reach a double after the last test of a file ended: the runs under way (started
 * through any `Runner` of a watched copy of the SDK, `run()` included) and the time a double was
 * last called or delivered events the code under test reacts to. The setup entries wait on it before the file's own verification, so that a
 * mismatch a background run or a late Realtime send records fails the file it belongs to instead
 * of nothing (Jest tears the file down) or the next file's first test (Vitest's `isolate: false`).
 * Kept on `globalThis`: the kit's CJS and ESM builds may both be loaded in one file.
 */
interface ActivityState {
  /** The runs under way: the agent each started with, and the test that started it. */
  runs: Set<{ agent: string; test: string | undefined }>;
  /** The `Runner` classes whose runs are followed (one per copy of the SDK). */
  followed: WeakSet<object>;
  /** `realNow()` when a double last recorded a call or delivered events. */
  lastCall: number;
  /** `realNow()` when the latest test started. */
  testStarted: number;
}

const KEY = Symbol.for('agents-testkit.activity');
const scope = globalThis as typeof globalThis & { [KEY]?: ActivityState };
const state: ActivityState = (scope[KEY] ??= { runs: new Set(), followed: new WeakSet(), lastCall: 0, testStarted: 0 });
state.testStarted ??= 0;

/** Follows the runs of one copy of the SDK (its `Runner` class) for the rest of the process. */
export function followRunsOf(RunnerClass: abstract new (...args: never[]) => unknown): void {
  if (state.followed.has(RunnerClass)) return;
  state.followed.add(RunnerClass);
  onEveryRun((agent) => {
    const run = { agent: String((agent as { name?: unknown } | null)?.name ?? 'an agent'), test: currentTestName() };
    state.runs.add(run);
    return () => state.runs.delete(run);
  }, RunnerClass);
}

/** Called when a double records a call (its ledger) or hands the code under test something to react to (Realtime events). */
export function noteActivity(): void {
  state.lastCall = realNow();
}

/** Called by the setup entry when a test starts. */
export function noteTestStarted(): void {
  state.testStarted = realNow();
}

/** How long after the last call or delivery the file counts as quiet: a follow-up on a short timer, a tool answering in a few ms. */
export const QUIET_MS = 50;
/** The longest the end of a file waits for runs still going; below both runners' default hook timeout (Jest's 5 s). */
export const SETTLE_LIMIT_MS = 2000;

/**
 * Resolves once no run is under way and, when the last test of the file touched a double, nothing
 * has reached a double (or come from one) for `QUIET_MS` since the file's end began; after
 * `SETTLE_LIMIT_MS` at most, with the runs still going then (`agent "Support" (from the test "…")`).
 * Wall time alone would not do: a slow machine spends more than `QUIET_MS` between a test's last
 * call and this hook, while the work that test left (a session still running the tool the model
 * called) has not reached its first timer.
 */
export async function untilQuiet(): Promise<string[]> {
  const began = realNow();
  const deadline = began + SETTLE_LIMIT_MS;
  // A runner goes from the last test to this hook through promise chains alone (Jest takes 100 ms
  // and more), which no timer interrupts: one timer turn lets the app's timers that fell due
  // meanwhile (a tool's wait, a scheduled follow-up) run, and call doubles, before the file is judged.
  await new Promise<void>((resume) => after(0, resume));
  const from = state.lastCall >= state.testStarted ? began : 0;
  for (;;) {
    const idle = realNow() - Math.max(state.lastCall, from);
    if (state.runs.size === 0 && idle >= QUIET_MS) {
      // The clock says quiet, but a loaded machine may have held this hook up past a follow-up's
      // timer: due, not yet run. One more timer turn runs every timer due before it; the file is
      // quiet if none of them started a run or reached a double.
      const last = state.lastCall;
      await new Promise<void>((resume) => after(0, resume));
      if (state.runs.size === 0 && state.lastCall === last) return [];
      continue;
    }
    const left = deadline - realNow();
    if (left <= 0) {
      return [...state.runs].map(({ agent, test }) => `agent ${JSON.stringify(agent)}${test === undefined ? '' : ` (from the test ${JSON.stringify(test)})`}`);
    }
    await new Promise<void>((resume) => after(Math.min(left, state.runs.size > 0 ? 10 : QUIET_MS - idle), resume));
  }
}
