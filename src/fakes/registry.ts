import type { DoubleReport } from '../vocabulary';

/** A double as the registry keeps it: its ledger (or a record of a blocked call), which reports on it. */
export interface Verifiable {
  report(): DoubleReport;
}

/** A mismatch recorded on a double after that double was verified: it must fail the next verification point. */
export interface LateMismatch {
  readonly double: Verifiable;
  /** The test the double was created in, as the runner names it; `undefined` outside a test. */
  readonly test: string | undefined;
  /** The mismatch's first line. */
  readonly line: string;
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
  /** The name of the running test, as the setup entry reads it off its runner. */
  testName?: () => string | undefined;
  /** How many tests are running (between their beforeEach and afterEach; several when concurrent), as the setup entry tells. */
  running: number;
  /** The test each double was created in. */
  owners: WeakMap<Verifiable, string | undefined>;
  /** Doubles already verified: a mismatch recorded on one of them later is late. */
  verified: WeakSet<Verifiable>;
  late: LateMismatch[];
}

const KEY = Symbol.for('agents-testkit.registry');
const scope = globalThis as typeof globalThis & { [KEY]?: Partial<RegistryState> };
const shared = (scope[KEY] ??= {});
// A copy of the kit from before these fields existed may have made the state; fill in what it lacks.
shared.watching ??= false;
shared.created ??= 0;
shared.entries ??= [];
shared.running ??= 0;
shared.owners ??= new WeakMap();
shared.verified ??= new WeakSet();
shared.late ??= [];
const state = shared as RegistryState;

/** Called by a setup entry: from now on doubles are kept for verification, and named after their test. */
export function startWatching(testName?: () => string | undefined): void {
  state.watching = true;
  if (testName) state.testName = testName;
}

/** Whether a setup entry is loaded. */
export function isWatching(): boolean {
  return state.watching;
}

/** The setup entry tells when a test starts and ends; routes scoped to a test read it. */
export function enterTest(): void {
  state.running += 1;
}

/** Returns whether no test is running any more. */
export function leaveTest(): boolean {
  state.running = Math.max(0, state.running - 1);
  return state.running === 0;
}

/** Whether a test is running: `false` in `describe` bodies and `beforeAll`/`afterAll` hooks. */
export function inTest(): boolean {
  return state.running > 0;
}

/** The name of the running test, or `undefined` outside a test (or without a setup entry). */
export function currentTestName(): string | undefined {
  if (state.running === 0) return undefined;
  try {
    const name = state.testName?.();
    return typeof name === 'string' && name !== '' ? name : undefined;
  } catch {
    return undefined;
  }
}

/** Called by every double unless it opted out with `{ verify: false }`. */
export function track(double: Verifiable): void {
  if (!state.watching) return;
  state.owners.set(double, currentTestName());
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

/** The test a double was created in, as the runner named it. */
export function ownerOf(double: Verifiable): string | undefined {
  return state.owners.get(double);
}

/** Marks doubles as verified: a mismatch they record from now on is late, and kept for the next verification. */
export function markVerified(doubles: readonly Verifiable[]): void {
  for (const double of doubles) state.verified.add(double);
}

/**
 * Called by a double's ledger for every mismatch it records. A mismatch of a double already
 * verified (a run still going when its test ended) would otherwise never be reported.
 */
export function noteMismatch(double: Verifiable, line: string): void {
  if (!state.verified.has(double)) return;
  state.late.push({ double, test: state.owners.get(double), line });
}

/** Takes the late mismatches recorded since the last verification point. */
export function takeLate(): LateMismatch[] {
  return state.late.splice(0);
}
