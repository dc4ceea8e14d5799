/**
 * CI never records. Under a CI service (the `CI` environment variable, which they set), a recording
 * double that would record (`record`, `record-missing` without this test's conversation, or
 * `rerecord-drifted`, which records whatever drifts) is
 * refused where it is made, before any real model or server is asked, naming the command that
 * records it on a developer machine. A job that records on purpose opts in with
 * `AGENTS_TESTKIT_RECORD_IN_CI=1`. Polly's and VCR's CI modes work the same way.
 */
import { relative } from 'node:path';
import { RecordingInCIError } from '../../errors/RecordingInCIError';
import { CASSETTE_MODE_ENV } from '../../fakes/cassette/CassetteModel';
import { track, type Verifiable } from '../../fakes/core/registry';
import { currentRunner, currentTestFile, type CurrentTest } from '../../runner/coupling';
import type { DoubleReport } from '../../vocabulary';
import type { RecordingMode } from '../../errors/RecordingInCIError';

/** The environment variable a CI job sets to let recording doubles record. */
export const RECORD_IN_CI_ENV = 'AGENTS_TESTKIT_RECORD_IN_CI';

/** A switch in the environment is on when set to anything but `''`, `0` or `false` (any case). */
function switchedOn(value: string | undefined): boolean {
  return value !== undefined && !['', '0', 'false'].includes(value.trim().toLowerCase());
}

/** What a recording double would record, for the refusal to name. */
export interface CIRecording {
  /** How messages name the double: `cassette("fixtures/weather.json")`. */
  label: string;
  /** The absolute path of the file. */
  path: string;
  mode: RecordingMode;
  conversation: string;
  /** Whether `{ conversation }` named it (else it is the test's own). */
  explicit: boolean;
  test: CurrentTest | undefined;
  /** The conversations the file holds; `undefined` when there is no readable file. */
  held: Readonly<Record<string, unknown>> | undefined;
  /** Why the file cannot be read, when it is there but unreadable. */
  unreadable: string | undefined;
  /** `false` with `{ verify: false }`: the refusal is thrown, not also kept for the after-each verification. */
  verify: boolean;
}

/**
 * Throws `RecordingInCIError` when this is CI and the job has not opted in; does nothing
 * otherwise. The refusal is also kept for the after-each verification, so a test that swallows
 * it still fails.
 */
export function refuseRecordingInCI(recording: CIRecording): void {
  const ci = process.env.CI;
  if (!switchedOn(ci) || switchedOn(process.env[RECORD_IN_CI_ENV])) return;
  const { label, path, mode, conversation, explicit, test, held, unreadable } = recording;
  const command = recordCommand(mode, test);
  const whose = explicit || test === undefined ? `named ${JSON.stringify(conversation)}` : `for the test ${JSON.stringify(test.name)}`;
  const where =
    unreadable !== undefined
      ? `into ${path}, which cannot be read (${unreadable})`
      : held === undefined
        ? `into ${path}, which does not exist`
        : Object.hasOwn(held, conversation)
          ? mode === 'rerecord-drifted'
            ? `into ${path} again if its replay drifts`
            : `into ${path} again`
          : `into ${path}, which does not hold it`;
  const error = new RecordingInCIError({
    double: label,
    file: path,
    conversation,
    test: test?.name,
    mode,
    command,
    message:
      `${label}: it would record (mode "${mode}") the conversation ${whose} ${where}. ` +
      `This is CI (CI=${ci}), where nothing is recorded. Record it on a developer machine and commit the file:\n` +
      `  ${command}\n` +
      `To record in this CI job anyway (one that records on purpose), set ${RECORD_IN_CI_ENV}=1.`,
  });
  if (recording.verify) track(new RefusedRecording(error));
  throw error;
}

/**
 * The command that records a test's conversation: the mode, the runner on the test file, and
 * `-t` with the test's full name as a pattern (escaped, quoted for a POSIX shell).
 */
function recordCommand(mode: CIRecording['mode'], test: CurrentTest | undefined): string {
  const runner = currentRunner();
  const file = test?.file ?? currentTestFile();
  const parts = [`${CASSETTE_MODE_ENV}=${mode}`, runner === 'jest' ? 'npx jest' : runner === 'vitest' ? 'npx vitest run' : '<your test command>'];
  if (file !== undefined) parts.push(relative(process.cwd(), file));
  if (test !== undefined) parts.push('-t', `'${test.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/'/g, `'\\''`)}'`);
  return parts.join(' ');
}

/** A refused recording, kept so that the test fails even if the error was swallowed. */
class RefusedRecording implements Verifiable {
  readonly #error: RecordingInCIError;

  constructor(error: RecordingInCIError) {
    this.#error = error;
  }

  report(): DoubleReport {
    const [first, ...rest] = this.#error.message.split('\n');
    return {
      label: this.#error.double as string,
      pending: [],
      mismatches: [(first as string).slice(`${this.#error.double}: `.length)],
      calls: [`1. made to record (mode "${this.#error.mode}") → refused: this is CI`],
      notes: rest.map((line) => line.trim()),
    };
  }
}
