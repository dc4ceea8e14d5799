import { currentRedactor, redactSecrets } from '../../format/secrets';
import type {
  RealtimeClientMessage,
  RealtimeItem,
  RealtimeSessionConfig,
  RealtimeTransportEventTypes,
  RealtimeTransportLayerConnectOptions,
  TransportToolCallEvent,
} from '@openai/agents/realtime';
import { RealtimeSession } from '@openai/agents/realtime';
import { ScriptedRealtimeTransport } from '@openai/agents/realtime/testing';
import { SettleTimeoutError } from '../../errors/SettleTimeoutError';
import type { AudioFormat } from '../../format/audioFormat';
import type { DoubleOptions } from '../../vocabulary';
import { HEARS_SESSION_ERRORS, hearSessionErrorsOf, sessionErrorsHeard } from '../../sdk/coupling';
import { afterHookingSdkCopies } from '../core/lateSdkCopies';
import { injectFault } from '../core/faults';
import { Double, identity } from '../core/double';
import { AudioProgress } from './audio';
import { describeRealtimeCall, isLifecycle, type Outbound, type RealtimeCall, type RealtimeMethod } from './call';
import { EventDelivery } from './delivery';
import { RealtimePlan } from './plan';
import { judgeSessionError } from './sessionErrors';
import { SessionConfigView } from './sessionConfig';
import { DEFAULT_TIMEOUT_MS, Settling } from './settling';
import type { RealtimeStep } from './step';
import { verdictFor, type CallNote } from './verdict';
import { describePending, waitingFor } from './waiting';

export { DEFAULT_TIMEOUT_MS } from './settling';

export interface RealtimeOptions extends DoubleOptions {
  /** `false` records calls no step planned and lets them pass; steps are still played in order. Default `true`. */
  strict?: boolean;
  /** How long `settled()` waits for the remaining steps before it rejects. Default 2000 ms. */
  timeoutMs?: number;
}

/** What matchers read off a `realtime()` script beyond its calls. */
export interface RealtimeView {
  /** The calls an `expectToolRejection` step took: outputs of tools that did not run. */
  readonly rejections: ReadonlySet<number>;
}

/** Anything the session reports its errors on: a `RealtimeSession`. */
export interface ErrorReporter {
  on(event: 'error', listener: (event: unknown) => void): unknown;
}

type Listener<K extends keyof RealtimeTransportEventTypes> = (...args: RealtimeTransportEventTypes[K]) => void;

interface CallRecord {
  method: RealtimeMethod;
  /** Where the inner transport recorded the call; `undefined` for a close it ignored. */
  recorded: number | undefined;
  /** The step the call was played on (or advanced, for audio steps). */
  stepIndex: number | undefined;
  note: CallNote | 'mismatch' | undefined;
  format: AudioFormat;
}

/**
 * A Realtime transport that plays a script: steps are played strictly in order, outbound calls
 * matched against `expect` steps and the events written after a step delivered once it has been
 * played, the session has finished reacting to it and it can observe them. The SDK's
 * `ScriptedRealtimeTransport` does the transport work inside (listeners, connection status,
 * detached call snapshots, injected failures, disconnects); it falls short as a test double in
 * four ways this class makes up for:
 * - its `expectCall` needs a scenario running beside the test, with hand-made gates and an
 *   `AbortSignal`; here the script is written up front and `settled()` is the one bounded wait;
 * - an event emitted before `session.connect()` has resolved is silently lost (the session
 *   listens only from then on); here events wait until the connection is up;
 * - an event emitted while the session still reacts to the previous one reaches other SDK code
 *   paths than the test means (a replayed tool call finds the first one "in flight"); here each
 *   step's events wait until the session's reactions have run;
 * - a mismatch throws into the caller, which is often the session, and the session turns it into
 *   an `error` event, after which `assertComplete()` passes; here every mismatch is recorded, so
 *   `settled()`, `toBeComplete()` and the after-each verification fail, and none is thrown into
 *   the session (only failures the script asks for with `.fails()` are).
 */
export class RealtimeDouble extends Double<RealtimeView> {
  readonly name: string | undefined;
  readonly strict: boolean;
  readonly timeoutMs: number;
  readonly #inner = new ScriptedRealtimeTransport();
  readonly #plan = new RealtimePlan();
  readonly #config = new SessionConfigView();
  readonly #audio = new AudioProgress(this.#config);
  readonly #delivery: EventDelivery;
  readonly #settling: Settling;
  readonly #log: CallRecord[] = [];
  /** How many calls the inner transport has recorded. */
  #forwarded = 0;
  /** `calls` as last read: the inner transport copies every call on each read, so reports would cost n² copies. */
  #callsView: readonly RealtimeCall[] | undefined;
  readonly #watched = new WeakSet<object>();
  #label: string | undefined;

