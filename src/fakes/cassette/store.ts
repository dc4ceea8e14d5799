/**
 * How cassette files are read and written: parsed once per process while the file is unchanged,
 * and written to a temporary file renamed into place, so a reader or a killed writer never sees
 * half a file. (Commits change a file under its lock: src/fakes/cassette/fileLocks.ts.)
 */
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, statSync, writeSync, type Stats } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { redactSecrets } from '../../format/secrets';
import { checkCassetteText, type Cassette } from './file';
import { removeQuietly } from './fileLocks';

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
  const checked = checkCassetteText(text);
  if (!checked.ok) return { state: 'invalid', problem: checked.problem };
  // Redacted as live requests are, so a file recorded before a rule existed still replays (and its next write drops the secret).
  return { state: 'ok', cassette: deepFreeze(redactSecrets(checked.cassette)), ...(checked.migratedFrom ? { migratedFrom: checked.migratedFrom } : {}) };
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
