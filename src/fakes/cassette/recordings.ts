/**
 * The recordings a process has not committed yet (of `cassette()` and `mcpCassette()` alike), and
 * the rules that keep every recording:
 *
 * - a recording is written, after each call, to `<file>.partial-<pid>.json` and reaches its file
 *   only when it is committed: when its test passed (`settleRecordings`, called by the setup
 *   entries after each test), or by `commit()` / `assertComplete()`;
 * - a commit replaces only its own conversation, under a lock, in a file renamed into place;
 * - one conversation of one file is recorded by one double at a time, across processes too: a
 *   second recorder fails before its first real call, naming the first. A claim or a lock that a
 *   crashed run left behind is taken over (src/fakes/cassette/fileLocks.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { ScriptError } from '../../errors/ScriptError';
import { forget, writeFileAtomic } from './store';
import { describeHolder, isGone, isThisThread, me, readHolder, releaseExclusive, removeQuietly, tryExclusive, withFileLock, type Holder } from './fileLocks';
import { withConversation, withoutConversation, type RecordingFormat } from './format';
import { stamped } from './provenance';
import { currentTest } from '../../runner/coupling';
import { RECORDINGS_KEY, type RecordingsSettler } from './settling';

/** A recording double as the registry sees it. */
export interface Recorder<C = unknown> {
  readonly path: string;
  readonly conversation: string;
  readonly label: string;
  /** The full name of the test that created the double, if a test did. */
  readonly test: string | undefined;
  /** The file of that test, for messages. */
  readonly testFile: string | undefined;
  readonly format: RecordingFormat<C>;
  /** What it recorded so far, as its file keeps a conversation. */
  recording(): C;
  /** Why this recording must not be committed even if its test passed (a refused call, a call still running). */
  unfinished(): string | undefined;
}

interface RecordingsState extends RecordingsSettler {
  /** Recorders with a claim and nothing committed yet, in the order they started. */
  open: Set<Recorder>;
  /** Who records each conversation in this process: `<path>\0<conversation>`. */
  claims: Map<string, Recorder>;
  /** Recorders whose conversation in the partial file is their own (not one kept from before). */
  inPartial: WeakSet<Recorder>;
  exitHook: boolean;
}

const KEY = RECORDINGS_KEY;
const scope = globalThis as typeof globalThis & { [KEY]?: RecordingsState };
const state: RecordingsState = (scope[KEY] ??= { open: new Set(), claims: new Map(), inPartial: new WeakSet(), exitHook: false });
// The setup entries settle recordings through this (./settling.ts): they load this module only when a recording double did.
// The copy loaded last answers (a runner that re-imports modules per test file keeps this state across files).
state.settle = settleRecordings;

/**
 * Where a process keeps the uncommitted recordings of a file: `weather.json.partial-4242.json`
 * (`…-4242-3.json` from worker thread 3). By default, this process's.
 */
export function partialPath(path: string, holder: Pick<Holder, 'pid' | 'thread'> = me()): string {
  return `${path}.partial-${holder.pid}${holder.thread === undefined ? '' : `-${holder.thread}`}.json`;
}

/** The file that marks a conversation as being recorded, so another process cannot record it too. */
export function claimPath(path: string, conversation: string): string {
  const hash = createHash('sha1').update(conversation).digest('hex').slice(0, 10);
  return `${path}.recording-${hash}.lock`;
}

function holderOf(recorder: Recorder): Holder {
  return {
    ...me(),
    label: recorder.label,
    ...(recorder.test === undefined ? {} : { test: recorder.test }),
    ...(recorder.testFile === undefined ? {} : { file: recorder.testFile }),
  };
}

function claimKey(path: string, conversation: string): string {
  return `${path}\0${conversation}`;
}

/**
 * Who else records this conversation, or `undefined` when `recorder` may (and now does). A claim
 * of another process stands while that process runs and its partial file holds the conversation,
 * which the claimer writes before it claims: a claim left by a crashed run, or by a process that
 * records nothing, is taken over.
 */
