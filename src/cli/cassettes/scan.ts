/**
 * Finds the recording files the `cassettes` commands read: the `.json` files under the given
 * directories (or the files given), each read as a `cassette()` or an `mcpCassette()` file, and
 * what recording leaves beside a file only while it runs (src/fakes/cassette/recordings.ts and
 * fileLocks.ts): partial files, lock and claim files, temporary files of a write.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, isAbsolute, join, relative, resolve } from 'node:path';
import { CASSETTE_FORMAT } from '../../fakes/cassette/file';
import type { RecordingFormat } from '../../fakes/cassette/format';
import { MCP_CASSETTE_FORMAT } from '../../fakes/cassette/mcpFile';

export type RecordingKind = 'cassette' | 'mcpCassette';

export interface RecordingFile {
  path: string;
  /** The path as printed: relative to the working directory. */
  shown: string;
  kind: RecordingKind;
  format: RecordingFormat<unknown>;
  conversations: Readonly<Record<string, unknown>>;
}

export interface InvalidFile {
  path: string;
  shown: string;
  problem: string;
}

export type LeftoverKind = 'partial' | 'lock' | 'temporary';

export interface Leftover {
  path: string;
  shown: string;
  kind: LeftoverKind;
}

export interface Scan {
  files: RecordingFile[];
  invalid: InvalidFile[];
  leftovers: Leftover[];
  /** Paths given that do not exist. */
  missing: string[];
}

/** `weather.json.partial-4242.json`, `…partial-4242-3.json`; `weather.json.lock`, `weather.json.recording-<hash>.lock`; `.weather.json.tmp-4242-1`. */
export function leftoverKind(name: string): LeftoverKind | undefined {
  if (/\.json\.partial-\d+(-\d+)?\.json$/.test(name)) return 'partial';
  if (/\.json(\.recording-[0-9a-f]+)?\.lock$/.test(name)) return 'lock';
  if (/^\..+\.json\.tmp-\d+-\d+$/.test(name)) return 'temporary';
  return undefined;
}

/** A path as printed: from the working directory when it is under it, otherwise absolute. */
export function shownOf(path: string): string {
  const shown = relative(process.cwd(), resolve(path));
  return shown === '' || shown.startsWith('..') || isAbsolute(shown) ? resolve(path) : shown;
}

/** Scans `targets` (directories, walked without `node_modules` and dot-directories, and files). */
export function scan(targets: readonly string[]): Scan {
  const result: Scan = { files: [], invalid: [], leftovers: [], missing: [] };
  const seen = new Set<string>();
  const visit = (path: string, given: boolean): void => {
    let isDirectory: boolean;
    try {
      isDirectory = statSync(path).isDirectory();
    } catch {
      if (given) result.missing.push(path);
      return;
    }
    if (isDirectory) {
      for (const entry of readdirSync(path).sort()) {
        if (entry === 'node_modules' || (entry.startsWith('.') && !leftoverKind(entry))) continue;
        visit(join(path, entry), false);
      }
      return;
    }
    if (seen.has(path)) return;
    seen.add(path);
    const name = basename(path);
    const leftover = leftoverKind(name);
    if (leftover !== undefined) result.leftovers.push({ path, shown: shownOf(path), kind: leftover });
    else if (given || name.endsWith('.json')) readRecording(path, result);
    // A file given by name: what its recordings left beside it counts too.
    if (given && leftover === undefined) besides(path, result, seen);
  };
  for (const target of targets) visit(target, true);
  return result;
}

function besides(path: string, result: Scan, seen: Set<string>): void {
  const directory = join(path, '..');
  const name = basename(path);
  for (const entry of readdirSync(directory).sort()) {
    const candidate = join(directory, entry);
    if (seen.has(candidate)) continue;
    const kind = leftoverKind(entry);
    if (kind === undefined || !(entry.startsWith(`${name}.`) || entry.startsWith(`.${name}.`))) continue;
    seen.add(candidate);
    result.leftovers.push({ path: candidate, shown: shownOf(candidate), kind });
  }
}

function readRecording(path: string, result: Scan): void {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    result.invalid.push({ path, shown: shownOf(path), problem: `it cannot be read (${(error as Error).message})` });
    return;
  }
  const read = readRecordingText(text);
  if ('problem' in read) result.invalid.push({ path, shown: shownOf(path), problem: read.problem });
  else result.files.push({ path, shown: shownOf(path), ...read });
}

/**
 * Reads a file's text as an MCP recording when it holds one (a `server` name: an MCP conversation
 * with no calls would pass for a cassette's), and otherwise as a cassette.
 */
export function readRecordingText(text: string): Pick<RecordingFile, 'kind' | 'format' | 'conversations'> | { problem: string } {
  if (looksMcp(text)) {
    const asMcp = MCP_CASSETTE_FORMAT.parse(text);
    return asMcp.ok ? { kind: 'mcpCassette', format: MCP_CASSETTE_FORMAT as RecordingFormat<unknown>, conversations: asMcp.conversations } : { problem: asMcp.problem };
  }
  const asCassette = CASSETTE_FORMAT.parse(text);
  return asCassette.ok ? { kind: 'cassette', format: CASSETTE_FORMAT as RecordingFormat<unknown>, conversations: asCassette.conversations } : { problem: asCassette.problem };
}

function looksMcp(text: string): boolean {
  try {
    const parsed = JSON.parse(text) as { server?: unknown; conversations?: Record<string, { server?: unknown }> };
    return typeof parsed.server === 'string' || Object.values(parsed.conversations ?? {}).some((conversation) => typeof conversation?.server === 'string');
  } catch {
    return false;
  }
}
