import { Double } from '../core/double';
import type { LedgerSetup } from '../core/ledger';
import type { RecordingFormat } from './format';
import { claim, commitNow, keepPartial, recordingConflict, type Recorder } from './recordings';

/** `replay` answers from the file; `record` calls the real model or server and writes the file. */
export type CassettePlay = 'replay' | 'record';

/** Where a recording double keeps its conversation, as its builder settled it. */
export interface RecordingPlace<C> {
  /** Whether it replays or records. */
  play: CassettePlay;
  /** The absolute path of the file. */
  path: string;
  /** The path as the user wrote it, for messages. */
  shownPath: string;
  /** The conversation of the file it replays or records. */
  conversation: string;
  /** The full name of the test that created it, if a test did. */
  test: string | undefined;
  /** The file of that test, for messages. */
  testFile: string | undefined;
  format: RecordingFormat<C>;
  /** What it recorded so far, as its file keeps a conversation (read only while recording). */
  recording(): C;
  /** Why the recording is not finished, beyond a refused call: a call still running, a server never closed. */
  openWork(): string | undefined;
}

/**
 * What `cassette()` and `mcpCassette()` share as doubles that record a real model or server into a
 * file's conversation, or replay it from there: the recorder the registry of recordings knows
 * them by (./recordings.ts), the claim on the conversation before the first real call, the
 * partial file kept after each call, and the commit, by `commit()`, `assertComplete()` or when
 * the test passed. What a call is and how it is replayed is each double's own.
 */
export abstract class RecordingDouble<C, View = unknown> extends Double<View> {
  /** The absolute path of the file. */
  readonly path: string;
  #play: CassettePlay;
  /** The conversation of the file it replays or records: one per test, named after the test unless `{ conversation }` names it. */
  readonly conversation: string;
  readonly #recorder: Recorder<C>;
  readonly #shownPath: string;
  readonly #openWork: () => string | undefined;

  protected constructor(ledger: LedgerSetup<View> & { kind: 'cassette' | 'mcpCassette' }, place: RecordingPlace<C>) {
    super(ledger);
    this.path = place.path;
    this.#play = place.play;
    this.conversation = place.conversation;
    this.#shownPath = place.shownPath;
    this.#openWork = place.openWork;
    const label = (): string => this.label;
    this.#recorder = {
      path: place.path,
      conversation: place.conversation,
      test: place.test,
      testFile: place.testFile,
      format: place.format,
      get label() {
        return label();
      },
      recording: place.recording,
      unfinished: () => this.unfinished(),
    };
  }

  /**
   * Whether this double replays or records (record-missing settles on one when it is created; a
   * rerecord-drifted replay turns to recording at its first drifted call).
   */
  get mode(): CassettePlay {
    return this.#play;
  }

  /** A replay that drifted records from here on (mode `rerecord-drifted`): it claims, keeps and commits like a recording. */
  protected recordFromHere(): void {
    this.#play = 'record';
  }

  /**
   * Throws `IncompleteScriptError` when recorded calls are left or a call drifted. A recording that
   * is complete is then committed, as `commit()` does.
   */
  override assertComplete(): void {
    super.assertComplete();
    this.commit();
  }

  /**
   * Writes what this double recorded into its file now, instead of when its test passes: its
   * conversation is replaced, the file's other conversations are kept. Does nothing when it
   * replays or has nothing new to write.
   */
  commit(): void {
    if (this.mode === 'record') commitNow(this.#recorder);
  }

  /** Why the recording must not reach the file even if its test passed. */
  protected unfinished(): string | undefined {
    if (this.ledger.mismatches.length > 0) return 'it refused a call (see its mismatch)';
    return this.#openWork();
  }

  /**
   * Claims the conversation before the real model or server sees a call: the mismatch to throw
   * when another double records the same conversation (in this process or another), naming it;
   * `undefined` when this one may record.
   */
  protected claimConversation(): ReturnType<typeof recordingConflict> | undefined {
    const other = claim(this.#recorder);
    return other === undefined ? undefined : recordingConflict(this.#recorder, this.#shownPath, other, this.ledger.kind as 'cassette' | 'mcpCassette');
  }

  /** Keeps what was recorded so far in the partial file, so a crash loses no finished call. */
  protected keepPartial(): void {
    keepPartial(this.#recorder);
  }
}