export function claim(recorder: Recorder): string | undefined {
  const key = claimKey(recorder.path, recorder.conversation);
  const mine = state.claims.get(key);
  if (mine === recorder) return undefined;
  if (mine !== undefined) return describeHolder(holderOf(mine), recorder.testFile);
  const marked = !partialHolds(recorder, me());
  if (marked) keepPartial(recorder);
  const taken = tryExclusive(claimPath(recorder.path, recorder.conversation), holderOf(recorder), (other, writtenAt) =>
    // A claim of this thread that this registry does not hold was left by a test file that ended (Jest).
    isThisThread(other) ? false : !isGone(other, writtenAt) && partialHolds(recorder, other),
  );
  if (!taken.ok) {
    if (marked) dropFromPartial(recorder);
    return describeHolder(taken.holder, recorder.testFile);
  }
  state.claims.set(key, recorder);
  state.open.add(recorder);
  watchExit();
  return undefined;
}

/** The mismatch of a double refused by `claim()`: `other` records the same conversation. */
export function recordingConflict(recorder: Recorder, shownPath: string, other: string, double: 'cassette' | 'mcpCassette') {
  return {
    kind: 'recording_conflict' as const,
    expected: `to be the only recorder of conversation ${JSON.stringify(recorder.conversation)} in ${shownPath}`,
    why: `${other} records it too, and one of the two recordings would be lost`,
    fix: `Give each ${double} its own { conversation: '…' }, or record that conversation from one test at a time`,
  };
}

/** Whether the partial file of `holder` holds the recorder's conversation. */
function partialHolds(recorder: Recorder, holder: Pick<Holder, 'pid' | 'thread'>): boolean {
  const conversations = readPartial(partialPath(recorder.path, holder), recorder.format);
  return conversations !== undefined && Object.hasOwn(conversations, recorder.conversation);
}

/** Whether `holder` claims a conversation of the file at `path`: a commit's lock of a holder that does not is a leftover. */
function claimsConversationOf(path: string, holder: Holder): boolean {
  const prefix = `${basename(path)}.recording-`;
  let names: string[];
  try {
    names = readdirSync(dirname(path));
  } catch {
    return false;
  }
  return names
    .filter((name) => name.startsWith(prefix) && name.endsWith('.lock'))
    .map((name) => readHolder(join(dirname(path), name)))
    .some((other) => other !== undefined && other.pid === holder.pid && (other.thread ?? 0) === (holder.thread ?? 0));
}

function release(recorder: Recorder): void {
  const key = claimKey(recorder.path, recorder.conversation);
  if (state.claims.get(key) === recorder) {
    state.claims.delete(key);
    releaseExclusive(claimPath(recorder.path, recorder.conversation), holderOf(recorder));
  }
  state.open.delete(recorder);
}

/** Keeps what the recorder recorded so far in the partial file, renamed into place like every write. */
export function keepPartial(recorder: Recorder): void {
  updatePartial(recorder, (conversations) => withConversation(conversations, recorder.conversation, recorder.recording()));
  state.inPartial.add(recorder);
}

/** Takes the recorder's own conversation out of the partial file (one kept there from before stays). */
function dropFromPartial(recorder: Recorder): void {
  if (!state.inPartial.has(recorder)) return;
  state.inPartial.delete(recorder);
  if (existsSync(partialPath(recorder.path))) updatePartial(recorder, (conversations) => withoutConversation(conversations, recorder.conversation));
}

function readPartial<C>(partial: string, format: RecordingFormat<C>): Readonly<Record<string, C>> | undefined {
  let text: string;
  try {
    text = readFileSync(partial, 'utf8');
  } catch {
    return undefined;
  }
  const parsed = format.parse(text);
  return parsed.ok ? parsed.conversations : undefined;
}

/**
 * Changes this process's partial file of a recording. The file, not memory, holds what is kept:
 * Jest gives each test file its own module state, and recordings one test file left there must
 * outlive it.
 */
function updatePartial<C>(recorder: Recorder<C>, change: (conversations: Readonly<Record<string, C>>) => Record<string, C>): void {
  const partial = partialPath(recorder.path);
  const conversations = change(readPartial(partial, recorder.format) ?? {});
  if (Object.keys(conversations).length === 0) removeQuietly(partial);
  else writeFileAtomic(partial, recorder.format.text(conversations));
}

