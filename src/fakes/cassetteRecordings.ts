/**
 * The recordings a process has not committed yet, and the rules that keep every recording:
 *
 * - a recording is written, after each call, to `<cassette>.partial-<pid>.json` and reaches the
 *   cassette file only when it is committed: when its test passed (`settleRecordings`, called by
 *   the setup entries after each test), or by `commit()` / `assertComplete()`;
 * - a commit replaces only its own conversation, under a lock, in a file renamed into place;
 * - one conversation of one file is recorded by one cassette at a time, across processes too: a
 *   second recorder fails before its first real call, naming the first.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { cassetteText, CASSETTE_VERSION, type Cassette, type CassetteCall, type CassetteConversation } from './cassetteFile';
import { describeHolder, forget, isAlive, parseCassette, removeQuietly, tryExclusive, withFileLock, writeFileAtomic, type Holder } from './cassetteStore';
import { currentTest } from './runnerState';

/** A recording cassette as the registry sees it. */
export interface Recorder {
  readonly path: string;
  readonly conversation: string;
  readonly label: string;
  /** The full name of the test that created the cassette, if a test did. */
  readonly test: string | undefined;
  /** The calls recorded so far, complete ones only. */
  calls(): readonly CassetteCall[];
  /** Why this recording must not be committed even if its test passed (a refused call, a call still running). */
  unfinished(): string | undefined;
}

interface RecordingsState {
  /** Recorders with calls not committed yet, in the order they started. */
  open: Set<Recorder>;
  /** Who records each conversation in this process: `<path>\0<conversation>`. */
  claims: Map<string, Recorder>;
  exitHook: boolean;
}

const KEY = Symbol.for('agents-testkit.recordings');
const scope = globalThis as typeof globalThis & { [KEY]?: RecordingsState };
const state: RecordingsState = (scope[KEY] ??= { open: new Set(), claims: new Map(), exitHook: false });

/** Where this process keeps the uncommitted recordings of a cassette: `weather.json.partial-4242.json`. */
export function partialPath(path: string): string {
  return `${path}.partial-${process.pid}.json`;
}

/** The file that marks a conversation as being recorded, so another process cannot record it too. */
export function claimPath(path: string, conversation: string): string {
  const hash = createHash('sha1').update(conversation).digest('hex').slice(0, 10);
  return `${path}.recording-${hash}.lock`;
}

function holderOf(recorder: Recorder): Holder {
  return { pid: process.pid, label: recorder.label, ...(recorder.test === undefined ? {} : { test: recorder.test }) };
}

function claimKey(path: string, conversation: string): string {
  return `${path}\0${conversation}`;
}

/** Who else records this conversation, or `undefined` when `recorder` may (and now does). */
export function claim(recorder: Recorder): string | undefined {
  const key = claimKey(recorder.path, recorder.conversation);
  const mine = state.claims.get(key);
  if (mine === recorder) return undefined;
  if (mine !== undefined) return describeHolder(holderOf(mine));
  const taken = tryExclusive(claimPath(recorder.path, recorder.conversation), holderOf(recorder), (other) =>
    other.pid === process.pid ? state.claims.has(key) : isAlive(other.pid),
  );
  if (!taken.ok) return describeHolder(taken.holder);
  state.claims.set(key, recorder);
  state.open.add(recorder);
  watchExit();
  return undefined;
}

function release(recorder: Recorder): void {
  const key = claimKey(recorder.path, recorder.conversation);
  if (state.claims.get(key) === recorder) {
    state.claims.delete(key);
    removeQuietly(claimPath(recorder.path, recorder.conversation));
  }
  state.open.delete(recorder);
}

/** Keeps the calls recorded so far in the partial file, renamed into place like every write. */
export function keepPartial(recorder: Recorder): void {
  updatePartial(recorder.path, (conversations) => {
    conversations[recorder.conversation] = { calls: [...recorder.calls()] };
  });
}

/**
 * Changes this process's partial file of a cassette. The file, not memory, holds what is kept:
 * Jest gives each test file its own module state, and recordings one test file left there must
 * outlive it.
 */
function updatePartial(path: string, change: (conversations: Record<string, CassetteConversation>) => void): void {
  const partial = partialPath(path);
  let conversations: Record<string, CassetteConversation> = {};
  try {
    const loaded = parseCassette(readFileSync(partial, 'utf8'));
    if (loaded.state === 'ok') conversations = { ...loaded.cassette.conversations };
  } catch {
    // No partial file yet.
  }
  change(conversations);
  if (Object.keys(conversations).length === 0) removeQuietly(partial);
  else writeFileAtomic(partial, cassetteText({ version: CASSETTE_VERSION, conversations }));
}

