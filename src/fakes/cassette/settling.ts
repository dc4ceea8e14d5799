/**
 * The after-each settling of cassette recordings, reached without loading them. The recordings
 * (./recordings.ts, with the cassette file, lock and store modules under it) are loaded by whatever
 * makes a recording double, and put their `settleRecordings` in their process-wide state when they
 * load; a test file that never made a cassette never loads them, and its setup entry only runs the
 * verification. Nothing is raced: no recording can exist before the module that settles it is loaded.
 */

/** The slot of the recordings' process-wide state, shared by the kit's CJS and ESM builds. */
export const RECORDINGS_KEY = Symbol.for('agents-testkit.recordings');

/** What the setup entry reads of that state. */
export interface RecordingsSettler {
  /** The recorders not committed yet, of every test. */
  open: ReadonlySet<unknown>;
  settle?: (verification?: () => void) => void;
}

/**
 * Runs `verification` and settles the recordings of the test that ended (see `settleRecordings`)
 * when a recording is open; otherwise only runs it.
 */
export function settleRecordingsIfAny(verification: () => void): void {
  const recordings = (globalThis as Record<symbol, unknown>)[RECORDINGS_KEY] as RecordingsSettler | undefined;
  // With no recording open, settling is the verification alone.
  if (recordings?.settle === undefined || recordings.open.size === 0) verification();
  else recordings.settle(verification);
}
