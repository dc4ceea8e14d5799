/**
 * How cassette files are read and written: parsed once per process while the file is unchanged,
 * written to a temporary file and renamed into place (so a reader or a killed writer never sees
 * half a file), and changed only under a lock file, so that two processes committing recordings
 * to one file merge them instead of the last one winning.
 */
import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync, type Stats } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { checkCassette, type Cassette } from './cassetteFile';

export type LoadedCassette =
  | { state: 'ok'; cassette: Cassette; migratedFrom?: 1 }
  | { state: 'missing' }
  | { state: 'invalid'; problem: string };

interface CacheEntry {
  /** What tells a changed file: a rename gives a new inode, a write a new size or time. */
  stamp: string;
  loaded: LoadedCassette;
}

/**
 * Parsed files by absolute path, shared by both builds of the kit when a process loads both.
 * Entries are deep-frozen: doubles and users read them, nobody may change them.
 */
const CACHE_KEY = Symbol.for('agents-testkit.cassette-cache');
const scope = globalThis as typeof globalThis & { [CACHE_KEY]?: Map<string, CacheEntry> };
const cache: Map<string, CacheEntry> = (scope[CACHE_KEY] ??= new Map());

function stampOf(stats: Stats): string {
  return `${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`;
}

function statOf(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined;
    throw error;
  }
}

/**
 * Reads and checks a cassette file without throwing, so callers can say what went wrong in their
 * own terms. Parsed once per process: later reads of an unchanged file reuse the checked result.
 */
export function loadCassette(path: string): LoadedCassette {
  let stats: Stats | undefined;
  try {
    stats = statOf(path);
  } catch (error) {
    return { state: 'invalid', problem: `it cannot be read (${(error as Error).message})` };
  }
  if (stats === undefined) return { state: 'missing' };
  if (stats.isDirectory()) return { state: 'invalid', problem: 'it is a directory' };
  const stamp = stampOf(stats);
  const cached = cache.get(path);
  if (cached?.stamp === stamp) return cached.loaded;

  let loaded: LoadedCassette;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return { state: 'invalid', problem: `it cannot be read (${(error as Error).message})` };
  }
  loaded = parseCassette(text);
  // A file read while another process renamed a new one into place is stamped with what was read.
  const after = statOf(path);
  if (after !== undefined && stampOf(after) === stamp) cache.set(path, { stamp, loaded });
  return loaded;
}

/** Parses and checks the text of a cassette file; a version 1 file comes back migrated. */
export function parseCassette(text: string): LoadedCassette {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { state: 'invalid', problem: text.trim() === '' ? 'it is empty' : `it is not JSON (${(error as Error).message})` };
  }
  const checked = checkCassette(parsed);
  if (!checked.ok) return { state: 'invalid', problem: checked.problem };
  return { state: 'ok', cassette: deepFreeze(checked.cassette), ...(checked.migratedFrom ? { migratedFrom: checked.migratedFrom } : {}) };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const field of Object.values(value)) deepFreeze(field);
  }
  return value;
}

let written = 0;

/**
 * Writes `text` to `path` so that `path` always holds either its old content or all of the new:
 * a temporary file in the same directory, flushed to disk, then renamed over `path`.
 */
export function writeFileAtomic(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  written += 1;
  const temporary = join(dirname(path), `.${basename(path)}.tmp-${process.pid}-${written}`);
  const fd = openSync(temporary, 'wx');
  try {
    try {
      const bytes = Buffer.from(text, 'utf8');
      let offset = 0;
      while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
  } catch (error) {
    removeQuietly(temporary);
    throw error;
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

/** Forgets what the cache holds for `path`, after the kit wrote it. */
export function forget(path: string): void {
  cache.delete(path);
}

/**
 * Why the kit cannot write a cassette at `path`, or `undefined` when it can: checked when a
 * recording cassette is created, before the real model is called once. Nothing is created.
 */
export function writeProblem(path: string): string | undefined {
  const stats = statOf(path);
  if (stats?.isDirectory()) return 'it is a directory';
  if (stats !== undefined && !stats.isFile()) return 'it is not a regular file';
  if (stats !== undefined && (stats.mode & 0o222) === 0) return 'it is read-only (no write permission bit is set)';
  let directory = dirname(path);
  let existing = statOf(directory);
  while (existing === undefined && dirname(directory) !== directory) {
    directory = dirname(directory);
    existing = statOf(directory);
  }
  if (existing === undefined) return `none of the directories above it exists`;
  if (!existing.isDirectory()) return `${directory} is a file, not a directory`;
  // The one faithful test of a directory's write permission (ACLs, read-only mounts, root): try it.
  const probe = join(directory, `.agents-testkit-probe-${process.pid}-${Date.now()}`);
  try {
    closeSync(openSync(probe, 'wx'));
  } catch (error) {
    return `${directory} cannot be written to (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  }
  removeQuietly(probe);
  return undefined;
}

/** Who holds a lock or a claim: the process, and the double's label and test. */
export interface Holder {
  pid: number;
  label: string;
  test?: string;
}

export function describeHolder(holder: Holder): string {
  return `${holder.label}${holder.test === undefined ? '' : ` (test ${JSON.stringify(holder.test)})`} in ${holder.pid === process.pid ? 'this process' : `process ${holder.pid}`}`;
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

/** Reads the holder written in a lock file; `undefined` when it is gone or unreadable. */
export function readHolder(path: string): Holder | undefined {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<Holder>;
    return typeof parsed.pid === 'number' && typeof parsed.label === 'string' ? (parsed as Holder) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Creates `path` holding `holder`, only if nobody else holds it. A file whose holder `stillHeld`
 * denies (by default: a process that is no longer running) is taken over. Returns the other
 * holder when it still holds the file.
 */
export function tryExclusive(
  path: string,
  holder: Holder,
  stillHeld: (other: Holder) => boolean = (other) => other.pid !== process.pid && isAlive(other.pid),
): { ok: true } | { ok: false; holder: Holder } {
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
    if (other !== undefined && stillHeld(other)) return { ok: false, holder: other };
    // Left by a process that died: take it over. Renaming it aside first means that of two
    // processes taking it over at once, only one removes it; the other finds it gone.
    const aside = `${path}.stale-${process.pid}-${attempt}`;
    try {
      renameSync(path, aside);
    } catch {
      continue;
    }
    const moved = readHolder(aside);
    if (moved !== undefined && stillHeld(moved)) {
      // Another process took the stale file over between our read and our rename: give its file back.
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

const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** Blocks for `ms` milliseconds: commits run in the synchronous after-each hooks. */
export function sleep(ms: number): void {
  Atomics.wait(sleeper, 0, 0, ms);
}

/** The longest a commit waits for another process's commit to the same file. */
export const LOCK_WAIT_MS = 10_000;

/**
 * Runs `fn` holding `<path>.lock`, waiting (at most LOCK_WAIT_MS) while another running process
 * holds it; throws naming the holder when the wait runs out.
 */
export function withFileLock<T>(path: string, holder: Holder, fn: () => T, waitMs = LOCK_WAIT_MS): T {
  const lock = `${path}.lock`;
  const deadline = Date.now() + waitMs;
  for (;;) {
    const taken = tryExclusive(lock, holder);
    if (taken.ok) break;
    if (Date.now() > deadline) {
      throw new Error(`${holder.label} could not lock ${path} within ${waitMs} ms: ${describeHolder(taken.holder)} holds ${lock}`);
    }
    sleep(5);
  }
  try {
    return fn();
  } finally {
    removeQuietly(lock);
  }
}
