import type { DoubleReport } from '../../vocabulary';

/** A double as the registry keeps it: its ledger (or a record of a blocked call), which reports on it. */
export interface Verifiable {
  report(): DoubleReport;
}

/**
 * Which tests could have used a double, by where it was made: in a test (`test`: that test alone,
 * also under `test.concurrent`), or outside any test (`block`: a `describe` body, a `beforeAll` or
 * `afterAll` of that block, or the file's top level, `[]`), where every test inside the block could.
 */
export type DoubleScope = { readonly test: string | undefined } | { readonly block: readonly string[] };

/** Where a double was made: its scope, and the test file. */
export interface Origin {
  readonly scope: DoubleScope;
  /** The test file, as the runner names it; `undefined` without a setup entry. */
  readonly file: string | undefined;
}

/** A mismatch recorded on a double after that double was verified: it must fail the next verification point. */
export interface LateMismatch {
  readonly double: Verifiable;
  /** The test the double was created in, as the runner names it; `undefined` outside a test. */
  readonly test: string | undefined;
  /** The test file the double was created in. */
  readonly file: string | undefined;
  /** The mismatch's first line. */
  readonly line: string;
}

/** What a setup entry reads off its runner for the registry. */
export interface RunnerReads {
  /** The name of the running test. */
  testName?(): string | undefined;
  /** The test file running now. */
  testFile?(): string | undefined;
  /** Where code runs now, when no test is between the kit's `beforeEach` and `afterEach` (a `describe` body, a hook, a concurrent test). */
  scope?(): DoubleScope | undefined;
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
  /** What ends with the scope something was made in (a recorder stops listening), in creation order. */
  endings: { end: () => void; order: number }[];
  reads: RunnerReads;
  /** How many tests are running (between their beforeEach and afterEach; several when concurrent), as the setup entry tells. */
  running: number;
  /** Where each double was made. */
  origins: WeakMap<Verifiable, Origin>;
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
shared.endings ??= [];
shared.reads ??= {};
shared.running ??= 0;
shared.origins ??= new WeakMap();
shared.verified ??= new WeakSet();
shared.late ??= [];
const state = shared as RegistryState;

/** Called by a setup entry: from now on doubles are kept for verification, and known by where they were made. */
export function startWatching(reads: RunnerReads = {}): void {
  state.watching = true;
  state.reads = reads;
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
  return read(state.reads.testName);
}

/** The test file running now, as the runner names it. */
export function currentFile(): string | undefined {
  return read(state.reads.testFile);
}

/** Where code runs now: in a test, or in a block's scope (the file's when the runner does not say). */
function scopeNow(): DoubleScope {
  if (state.running > 0) return { test: currentTestName() };
  return read(state.reads.scope) ?? { block: [] };
}

function read<T>(reader: (() => T | undefined) | undefined): T | undefined {
  try {
    const value = reader?.();
    return value === '' ? undefined : value;
  } catch {
    return undefined;
  }
}

/** Called by every double unless it opted out with `{ verify: false }`. */
export function track(double: Verifiable): void {
  if (!state.watching) return;
  state.origins.set(double, { scope: scopeNow(), file: currentFile() });
  state.entries.push({ double, order: ++state.created });
}

/** Removes a double from the watch list (a fixture took it over). */
export function untrack(double: Verifiable): void {
  const index = state.entries.findIndex((entry) => entry.double === double);
  if (index !== -1) state.entries.splice(index, 1);
}

/**
 * Has `end` called when the scope it is made in ends: the test, or the file for what is made
 * outside a test. Without a setup entry nothing ends it, and the caller stops it itself.
 */
export function endWithScope(end: () => void): void {
  if (!state.watching) return;
  state.endings.push({ end, order: ++state.created });
}

/** Ends what was made after `since` (everything without it); an ending that throws does not stop the others. */
export function endScope(since = 0): void {
  const ending = state.endings.filter((entry) => entry.order > since);
  state.endings = state.endings.filter((entry) => entry.order <= since);
  for (const { end } of ending) {
    try {
      end();
    } catch {
      // Ending is cleanup: a recorder that cannot detach from its emitter has nothing left to stop.
    }
  }
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

/** Where a double was made; a double made without a setup entry counts as made at a file's top level. */
export function originOf(double: Verifiable): Origin {
  return state.origins.get(double) ?? { scope: { block: [] }, file: undefined };
}

/** The test a double was created in, as the runner named it. */
function ownerOf(double: Verifiable): string | undefined {
  const { scope: where } = originOf(double);
  return 'test' in where ? where.test : undefined;
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
  const { file } = originOf(double);
  state.late.push({ double, test: ownerOf(double), file, line });
}

/**
 * Takes the late mismatches recorded since the last verification point: those of doubles made in
 * `file`, or all of them without it. A file sharing its module graph with the one before it
 * (Vitest's `isolate: false`) leaves a late mismatch of that file for its own end, naming the file,
 * rather than failing a test that had nothing to do with it.
 */
export function takeLate(file?: string): LateMismatch[] {
  if (file === undefined) return state.late.splice(0);
  const taken = state.late.filter((entry) => entry.file === undefined || entry.file === file);
  state.late = state.late.filter((entry) => !taken.includes(entry));
  return taken;
}