/**
 * The partial files beside `path` (of any process) that keep a recording of `conversation`: a
 * replay that cannot find its conversation names them.
 */
export function partialsHolding<C>(path: string, conversation: string, format: RecordingFormat<C>): string[] {
  const prefix = `${basename(path)}.partial-`;
  let names: string[];
  try {
    names = readdirSync(dirname(path));
  } catch {
    return [];
  }
  return names
    .filter((name) => name.startsWith(prefix) && /^\d+(-\d+)?\.json$/.test(name.slice(prefix.length)))
    .map((name) => join(dirname(path), name))
    .filter((partial) => {
      const conversations = readPartial(partial, format);
      return conversations !== undefined && Object.hasOwn(conversations, conversation) && format.kept(conversations[conversation] as C) !== undefined;
    });
}

/**
 * What a recording double's `commit()` does: commits what it recorded now, instead of when its
 * test passes; refuses (a `ScriptError`) a recording that is not finished; does nothing when
 * there is nothing new to write.
 */
export function commitNow(recorder: Recorder): void {
  if (!isOpen(recorder)) return;
  const why = recorder.unfinished();
  if (why !== undefined) {
    throw new ScriptError({ reason: 'incomplete_recording', double: recorder.label, message: `${recorder.label}: cannot commit its recording to ${recorder.path}: ${why}.` });
  }
  commit(recorder);
}

/**
 * Writes the recorder's conversation into its file: under the file's lock, over what the file
 * holds now (other conversations, other processes' commits, are kept), renamed into place.
 */
export function commit(recorder: Recorder): void {
  const recording = recorder.recording();
  // Nothing answered (every real call failed): there is nothing to replay, and nothing to replace.
  if (recorder.format.kept(recording) !== undefined) writeConversation(recorder, stamped(recording, recorder.test, recorder.format.models?.(recording) ?? [], recorder.testFile));
  dropFromPartial(recorder);
  release(recorder);
}

function writeConversation<C>(recorder: Recorder<C>, recording: C): void {
  const write = (): void => {
    let text: string | undefined;
    try {
      text = readFileSync(recorder.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    let current: Readonly<Record<string, C>> = {};
    if (text !== undefined) {
      const parsed = recorder.format.parse(text);
      if (!parsed.ok) throw new Error(`${recorder.label} cannot commit its recording to ${recorder.path}: the file changed since and no longer holds recordings (${parsed.problem})`);
      current = parsed.conversations;
    }
    writeFileAtomic(recorder.path, recorder.format.text(withConversation(current, recorder.conversation, recording)));
    forget(recorder.path);
  };
  withFileLock(recorder.path, holderOf(recorder), write, (other) => claimsConversationOf(recorder.path, other));
}

/** Leaves the file as it is and keeps the recording in the partial file; returns the sentence that says so. */
function abandon(recorder: Recorder, why: string): string | undefined {
  release(recorder);
  const kept = recorder.format.kept(recorder.recording());
  if (kept === undefined) {
    dropFromPartial(recorder);
    return undefined;
  }
  return (
    `${recorder.label} left ${recorder.path} as it was: ${why}. ` +
    `${kept.subject} for conversation ${JSON.stringify(recorder.conversation)} ${kept.plural ? 'are' : 'is'} kept in ${partialPath(recorder.path)}.`
  );
}

/** Whether a recorder has a recording its file does not hold yet. */
function isOpen(recorder: Recorder): boolean {
  return state.open.has(recorder);
}

/** The open recorder of a conversation in this process, for messages that tell a replay where its recording is. */
export function openRecorder(path: string, conversation: string): Recorder | undefined {
  return state.claims.get(claimKey(path, conversation));
}

/**
 * Settles the recordings of the test that just ended: commits each one when the test passed,
 * and otherwise leaves the file as it was and throws an error that says where the recording was
 * kept. `verification` is the setup entry's after-each check of the test's doubles: a test that
 * fails it did not pass. The setup entries call it after each test:
 *
 *   settleRecordings(() => verify(takeCreated(since), 'when the test ended'));
 *
 * Recordings of other tests are left alone; those made outside a test (a `beforeAll`) are
 * committed only by their double's `commit()`.
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