  constructor(options: RealtimeOptions = {}) {
    super(identity('realtime', options, {
      pending: () => this.#plan.pendingIndexes().map((index) => ({ index, label: describePending(this.#plan, this.#audio, index) })),
      view: () => ({ rejections: this.#rejections() }),
    }));
    this.name = options.name;
    this.strict = options.strict ?? true;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#settling = new Settling(this.ledger, this.#plan, (timeoutMs) => this.#timeoutError(timeoutMs));
    this.#delivery = new EventDelivery(this.#inner, this.#plan, this.#config, this.ledger, this.#settling);
    // The setup entry hooks every copy of the SDK the test file loaded; this is the kit's own, for a test without it.
    hearSessionErrorsOf(RealtimeSession);
  }

  /** How messages name this double: `realtime()` or `realtime("support")`. */
  override get label(): string {
    // Every verb names the double in case it is misused; the name never changes, so neither does this.
    return (this.#label ??= super.label);
  }

  // ── The transport the session sees ────────────────────────────────────────────────────────────

  get status(): ScriptedRealtimeTransport['status'] {
    return this.#inner.status;
  }

  get muted(): boolean | null {
    return this.#inner.muted;
  }

  on<K extends keyof RealtimeTransportEventTypes>(event: K, listener: Listener<K>): this {
    this.#inner.on(event, listener);
    return this;
  }

  off<K extends keyof RealtimeTransportEventTypes>(event: K, listener: Listener<K>): this {
    this.#inner.off(event, listener);
    return this;
  }

  once<K extends keyof RealtimeTransportEventTypes>(event: K, listener: Listener<K>): this {
    this.#inner.once(event, listener);
    return this;
  }

  connect(options: RealtimeTransportLayerConnectOptions): Promise<void> {
    const generation = this.#delivery.beginConnect();
    const { apiKey, ...rest } = options;
    this.#config.read(options.initialSessionConfig);
    const opened = this.#call({ index: 0, method: 'connect', options: { ...rest, apiKeyProvided: apiKey !== undefined } }, () => this.#inner.connect(options));
    // A session of a copy of the SDK the test loaded itself must have its errors heard before any event comes.
    return this.#delivery.readyAfter(afterHookingSdkCopies(opened), generation);
  }

  close(): void {
    const undo = this.#delivery.closing();
    try {
      this.#call({ index: 0, method: 'close' }, () => this.#inner.close());
    } catch (error) {
      // A failed close leaves an established connection up.
      undo();
      throw error;
    }
  }

  sendEvent(event: RealtimeClientMessage): void {
    this.#call({ index: 0, method: 'sendEvent', event }, () => this.#inner.sendEvent(event));
  }

  requestResponse(response?: Record<string, any>): void {
    this.#call({ index: 0, method: 'requestResponse', response }, () => this.#inner.requestResponse(response));
  }

  sendMessage(message: Parameters<ScriptedRealtimeTransport['sendMessage']>[0], otherEventData: Record<string, any>, options?: { triggerResponse?: boolean }): void {
    this.#call({ index: 0, method: 'sendMessage', message, otherEventData, options }, () => this.#inner.sendMessage(message, otherEventData, options));
  }

  addImage(image: string, options?: { triggerResponse?: boolean }): void {
    this.#call({ index: 0, method: 'addImage', image, options }, () => this.#inner.addImage(image, options));
  }

  sendAudio(audio: ArrayBuffer, options: { commit?: boolean }): void {
    this.#call({ index: 0, method: 'sendAudio', audio, options }, () => this.#inner.sendAudio(audio, options));
  }

  updateSessionConfig(config: Partial<RealtimeSessionConfig>): void {
    this.#config.read(config);
    this.#call({ index: 0, method: 'updateSessionConfig', config }, () => this.#inner.updateSessionConfig(config));
  }

  mute(muted: boolean): void {
    this.#call({ index: 0, method: 'mute', muted }, () => this.#inner.mute(muted));
  }

  sendFunctionCallOutput(toolCall: TransportToolCallEvent, output: string, startResponse: boolean): void {
    this.#call({ index: 0, method: 'sendFunctionCallOutput', toolCall, output, startResponse }, () =>
      this.#inner.sendFunctionCallOutput(toolCall, output, startResponse),
    );
    this.#delivery.completeToolItem(toolCall, output);
  }

  interrupt(): void {
    this.#call({ index: 0, method: 'interrupt' }, () => this.#inner.interrupt());
  }

  resetHistory(oldHistory: RealtimeItem[], newHistory: RealtimeItem[]): void {
    this.#call({ index: 0, method: 'resetHistory', oldHistory, newHistory }, () => this.#inner.resetHistory(oldHistory, newHistory));
  }

  sendMcpResponse(approvalRequest: Parameters<ScriptedRealtimeTransport['sendMcpResponse']>[0], approved: boolean, reason?: string): void {
    this.#call({ index: 0, method: 'sendMcpResponse', approvalRequest, approved, reason }, () =>
      this.#inner.sendMcpResponse(approvalRequest, approved, reason),
    );
  }

  // ── What tests read ───────────────────────────────────────────────────────────────────────────

  /** Every recorded outbound call with its payload, in order, as detached frozen snapshots. */
  get calls(): readonly RealtimeCall[] {
    if (this.#callsView !== undefined) return this.#callsView;
    const [recorded, redactor] = [this.#inner.calls as readonly RealtimeCall[], currentRedactor()];
    return (this.#callsView = Object.freeze(
      this.#log.map((record, index) => {
        const snapshot = record.recorded === undefined ? undefined : recorded[record.recorded];
        if (snapshot === undefined) return Object.freeze({ index, method: record.method }) as RealtimeCall;
        // What tests read and messages print keeps no secret: a key in the URL connect took, a token in a tool output.
        if (redactSecrets(snapshot, redactor) !== snapshot) return Object.freeze(redactSecrets({ ...snapshot, index }, redactor)) as RealtimeCall;
        return snapshot.index === index ? snapshot : (Object.freeze({ ...snapshot, index }) as RealtimeCall);
      }),
    ));
  }

