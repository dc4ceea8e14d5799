/**
 * How a recording double (`cassette()`, `mcpCassette()`) settles what it plays when it is created:
 * its mode, its conversation (one per test), whether `record-missing` records, and what it says
 * when a replay finds no recording or a recording would be shared by two tests.
 */
import { relative, resolve } from 'node:path';
import type { ScriptError, ScriptErrorReason } from '../../errors/ScriptError';
import { openRecorder, partialsHolding } from '../../fakes/cassette/recordings';
import { CASSETTE_MODE_ENV } from '../../fakes/cassette/CassetteModel';
import { writeProblem } from '../../fakes/cassette/store';
import type { RecordingFormat } from '../../fakes/cassette/format';
import { declaredTests, type CurrentTest } from '../../runner/coupling';
import type { DoubleOptions } from '../../vocabulary';
import { checkedOptions, type OptionKeys } from '../core/options';
import { kindOf } from '../core/stepContext';
import { cassetteFile, notAFile } from './path';

/**
 * `replay` (the default) answers from the file; `record` calls the real model or server and writes
 * the test's conversation into the file once the test passes; `record-missing` records only when
 * the file holds no conversation of this test (or no file is there), and replays otherwise;
 * `rerecord-drifted` is `record-missing` whose `cassette()` replay, from its first drifted call,
 * asks the real model and records the conversation again (src/fakes/cassette/CassetteModel.ts).
 */
export type CassetteMode = 'replay' | 'record' | 'record-missing' | 'rerecord-drifted';

const MODES: readonly CassetteMode[] = ['replay', 'record', 'record-missing', 'rerecord-drifted'];

export type Refusal = (reason: ScriptErrorReason, problem: string) => ScriptError;

/** What a recording builder reads before its own options: where the file is, how messages name the double, and its mode. */
export interface RecordingStart<O> {
  /** The path as the user wrote it (a file URL as its path), for messages. */
  shownPath: string;
  /** The user's name for the double, or the path as written. */
  name: string;
  /** `cassette("…")`, `mcpCassette("…")`: how refusals name the double. */
  label: string;
  options: O;
  fail: Refusal;
  /** The absolute path of the file. */
  absolute: string;
  mode: CassetteMode;
}

/**
 * The checks `cassette()` and `mcpCassette()` begin with, in this order: the options object, the
 * path (`what` names the file in the refusal), the mode.
 */
export function recordingStart<O extends DoubleOptions & { mode?: CassetteMode }>(
  kind: 'cassette' | 'mcpCassette',
  path: string | URL,
  rawOptions: O | undefined,
  known: OptionKeys<O>,
  example: string,
  what: string,
): RecordingStart<O> {
  const located = cassetteFile(path);
  const shownPath = 'file' in located ? (located.file as string) : located.url;
  const name = typeof rawOptions?.name === 'string' && rawOptions.name.trim() !== '' ? rawOptions.name : shownPath;
  const label = `${kind}(${JSON.stringify(name)})`;
  const { options, fail: refuse } = checkedOptions(kind, rawOptions, known, example, label);
  const fail: Refusal = (reason, problem) => refuse(problem, reason);
  if (typeof shownPath !== 'string' || shownPath.trim() === '') throw fail('invalid_path', `expected the path of ${what}; got ${kindOf(path)}.`);
  if ('url' in located) throw fail('invalid_path', notAFile(located.url, kind === 'cassette' ? 'a cassette' : 'an MCP cassette'));
  return { shownPath, name, label, options, fail, absolute: resolve(shownPath), mode: modeOf(options.mode, fail) };
}

/** The mode: `{ mode }`, else the `AGENTS_TESTKIT_CASSETTE_MODE` environment variable, else `replay`. */
export function modeOf(option: unknown, fail: Refusal): CassetteMode {
  if (option !== undefined) {
    if (!MODES.includes(option as CassetteMode)) {
      throw fail('invalid_option', `mode must be ${MODES.map((mode) => `"${mode}"`).join(', ')}; got ${kindOf(option)}.`);
    }
    return option as CassetteMode;
  }
  const fromEnv = process.env[CASSETTE_MODE_ENV];
  if (fromEnv === undefined || fromEnv === '') return 'replay';
  if (!MODES.includes(fromEnv as CassetteMode)) {
    throw fail('invalid_option', `${CASSETTE_MODE_ENV} must be ${MODES.join(', ')} or unset; got "${fromEnv}".`);
  }
  return fromEnv as CassetteMode;
}

/** The `{ conversation }` option: a non-empty string, or `undefined`. */
export function conversationOption(option: unknown, fail: Refusal): string | undefined {
  if (option === undefined) return undefined;
  if (typeof option !== 'string' || option.trim() === '') {
    throw fail('invalid_option', `conversation must be a non-empty string; got ${kindOf(option)}.`);
  }
  return option;
}

