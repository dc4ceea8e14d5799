import type { DoubleReport } from '../vocabulary';

/** A double as the registry keeps it: its ledger (or a record of a blocked call), which reports on it. */
export interface Verifiable {
  report(): DoubleReport;
}

/**
 * The doubles created while a setup entry watches, so that each can be verified when its test
 * ends. Kept on `globalThis` because the kit may be loaded twice in one test file (its CJS and
 * ESM builds, or the package and its setup entry), and both copies must share one list.
 */
interface RegistryState {
  /** Set by a setup entry; without one nothing is kept, so nothing leaks. */
  watching: boolean;
  created: number;
  entries: { double: Verifiable; order: number }[];
}

const KEY = Symbol.for('agents-testkit.registry');
const scope = globalThis as typeof globalThis & { [KEY]?: RegistryState };
const state: RegistryState = (scope[KEY] ??= { watching: false, created: 0, entries: [] });

export function startWatching(): void {
  state.watching = true;
}

/** Called by every double unless it opted out with `{ verify: false }`. */
export function track(double: Verifiable): void {
  if (!state.watching) return;
  state.entries.push({ double, order: ++state.created });
}

/** Removes a double from the watch list (a fixture took it over). */
export function untrack(double: Verifiable): void {
  const index = state.entries.findIndex((entry) => entry.double === double);
  if (index !== -1) state.entries.splice(index, 1);
}

/** A position in creation order: doubles created after it are "since" it. */
export function mark(): number {
  return state.created;
}

/** Takes the doubles created after `since` (all of them without it) off the watch list. */
export function takeCreated(since = 0): Verifiable[] {
  const taken = state.entries.filter((entry) => entry.order > since);
  state.entries = state.entries.filter((entry) => entry.order <= since);
  return taken.map((entry) => entry.double);
}
