import { ScriptError } from './ScriptError';

/** The modes that may record: what a refusal in CI names. */
export type RecordingMode = 'record' | 'record-missing' | 'rerecord-drifted';

/**
 * A recording double (`cassette()`, `mcpCassette()`) would have recorded under CI, where nothing is
 * recorded unless the job opts in (`AGENTS_TESTKIT_RECORD_IN_CI`). Thrown where the double is
 * made, before any real model or server is asked; a `ScriptError` with reason `recording_in_ci`.
 */
export class RecordingInCIError extends ScriptError {
  /** The absolute path of the recording file. */
  readonly file: string;
  /** The conversation of the file it would have recorded. */
  readonly conversation: string;
  /** The full name of the test that made the double; `undefined` outside a test. */
  readonly test: string | undefined;
  /** The mode that would have recorded. */
  readonly mode: RecordingMode;
  /** The shell command that records it on a developer machine. */
  readonly command: string;

  constructor(options: { double: string; message: string; file: string; conversation: string; test: string | undefined; mode: RecordingMode; command: string }) {
    super({ reason: 'recording_in_ci', message: options.message, double: options.double });
    this.name = 'RecordingInCIError';
    this.file = options.file;
    this.conversation = options.conversation;
    this.test = options.test;
    this.mode = options.mode;
    this.command = options.command;
  }
}