/**
 * The conversation a replay plays: the one asked for; without an explicit name, a file's only
 * conversation stands in for the test's own (a version 1 file, a file recorded once). Recording
 * never takes a stand-in: `record-missing` records the test's own conversation when the file
 * lacks it.
 */
export function replayedConversation(conversations: Readonly<Record<string, unknown>>, wanted: string, explicit: boolean): string | undefined {
  if (Object.hasOwn(conversations, wanted)) return wanted;
  const names = Object.keys(conversations);
  return !explicit && names.length === 1 ? names[0] : undefined;
}

/**
 * What a replay says when its file holds no conversation for it: what the file holds, how to
 * replay one of those or record this one, and where an uncommitted recording of it is kept.
 * `file` names the file (`the cassette file /abs/weather.json`).
 */
export function missingConversation<C>(
  file: string,
  path: string,
  conversations: Readonly<Record<string, C>>,
  wanted: string,
  explicit: boolean,
  test: CurrentTest | undefined,
  hint: string,
  format: RecordingFormat<C>,
): string {
  const names = Object.keys(conversations);
  const holds = names.length === 0 ? 'it holds none' : `it holds ${names.map((held) => JSON.stringify(held)).join(', ')}`;
  const whose = !explicit && test !== undefined ? `for the test ${JSON.stringify(test.name)}` : `named ${JSON.stringify(wanted)}`;
  return (
    `${file} holds no conversation ${whose} (${holds}). ` +
    `${names.length > 0 ? `Replay one of them with { conversation: ${JSON.stringify(names[0])} }, or record` : 'Record'} this one: ${hint}.${keptElsewhere(path, wanted, format)}`
  );
}

/**
 * Whether a double records (else it replays). `record-missing` (and `rerecord-drifted`) records
 * this test's own conversation when the file lacks it (`held` is empty when there is no readable
 * file): another test's never stands in for it.
 */
export function willRecord(mode: CassetteMode, held: Readonly<Record<string, unknown>>, wanted: string): boolean {
  return mode === 'record' || (mode !== 'replay' && !Object.hasOwn(held, wanted));
}

/**
 * Refuses, before any real call, a record target that cannot be written (a directory, a read-only
 * file or directory) or that holds something this kit cannot read (`unreadable`), which recording
 * would overwrite.
 */
export function refuseUnrecordable(path: string, mode: CassetteMode, unreadable: string | undefined, fail: Refusal): void {
  const problem = writeProblem(path);
  if (problem !== undefined) {
    throw fail('unwritable_cassette', `it is set to record (mode "${mode}"), but ${path} cannot be written: ${problem}. Choose a path in a writable directory.`);
  }
  if (unreadable !== undefined) {
    throw fail(
      'invalid_cassette',
      `it is set to record (mode "${mode}") into ${path}, which holds something this kit cannot read: ${unreadable}. ` +
        'Recording keeps the other conversations of a file, so it will not overwrite it: fix the file, or move it away.',
    );
  }
}

/**
 * Refuses to record a conversation named after its test when another test of the same file has
 * the same full name (`test.each` without a placeholder, a copy-pasted title): the two would
 * share one conversation, and the second recording would replace the first.
 */
export function refuseSameNamedTests(test: CurrentTest | undefined, explicit: boolean, mode: CassetteMode, double: string, fail: Refusal): void {
  if (explicit || test === undefined) return;
  const declared = declaredTests();
  if (declared === undefined) return;
  const places = declared.flatMap((entry, index) => (entry.name === test.name && !entry.skipped ? [index + 1] : []));
  if (places.length < 2) return;
  const file = test.file === undefined ? 'its file' : relative(process.cwd(), test.file);
  throw fail(
    'duplicate_test_name',
    `it is set to record (mode "${mode}") the conversation named after its test, ${JSON.stringify(test.name)}, but ${places.length} tests of ${file} have that full name ` +
      `(the ${listed(places.map(ordinal))} tests of the file). They would share one conversation, and each recording would replace the one before. ` +
      `Give each test a name of its own (with test.each, put %s or $variable in the title), or give each ${double} its own { conversation: '…' }.`,
  );
}

/**
 * A sentence for a replay that finds no recording of its conversation, naming where one is: a
 * recorder of this process that has not committed yet, or partial files a failed test or a
 * stopped run left beside the file. Empty when there is none.
 */
export function keptElsewhere<C>(path: string, conversation: string, format: RecordingFormat<C>): string {
  const recorder = openRecorder(path, conversation);
  if (recorder !== undefined) {
    return ` ${recorder.label} recorded it in this process but has not committed it yet: its test has not passed yet, or call its commit() first.`;
  }
  const partials = partialsHolding(path, conversation, format);
  if (partials.length === 0) return '';
  return (
    ` A recording of it that was never committed (its test did not pass, or its run stopped) is kept in ${listed(partials)}: ` +
    `check it, then record again, or move that conversation into ${path}.`
  );
}

function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