  /** The recorded calls of one method, typed by it. */
  callsOf<M extends RealtimeMethod>(method: M): readonly RealtimeCall<M>[] {
    return Object.freeze(this.calls.filter((call): call is RealtimeCall<M> => call.method === method));
  }

  /** The number of steps not played yet. */
  get remainingSteps(): number {
    return this.#plan.length - this.#plan.cursor;
  }

  /** The input audio format the session configured (16-bit PCM at 24 kHz unless told otherwise). */
  get audioFormat(): AudioFormat {
    return this.#config.format;
  }

  /**
   * Resolves once every step has been played and its events delivered (and the session's
   * immediate reactions to them have come in). Rejects with the first `MismatchError` as soon as
   * one is recorded, or with a `SettleTimeoutError` naming the pending steps after `timeoutMs`.
   */
  settled(options: { timeoutMs?: number } = {}): Promise<void> {
    return this.#settling.wait(options?.timeoutMs ?? this.timeoutMs, this.label);
  }

  /** Throws `IncompleteScriptError` when steps are left or a call or event did not go as scripted. */
  override assertComplete(): void {
    // A complete script needs no report, and listing thousands of calls for none costs more than playing them.
    if (this.#plan.done() && this.ledger.mismatches.length === 0) return;
    super.assertComplete();
  }

  // ── For the builder ───────────────────────────────────────────────────────────────────────────

  /** Hands a finished step over (it is frozen from then on); the builder's only way in. */
  protected appendStep(step: RealtimeStep): number {
    const index = this.#plan.append(step);
    if (index === this.#plan.cursor) this.#delivery.release();
    return index;
  }

  /**
   * Puts `step` in place of the last step, unless that one has been played already; whether it did.
   * The new form may be deliverable where the old one was not (`.evenIfClosed()` after `close()`).
   */
  protected replaceLastStep(step: RealtimeStep): boolean {
    if (!this.#plan.replaceLast(step)) return false;
    if (this.#plan.length - 1 === this.#plan.cursor) this.#delivery.release();
    return true;
  }

  protected get lastStep(): RealtimeStep | undefined {
    return this.#plan.last;
  }

  protected get stepCount(): number {
    return this.#plan.length;
  }

  /**
   * Every error the session this script serves reports, whether the app listens or not: the SDK's
   * class tells its transport (src/sdk/coupling/realtimeSessionErrors.ts).
   */
  [HEARS_SESSION_ERRORS](event: unknown): void {
    this.#sessionError(event);
  }

  /** Listens to the errors `session` reports, for steps that expect one, unless they reach this script anyway. */
  protected watchErrors(session: ErrorReporter): void {
    if (this.#watched.has(session)) return;
    this.#watched.add(session);
    // Still a listener when the session tells this script itself: the app's session then has one, as it did before.
    const told = sessionErrorsHeard(session) && (session as { transport?: unknown }).transport === this;
    session.on('error', (event) => told || this.#sessionError(event));
  }

  // ── Playing steps ─────────────────────────────────────────────────────────────────────────────

  /** `call` is the call as predicates see it, its index filled in here: built by each method, not copied from a payload. */
  #call<R>(call: Outbound, forward: () => R): R {
    const { method } = call;
    // A sweep's fault: this send throws, or the connection drops instead of it (lifecycle calls are no sends).
    const fault = isLifecycle(method)
      ? undefined
      : injectFault('realtime', (n) => [`realtime send ${n} (${method}) fails`, `realtime connection drops at send ${n} (${method})`]);
    // Not recorded: a sweep drops the doubles of a run with a fault, and the call log stays in step with the transport's.
    if (fault?.point.startsWith('realtime connection drops')) {
      this.#inner.disconnect(fault.error);
      return undefined as R;
    }
    if (fault) throw fault.error;
    const callIndex = this.ledger.record(() => this.#describeCallAt(callIndex));
    call.index = callIndex;
    const live = call as unknown as RealtimeCall;
    const ignored = method === 'close' && this.#inner.status === 'disconnected';
    const record: CallRecord = {
      method,
      // The inner transport keeps every call it records as a detached snapshot; `calls` reads them.
      recorded: ignored ? undefined : this.#forwarded++,
      stepIndex: undefined,
      note: undefined,
      format: this.#config.format,
    };
    this.#log.push(record);
    this.#callsView = undefined;
    // A mismatch is recorded, not thrown: the session would swallow it into an `error` event, and
    // without an `error` listener Node reports that as an unhandled rejection, which ends a Jest run.
    // `settled()`, `toBeComplete()` and the after-each verification fail on it instead.
    const verdict = verdictFor(live, { plan: this.#plan, audio: this.#audio, format: this.#config.format, strict: this.strict, tools: this.#delivery, label: this.label });
    record.stepIndex = verdict.stepIndex;
    record.note = verdict.mismatch ? 'mismatch' : verdict.note;
    if (verdict.mismatch) this.ledger.mismatch(verdict.mismatch);
    const failure = verdict.failure;
    if (ignored) {
      // Upstream ignores a close of a closed transport without recording it; the script still counts it.
      this.#afterPlay();
      if (failure) throw failure.error;
      return undefined as R;
    }
    if (failure) this.#inner.failNextCall(method, failure.error);
    try {
      return forward();
    } finally {
      this.#callsView = undefined;
      this.#afterPlay();
    }
  }

  #sessionError(event: unknown): void {
    const outcome = judgeSessionError(event, this.#plan, this.ledger, this.strict, this.#log.length);
    if (outcome === 'played') this.#afterPlay();
    else if (outcome === 'recorded') this.#settling.notify();
  }

  #afterPlay(): void {
    this.#delivery.release();
    this.#settling.notify();
  }

  // ── Describing ────────────────────────────────────────────────────────────────────────────────

  #describeCallAt(index: number): string {
    const record = this.#log[index] as CallRecord;
    const call = this.calls[index] as RealtimeCall;
    const described = describeRealtimeCall(call as never, record.format);
    const outcome =
      record.note === 'mismatch' ? '' : record.note !== undefined ? ` (${record.note})` : record.stepIndex !== undefined ? ` → step ${record.stepIndex + 1}` : '';
    return `${described}${outcome}`;
  }

  #timeoutError(timeoutMs: number): SettleTimeoutError {
    const first = this.#plan.pendingIndexes()[0];
    const closed = this.status === 'disconnected' && this.#log.some((record) => record.method === 'connect');
    const waiting = first === undefined ? 'nothing' : waitingFor(this.#plan, this.#audio, first, { status: this.status, closed });
    return new SettleTimeoutError(this.ledger.report(), { timeoutMs, waitingFor: waiting });
  }

  #rejections(): ReadonlySet<number> {
    const rejections = new Set<number>();
    this.#log.forEach((record, index) => {
      const step = record.stepIndex === undefined ? undefined : this.#plan.at(record.stepIndex);
      if (step?.kind === 'expect' && step.rejection) rejections.add(index);
    });
    return rejections;
  }
}