/**
 * Writes the recorder's conversation into its cassette file: under the file's lock, over what
 * the file holds now (other conversations, other processes' commits, are kept), renamed into place.
 */
export function commit(recorder: Recorder): void {
  const calls = [...recorder.calls()];
  // Nothing answered (every real call failed): there is nothing to replay, and nothing to replace.
  if (calls.length > 0) writeConversation(recorder, calls);
  if (existsSync(partialPath(recorder.path))) {
    updatePartial(recorder.path, (conversations) => {
      delete conversations[recorder.conversation];
    });
  }
  release(recorder);
}

function writeConversation(recorder: Recorder, calls: CassetteCall[]): void {
  withFileLock(recorder.path, holderOf(recorder), () => {
    let current: Cassette = { version: CASSETTE_VERSION, conversations: {} };
    let text: string | undefined;
    try {
      text = readFileSync(recorder.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    if (text !== undefined) {
      const loaded = parseCassette(text);
      if (loaded.state !== 'ok') {
        throw new Error(`${recorder.label} cannot commit its recording to ${recorder.path}: the file changed since and is no longer a cassette (${(loaded as { problem: string }).problem})`);
      }
      current = loaded.cassette;
    }
    const conversations = { ...current.conversations, [recorder.conversation]: { calls } };
    writeFileAtomic(recorder.path, cassetteText({ version: CASSETTE_VERSION, conversations }));
    forget(recorder.path);
  });
}

/** Leaves the cassette file as it is and keeps the recording in the partial file; returns the sentence that says so. */
function abandon(recorder: Recorder, why: string): string | undefined {
  release(recorder);
  const count = recorder.calls().length;
  if (count === 0) return undefined;
  return (
    `${recorder.label} left ${recorder.path} as it was: ${why}. ` +
    `The ${count === 1 ? 'call' : `${count} calls`} it recorded for conversation ${JSON.stringify(recorder.conversation)} ${count === 1 ? 'is' : 'are'} kept in ${partialPath(recorder.path)}.`
  );
}

/** Whether a recorder has calls its cassette file does not hold yet. */
export function isOpen(recorder: Recorder): boolean {
  return state.open.has(recorder);
}

/** The open recorder of a conversation in this process, for messages that tell a replay where its recording is. */
export function openRecorder(path: string, conversation: string): Recorder | undefined {
  return state.claims.get(claimKey(path, conversation));
}

/**
 * Settles the recordings of the test that just ended: commits each one when the test passed,
 * and otherwise leaves the cassette file as it was and throws an error that says where the
 * recording was kept. `verification` is the setup entry's after-each check of the test's doubles:
 * a test that fails it did not pass. The setup entries call it after each test:
 *
 *   settleRecordings(() => verify(takeCreated(since), 'when the test ended'));
 *
 * Recordings of other tests are left alone; those made outside a test (a `beforeAll`) are
 * committed only by their cassette's `commit()`.
 */
export function settleRecordings(verification?: () => void): void {
  let failure: unknown;
  let verified = true;
  try {
    verification?.();
  } catch (error) {
    failure = error;
    verified = false;
  }
  const test = currentTest();
  const notes: string[] = [];
  for (const recorder of [...state.open]) {
    if (test === undefined || recorder.test !== test.name) continue;
    const why = !verified
      ? 'its test failed the after-each verification'
      : test.failed === true
        ? 'its test failed'
        : test.failed === undefined
          ? 'the test runner did not say whether its test passed (commit() it yourself)'
          : recorder.unfinished();
    const note = why === undefined ? commitOrKeep(recorder) : abandon(recorder, why);
    if (note !== undefined) notes.push(note);
  }
  if (failure !== undefined) {
    if (notes.length > 0 && failure instanceof Error) failure.message = `${failure.message}\n\n${notes.join('\n')}`;
    throw failure;
  }
  if (notes.length > 0) throw new Error(notes.join('\n'));
}

function commitOrKeep(recorder: Recorder): string | undefined {
  try {
    commit(recorder);
    return undefined;
  } catch (error) {
    return abandon(recorder, `committing it failed (${(error as Error).message})`) ?? `${recorder.label} could not commit its recording: ${(error as Error).message}`;
  }
}

/** At exit: claims are released, and each recording never committed is named with where it was kept. */
function watchExit(): void {
  if (state.exitHook) return;
  state.exitHook = true;
  process.once('exit', () => {
    const notes: string[] = [];
    for (const recorder of [...state.open]) {
      const note = abandon(recorder, 'nothing committed its recording (its test did not pass, or it was made outside a test: call commit())');
      if (note !== undefined) notes.push(note);
    }
    if (notes.length > 0) process.stderr.write(`agents-testkit: ${notes.join('\nagents-testkit: ')}\n`);
  });
}
