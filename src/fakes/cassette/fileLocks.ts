/**
 * Files that one process holds at a time: a commit's lock on a cassette file, a recording's claim
 * on a conversation. Each holds the JSON of its holder. A file whose holder is gone is taken over
 * at once, and so is one whose holder is alive but does not do what the file says it does: what a
 * crashed run leaves behind never blocks the next run.
 */
import { closeSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { threadId } from 'node:worker_threads';
import { realNow } from '../core/realTimers';

/** Who holds a lock or a claim: the process (and worker thread), the double's label, its test and test file. */
export interface Holder {
  pid: number;
  /** The worker thread, when it is not the main thread (Vitest's `threads` pool). */
  thread?: number;
  label: string;
  test?: string;
  /** The test file, for messages about two files whose tests share a name. */
  file?: string;
}

/** This process and thread, as a holder names them. */
export function me(): Pick<Holder, 'pid' | 'thread'> {
  return { pid: process.pid, ...(threadId === 0 ? {} : { thread: threadId }) };
}

/** Whether `holder` is this process's thread: the caller knows for itself whether it still holds the file. */
export function isThisThread(holder: Holder): boolean {
  return holder.pid === process.pid && (holder.thread ?? 0) === threadId;
}

/** `cassette("x") (test "t" of other.test.ts) in process 42`; the test file only when it is not `here`. */
export function describeHolder(holder: Holder, here?: string): string {
  const file = holder.file === undefined || holder.file === here ? '' : ` of ${relative(process.cwd(), holder.file)}`;
  const test = holder.test === undefined ? '' : ` (test ${JSON.stringify(holder.test)}${file})`;
  return `${holder.label}${test} in ${holder.pid === process.pid ? 'this process' : `process ${holder.pid}`}`;
}

/** Whether a process is still running; a process of another user counts as running. */
export function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When a running process started (ms since the epoch), where the system says: Linux's
 * `/proc/<pid>/stat` (field 22, in clock ticks of 1/100 s since boot). `undefined` elsewhere.
 */
export function startedAt(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: fields are counted after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]);
    const boot = Number(/^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1]);
    return Number.isFinite(ticks) && Number.isFinite(boot) ? boot * 1000 + ticks * 10 : undefined;
  } catch {
    return undefined;
  }
}

/** The clock's slack between a file's time and a process's start time (the boot time is in whole seconds). */
const START_SLACK_MS = 2000;

/**
 * Whether the process that wrote a file at `writtenAt` is gone: it has ended, or its pid now
 * belongs to a process that started after the file was written (a crashed run's pid, reused).
 */
export function isGone(holder: Holder, writtenAt: number): boolean {
  if (holder.pid === process.pid) return false;
  if (!isAlive(holder.pid)) return true;
  const started = startedAt(holder.pid);
  return started !== undefined && started > writtenAt + START_SLACK_MS;
}

/** Reads the holder written in a lock file; `undefined` when it is gone or unreadable. */
export function readHolder(path: string): Holder | undefined {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<Holder>;
    return typeof parsed.pid === 'number' && typeof parsed.label === 'string' ? (parsed as Holder) : undefined;
  } catch {
    return undefined;
  }
}

/** When a file was last written, or `undefined` when it is gone. */
function writtenAt(path: string): number | undefined {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

/**
 * Decides whether the holder of an existing file still holds it, given when the file was written.
 * The default: a process that is not gone, and is not this thread (whose own holds the caller
 * tracks itself).
 */
export type StillHeld = (other: Holder, writtenAt: number) => boolean;

const held: StillHeld = (other, at) => !isThisThread(other) && !isGone(other, at);

/**
 * Creates `path` holding `holder`, only if nobody else holds it. A file whose holder `stillHeld`
 * denies is taken over. Returns the other holder when it still holds the file.
 */
export function tryExclusive(path: string, holder: Holder, stillHeld: StillHeld = held): { ok: true } | { ok: false; holder: Holder } {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      mkdirSync(dirname(path), { recursive: true });
      const fd = openSync(path, 'wx');
      try {
        writeSync(fd, JSON.stringify(holder));
      } finally {
        closeSync(fd);
      }
      return { ok: true };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let other = readHolder(path);
    if (other === undefined) {
      // Being written by a process that is starting (or left empty by one that died): look again.
      sleep(5);
      other = readHolder(path);
    }
    const at = writtenAt(path);
    if (at === undefined) continue; // removed meanwhile: try again
    if (other !== undefined && stillHeld(other, at)) return { ok: false, holder: other };
    // A leftover: take it over. Renaming it aside first means that of two processes taking it
    // over at once, only one removes it; the other finds it gone.
    const aside = `${path}.stale-${process.pid}-${attempt}`;
    try {
      renameSync(path, aside);
    } catch {
      continue;
    }
    const moved = readHolder(aside);
    const movedAt = writtenAt(aside);
    if (moved !== undefined && movedAt !== undefined && stillHeld(moved, movedAt)) {
      // Another process made a new one between our read and our rename: give its file back.
      try {
        linkSync(aside, path);
      } catch {
        // A third process made a new one meanwhile; that one stands.
      }
    }
    removeQuietly(aside);
  }
  const other = readHolder(path);
  return { ok: false, holder: other ?? { pid: 0, label: 'an unknown process' } };
}

/** Removes a lock or claim file if `holder` still holds it: one taken over by another process stays. */
export function releaseExclusive(path: string, holder: Holder): void {
  const current = readHolder(path);
  if (current !== undefined && current.pid === holder.pid && (current.thread ?? 0) === (holder.thread ?? 0) && current.label === holder.label) {
    removeQuietly(path);
  }
}

/** Removes a file if it is there; a file already gone is fine. */
export function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Gone already, or never made.
  }
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** Blocks for `ms` milliseconds: commits run in the synchronous after-each hooks. */
export function sleep(ms: number): void {
  Atomics.wait(sleeper, 0, 0, ms);
}

/** The longest a commit waits for another process's commit to the same file. */
export const LOCK_WAIT_MS = 10_000;

/**
 * Runs `fn` holding `<path>.lock`, waiting (at most `waitMs`) while another process commits to
 * the same file; throws naming the holder when the wait runs out. A commit holds the lock for a
 * moment, synchronously, and only while it records the file: a lock of this thread is a leftover,
 * and so is one whose holder `isRecording` denies (it records nothing of this file).
 */
export function withFileLock<T>(path: string, holder: Holder, fn: () => T, isRecording: (other: Holder) => boolean, waitMs = LOCK_WAIT_MS): T {
  const lock = `${path}.lock`;
  const deadline = realNow() + waitMs;
  const stillHeld: StillHeld = (other, at) => !isThisThread(other) && !isGone(other, at) && isRecording(other);
  for (;;) {
    const taken = tryExclusive(lock, holder, stillHeld);
    if (taken.ok) break;
    if (realNow() > deadline) {
      throw new Error(`${holder.label} could not lock ${path} within ${waitMs} ms: ${describeHolder(taken.holder)} holds ${lock}, and is still recording it`);
    }
    sleep(5);
  }
  try {
    return fn();
  } finally {
    releaseExclusive(lock, holder);
  }
}
