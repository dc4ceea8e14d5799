/**
 * Where a recorded conversation came from: the SDK version and model that made it, when, and the
 * test (and test file) that recorded it. Written beside the conversation's calls when it is
 * committed (recordings.ts); files recorded before it existed have none and load as before. The
 * `cassettes` commands read it (`status` prints it, `check`/`prune` use `test` and `file`), and a
 * replay under another SDK minor notes it, once per file.
 */
import { isAbsolute, relative, sep } from 'node:path';
import { redactText } from '../../format/secrets';
import { sdkVersion } from '../../sdk/coupling';

export interface Provenance {
  /** The `@openai/agents` version of the recording run, when it could be read. */
  sdkVersion?: string;
  /** The model(s) the responses named, comma-separated when several; absent for models that name none. */
  model?: string;
  /** When the conversation was committed, ISO 8601. */
  recordedAt: string;
  /** The full name of the test that recorded it; absent outside a test. */
  test?: string;
  /**
   * The test file that recorded it, relative to the working directory (the project root under
   * both runners) with `/` separators: `cassettes prune` removes a conversation only when the
   * report shows this file ran without its test. Absent outside a test and in older files.
   */
  file?: string;
}

/** A conversation's provenance, or `undefined` for one recorded before provenance (or a malformed one). */
export function provenanceOf(conversation: unknown): Provenance | undefined {
  const found = typeof conversation === 'object' && conversation !== null ? (conversation as { provenance?: unknown }).provenance : undefined;
  if (typeof found !== 'object' || found === null) return undefined;
  const { sdkVersion: version, model, recordedAt, test, file } = found as Record<string, unknown>;
  if (typeof recordedAt !== 'string') return undefined;
  return {
    ...(typeof version === 'string' ? { sdkVersion: version } : {}),
    ...(typeof model === 'string' ? { model } : {}),
    recordedAt,
    ...(typeof test === 'string' ? { test } : {}),
    ...(typeof file === 'string' ? { file } : {}),
  };
}

/** The problem with a conversation's `provenance` field, for the file checks; `undefined` when absent or well formed. */
export function provenanceProblem(conversation: Record<string, unknown>): string | undefined {
  if (conversation.provenance === undefined) return undefined;
  return provenanceOf(conversation) === undefined ? 'expected an object with "recordedAt" (and optionally "sdkVersion", "model", "test", "file")' : undefined;
}

/**
 * A test file's path as provenance keeps it, and as `cassettes` compares the report's files with
 * it: relative to the working directory, with `/` separators (the same on every OS).
 */
export function projectPath(file: string, cwd: string = process.cwd()): string {
  const fromCwd = relative(cwd, file);
  // A file outside the working directory keeps its absolute path: `../..` would depend on where the command runs.
  const path = isAbsolute(file) && (fromCwd === '' || fromCwd.startsWith('..') || isAbsolute(fromCwd)) ? file : isAbsolute(file) ? fromCwd : file;
  return path.split(sep).join('/');
}

/** The conversation with its provenance first: the SDK of this run, the models it names, now, the recording test and its file. */
export function stamped<C>(conversation: C, test: string | undefined, models: readonly string[], testFile?: string): C {
  const { provenance: _old, ...rest } = conversation as C & { provenance?: unknown };
  const version = sdkVersion();
  const model = [...new Set(models)].join(', ');
  const provenance: Provenance = {
    ...(version === undefined ? {} : { sdkVersion: version }),
    ...(model === '' ? {} : { model }),
    recordedAt: new Date().toISOString(),
    ...(test === undefined ? {} : { test }),
    ...(test === undefined || testFile === undefined ? {} : { file: projectPath(testFile) }),
  };
  return { provenance, ...rest } as C;
}

/** `0.20` of `0.20.3`: a replay notes a recording made under another minor. */
function minorOf(version: string): string {
  return version.split('.').slice(0, 2).join('.');
}

const NOTED_KEY = Symbol.for('agents-testkit.provenance-noted');
const scope = globalThis as typeof globalThis & { [NOTED_KEY]?: Set<string> };
const noted: Set<string> = (scope[NOTED_KEY] ??= new Set());

/**
 * Warns once per file and process when the replayed conversation was recorded under another SDK
 * minor: the SDK may now send requests the recording does not hold, and a drift is then expected.
 */
export function noteSdkMinor(path: string, shownPath: string, conversation: unknown): void {
  const recorded = provenanceOf(conversation)?.sdkVersion;
  const running = sdkVersion();
  if (recorded === undefined || running === undefined || recorded === running || minorOf(recorded) === minorOf(running) || noted.has(path)) return;
  noted.add(path);
  console.warn(
    redactText(
      `agents-testkit: ${shownPath} was recorded with @openai/agents ${recorded} and replays under ${running}. ` +
        `If a replay drifts, record it again (AGENTS_TESTKIT_CASSETTE_MODE=record); \`agents-testkit cassettes status\` lists what each file was recorded with.`,
    ),
  );
}
