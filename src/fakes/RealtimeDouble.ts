import type {
  RealtimeClientMessage,
  RealtimeItem,
  RealtimeSessionConfig,
  RealtimeTransportEventTypes,
  RealtimeTransportLayerConnectOptions,
  TransportToolCallEvent,
} from '@openai/agents/realtime';
import { ScriptedRealtimeTransport } from '@openai/agents/realtime/testing';
import type { MismatchError } from '../errors/MismatchError';
import { SettleTimeoutError } from '../errors/SettleTimeoutError';
import { describeFormat, describeMs, inputFormatOf, msOf, PCM16_24K, type AudioFormat } from '../format/audioFormat';
import { brief } from '../format/brief';
import { closest, listNames } from '../format/closest';
import { plural } from '../format/report';
import type { DoubleOptions } from '../vocabulary';
import { Ledger, LEDGER } from './ledger';
import { differenceFrom } from './partialMatch';
import { byteLengthOf, describeRealtimeCall, isLifecycle, type RealtimeCall, type RealtimeMethod } from './realtimeCall';
import { labelOf, type EmitStep, type ExpectStep, type RealtimeStep } from './realtimeStep';
import { after, nextMacrotask } from './realTimers';


export interface RealtimeOptions extends DoubleOptions {
  /** `false` records calls no step planned and lets them pass; steps are still played in order. Default `true`. */
  strict?: boolean;
  /** How long `settled()` waits for the remaining steps before it rejects. Default 2000 ms. */
  timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 2000;

type Listener<K extends keyof RealtimeTransportEventTypes> = (...args: RealtimeTransportEventTypes[K]) => void;

interface CallRecord {
  method: RealtimeMethod;
  /** Where the inner transport recorded the call; `undefined` for a close it ignored. */
  recorded: number | undefined;
  /** The step the call consumed (or advanced, for audio steps). */
  stepIndex: number | undefined;
  note: 'lifecycle' | 'unscripted' | 'mismatch' | undefined;
  format: AudioFormat;
}

interface Verdict {
  stepIndex?: number;
  note?: CallRecord['note'];
  mismatch?: MismatchError;
  failure?: { error: unknown };
}

interface Waiter {
  resolve(): void;
  reject(error: unknown): void;
  /** Clears the timeout once one is armed. */
  cancel(): void;
  draining: boolean;
  timeoutMs: number;
}

const noop = (): void => undefined;

/**
 * A Realtime transport that plays a script: outbound calls are matched against `expect` steps in
 * order, and the events written after a step are delivered once it has been played and the
 * session can observe them. The SDK's `ScriptedRealtimeTransport` does the transport work inside
 * (listeners, connection status, detached call snapshots, injected failures, disconnects); it
 * falls short as a test double in three ways this class makes up for:
 * - its `expectCall` needs a scenario running beside the test, with hand-made gates and an
 *   `AbortSignal`; here the script is written up front and `settled()` is the one bounded wait;
 * - an event emitted before `session.connect()` has resolved is silently lost (the session
 *   listens only from then on); here events wait until the connection is up;
 * - a mismatch throws into the caller, which is often the session, and the session turns it into
 *   an `error` event, after which `assertComplete()` passes; here every mismatch is recorded, so
 *   `settled()`, `toBeComplete()` and the after-each verification fail, and none is thrown into
 *   the session (only failures the script asks for with `.fails()` are).
 */
export class RealtimeDouble {
  readonly name: string | undefined;
  readonly strict: boolean;
  readonly timeoutMs: number;
  readonly #inner = new ScriptedRealtimeTransport();
  readonly #steps: RealtimeStep[] = [];
  /** The first `expect` step not matched yet (or the end); every `expect` before it has been matched. */
  #nextExpect = 0;
  /** The first `emit` step not delivered yet (or the end). */
  #nextEmit = 0;
  /** Bytes an audio step has taken so far. */
  #audioTaken = 0;
  readonly #log: CallRecord[] = [];
  /** How many calls the inner transport has recorded. */
  #forwarded = 0;
  readonly #ledger: Ledger;
  /** The session can observe events: connected, and `connect()` has resolved for everyone awaiting it. */
  #ready = false;
  #generation = 0;
  #flushQueued = false;
  #flushing = false;
  readonly #waiters = new Set<Waiter>();
  #format: AudioFormat = PCM16_24K;
  /** Function names the agent offers, read off the session config; `undefined` before any is seen. */
  #offered: string[] | undefined;

  constructor(options: RealtimeOptions = {}) {
    this.name = options.name;
    this.strict = options.strict ?? true;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#ledger = new Ledger({
      kind: 'realtime',
      name: options.name,
      verify: options.verify !== false,
      pending: () => this.#pendingIndexes().map((index) => ({ index, label: this.#describePending(index) })),
    });
  }

  /** The bookkeeping matchers and the after-each verification read. */
  get [LEDGER](): Ledger {
    return this.#ledger;
  }

  /** How messages name this double: `realtime()` or `realtime("support")`. */
  get label(): string {
    return this.#ledger.label;
  }

  get #mismatches(): readonly MismatchError[] {
    return this.#ledger.mismatches;
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
    const generation = ++this.#generation;
    this.#ready = false;
    const { apiKey, ...rest } = options;
    const config = options.initialSessionConfig;
    this.#readConfig(config);
    const opened = this.#call('connect', { options: { ...rest, apiKeyProvided: apiKey !== undefined } }, () => this.#inner.connect(options));
    return opened.then(() => {
      // The session reads `connect()`'s result in its own continuation and only then accepts
      // events; one macrotask later every such continuation has run.
      nextMacrotask(() => {
        if (generation !== this.#generation || this.status !== 'connected') return;
        this.#ready = true;
        this.#flush();
      });
    });
  }

  close(): void {
    const wasReady = this.#ready;
    this.#generation += 1;
    this.#ready = false;
    try {
      this.#call('close', {}, () => this.#inner.close());
    } catch (error) {
      // A failed close leaves an established connection up.
      if (this.status === 'connected') this.#ready = wasReady;
      throw error;
    }
  }

  sendEvent(event: RealtimeClientMessage): void {
    this.#call('sendEvent', { event }, () => this.#inner.sendEvent(event));
  }

  requestResponse(response?: Record<string, any>): void {
    this.#call('requestResponse', { response }, () => this.#inner.requestResponse(response));
  }

  sendMessage(message: Parameters<ScriptedRealtimeTransport['sendMessage']>[0], otherEventData: Record<string, any>, options?: { triggerResponse?: boolean }): void {
    this.#call('sendMessage', { message, otherEventData, options }, () => this.#inner.sendMessage(message, otherEventData, options));
  }

  addImage(image: string, options?: { triggerResponse?: boolean }): void {
    this.#call('addImage', { image, options }, () => this.#inner.addImage(image, options));
  }

  sendAudio(audio: ArrayBuffer, options: { commit?: boolean }): void {
    this.#call('sendAudio', { audio, options }, () => this.#inner.sendAudio(audio, options));
  }

  updateSessionConfig(config: Partial<RealtimeSessionConfig>): void {
    this.#readConfig(config);
    this.#call('updateSessionConfig', { config }, () => this.#inner.updateSessionConfig(config));
  }

  mute(muted: boolean): void {
    this.#call('mute', { muted }, () => this.#inner.mute(muted));
  }

  sendFunctionCallOutput(toolCall: TransportToolCallEvent, output: string, startResponse: boolean): void {
    this.#call('sendFunctionCallOutput', { toolCall, output, startResponse }, () =>
      this.#inner.sendFunctionCallOutput(toolCall, output, startResponse),
    );
    // As the SDK's OpenAI transport does, the call's history item is completed with its output.
    if (typeof toolCall.id === 'string') {
      const { id, previousItemId, name, arguments: args } = toolCall;
      const item = { itemId: id, ...(previousItemId === undefined ? {} : { previousItemId }), type: 'function_call', status: 'completed', arguments: args, name, output };
      try {
        this.#inner.emit('item_update', item as RealtimeItem);
      } catch (error) {
        this.#listenerFailed(`delivering the completed item of ${name} ${toolCall.callId}`, 'item_update', error);
        this.#notify();
      }
    }
  }

  interrupt(): void {
    this.#call('interrupt', {}, () => this.#inner.interrupt());
  }

  resetHistory(oldHistory: RealtimeItem[], newHistory: RealtimeItem[]): void {
    this.#call('resetHistory', { oldHistory, newHistory }, () => this.#inner.resetHistory(oldHistory, newHistory));
  }

  sendMcpResponse(approvalRequest: Parameters<ScriptedRealtimeTransport['sendMcpResponse']>[0], approved: boolean, reason?: string): void {
    this.#call('sendMcpResponse', { approvalRequest, approved, reason }, () =>
      this.#inner.sendMcpResponse(approvalRequest, approved, reason),
    );
  }

  // ── What tests read ───────────────────────────────────────────────────────────────────────────

  /** Every recorded outbound call with its payload, in order, as detached frozen snapshots. */
  get calls(): readonly RealtimeCall[] {
    const recorded = this.#inner.calls as readonly RealtimeCall[];
    return Object.freeze(
      this.#log.map((record, index) => {
        const snapshot = record.recorded === undefined ? undefined : recorded[record.recorded];
        if (snapshot === undefined) return Object.freeze({ index, method: record.method }) as RealtimeCall;
        return snapshot.index === index ? snapshot : (Object.freeze({ ...snapshot, index }) as RealtimeCall);
      }),
    );
  }

  /** The recorded calls of one method, typed by it. */
  callsOf<M extends RealtimeMethod>(method: M): readonly RealtimeCall<M>[] {
    return Object.freeze(this.calls.filter((call): call is RealtimeCall<M> => call.method === method));
  }

  /** The number of steps not played yet. */
  get remainingSteps(): number {
    return this.#pendingIndexes().length;
  }

  /** The input audio format the session configured (16-bit PCM at 24 kHz unless told otherwise). */
  get audioFormat(): AudioFormat {
    return this.#format;
  }

  /**
   * Resolves once every step has been played and its events delivered (and the session's
   * immediate reactions to them have come in). Rejects with the first `MismatchError` as soon as
   * one is recorded, or with a `SettleTimeoutError` naming the pending steps after `timeoutMs`.
   */
  settled(options: { timeoutMs?: number } = {}): Promise<void> {
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        resolve: () => {
          this.#waiters.delete(waiter);
          waiter.cancel();
          resolve();
        },
        reject: (error) => {
          this.#waiters.delete(waiter);
          waiter.cancel();
          reject(error);
        },
        cancel: noop,
        draining: false,
        timeoutMs,
      };
      this.#waiters.add(waiter);
      const mismatch = this.#mismatches[0];
      if (mismatch) waiter.reject(mismatch);
      else this.#drain(waiter);
    });
  }

  /** Throws `IncompleteScriptError` when steps are left or a call or event did not go as scripted. */
  assertComplete(): void {
    this.#ledger.assertComplete();
  }

  #describeCallAt(index: number): string {
    const record = this.#log[index] as CallRecord;
    const call = this.calls[index] as RealtimeCall;
    const described = describeRealtimeCall(call as never, record.format);
    const outcome =
      record.note === 'mismatch' ? '' : record.note !== undefined ? ` (${record.note})` : record.stepIndex !== undefined ? ` → step ${record.stepIndex + 1}` : '';
    return `${described}${outcome}`;
  }

  // ── For the builder ───────────────────────────────────────────────────────────────────────────

  /** Appends a step; the builder's only way in. Events become deliverable at once if nothing is ahead of them. */
  protected appendStep(step: RealtimeStep): number {
    const index = this.#steps.push(step) - 1;
    // A cursor that pointed past the end now points past this step if the step is not its kind.
    if (step.kind === 'emit' && this.#nextExpect === index) this.#nextExpect = index + 1;
    if (step.kind === 'expect' && this.#nextEmit === index) this.#nextEmit = index + 1;
    if (step.kind === 'emit' && this.#nextEmit === index && this.#nextExpect > index) this.#scheduleFlush();
    return index;
  }

  protected stepAt(index: number): RealtimeStep | undefined {
    return this.#steps[index];
  }

  protected get stepCount(): number {
    return this.#steps.length;
  }

  // ── Matching calls ────────────────────────────────────────────────────────────────────────────

  #call<R>(method: RealtimeMethod, payload: Record<string, unknown>, forward: () => R): R {
    const callIndex = this.#ledger.record(() => this.#describeCallAt(callIndex));
    const live = { index: callIndex, method, ...payload } as unknown as RealtimeCall;
    const ignored = method === 'close' && this.#inner.status === 'disconnected';
    const record: CallRecord = {
      method,
      // The inner transport keeps every call it records as a detached snapshot; `calls` reads them.
      recorded: ignored ? undefined : this.#forwarded++,
      stepIndex: undefined,
      note: undefined,
      format: this.#format,
    };
    this.#log.push(record);
    // A mismatch is recorded, not thrown: the session would swallow it into an `error` event, and
    // without an `error` listener Node reports that as an unhandled rejection, which ends a Jest run.
    // `settled()`, `toBeComplete()` and the after-each verification fail on it instead.
    const verdict = this.#verdictFor(live);
    record.stepIndex = verdict.stepIndex;
    record.note = verdict.mismatch ? 'mismatch' : verdict.note;
    const failure = verdict.failure;
    if (ignored) {
      // Upstream ignores a close of a closed transport without recording it; the script still counts it.
      this.#afterCall();
      if (failure) throw failure.error;
      return undefined as R;
    }
    if (failure) this.#inner.failNextCall(method, failure.error);
    try {
      return forward();
    } finally {
      this.#afterCall();
    }
  }

  #afterCall(): void {
    if (this.#nextEmit < this.#nextExpect) this.#scheduleFlush();
    this.#notify();
  }

  #verdictFor(call: RealtimeCall): Verdict {
    const index = this.#nextExpect;
    const step = this.#steps[index] as ExpectStep | undefined;
    if (step && step.method === call.method) {
      const problem = this.#problemWith(step, call);
      if (problem === undefined) {
        if (this.#takes(step, call)) this.#advanceExpect();
        return { stepIndex: index, ...(step.failure ? { failure: step.failure } : {}) };
      }
      if (!this.strict) return { note: 'unscripted' };
      return { mismatch: this.#wrongArguments(call, index, step, problem) };
    }
    if (isLifecycle(call.method)) return { note: 'lifecycle' };
    if (!this.strict) return { note: 'unscripted' };
    return { mismatch: step ? this.#wrongMethod(call, index, step) : this.#ranOut(call) };
  }

  /** Why `call` does not fit `step`, or `undefined` when it does. */
  #problemWith(step: ExpectStep, call: RealtimeCall): string | undefined {
    if (step.audio) {
      const problem = this.#audioProblem(step, call as RealtimeCall<'sendAudio'>);
      if (problem !== undefined) return problem;
    }
    const pattern = step.pattern;
    if (pattern === undefined) return undefined;
    if (typeof pattern === 'function') {
      try {
        return (pattern as (call: RealtimeCall) => unknown)(call) === false ? 'The predicate returned false' : undefined;
      } catch (error) {
        return `The predicate threw ${brief(error, 120)}`;
      }
    }
    const difference = differenceFrom(call, pattern);
    if (difference === undefined) return undefined;
    const where = difference.path === '' ? 'The call' : `The call's ${difference.path}`;
    return `${where} is ${brief(difference.actual, 100)}, expected ${brief(difference.expected, 100)}`;
  }

  #audioProblem(step: ExpectStep, call: RealtimeCall<'sendAudio'>): string | undefined {
    const target = this.#targetBytes(step);
    const taken = this.#audioTaken + byteLengthOf(call.audio);
    if (target !== undefined && taken > target) {
      return `The audio would total ${describeMs(msOf(taken, this.#format))}, more than the step's ${describeMs(msOf(target, this.#format))}`;
    }
    if (step.audio?.commit && call.options?.commit && target !== undefined && taken < target) {
      return `The audio was committed after ${describeMs(msOf(taken, this.#format))}, short of the step's ${describeMs(msOf(target, this.#format))}`;
    }
    return undefined;
  }

  /** Whether `call` finishes `step` (audio steps may need more calls). */
  #takes(step: ExpectStep, call: RealtimeCall): boolean {
    if (!step.audio) return true;
    const audioCall = call as RealtimeCall<'sendAudio'>;
    this.#audioTaken += byteLengthOf(audioCall.audio);
    const target = this.#targetBytes(step);
    const enough = target === undefined || this.#audioTaken >= target;
    const committed = !step.audio.commit || audioCall.options?.commit === true;
    if (!enough || !committed) return false;
    this.#audioTaken = 0;
    return true;
  }

  #targetBytes(step: ExpectStep): number | undefined {
    const audio = step.audio;
    if (audio?.bytes !== undefined) return audio.bytes;
    if (audio?.ms !== undefined) return Math.round((audio.ms * this.#format.sampleRate) / 1000) * this.#format.bytesPerSample;
    return undefined;
  }

  #advanceExpect(): void {
    let index = this.#nextExpect + 1;
    while (index < this.#steps.length && this.#steps[index]?.kind !== 'expect') index += 1;
    this.#nextExpect = index;
  }

  #readConfig(config: unknown): void {
    if (typeof config !== 'object' || config === null) return;
    this.#format = inputFormatOf(config) ?? this.#format;
    if (!('tools' in config)) return;
    const tools = (config as { tools?: unknown }).tools;
    this.#offered = Array.isArray(tools)
      ? tools.flatMap((tool: { type?: unknown; name?: unknown }) => (tool?.type === 'function' && typeof tool.name === 'string' ? [tool.name] : []))
      : [];
  }

  // ── Delivering events ─────────────────────────────────────────────────────────────────────────

  #scheduleFlush(): void {
    if (this.#flushQueued || !this.#ready) return;
    this.#flushQueued = true;
    // A promise job rather than `queueMicrotask`, which Jest's fake timers replace.
    void Promise.resolve().then(() => {
      this.#flushQueued = false;
      this.#flush();
    });
  }

  /** Delivers every deliverable event in order; a listener may call back in and release more. */
  #flush(): void {
    if (this.#flushing) return;
    this.#flushing = true;
    try {
      while (this.#ready && this.#nextEmit < this.#nextExpect && this.#nextEmit < this.#steps.length) {
        const index = this.#nextEmit;
        let next = index + 1;
        while (next < this.#steps.length && this.#steps[next]?.kind !== 'emit') next += 1;
        this.#nextEmit = next;
        this.#deliver(this.#steps[index] as EmitStep, index);
      }
    } finally {
      this.#flushing = false;
    }
    this.#notify();
  }

  #deliver(step: EmitStep, index: number): void {
    if (step.calls && this.#offered !== undefined && !this.#offered.includes(step.calls.name)) {
      // Upstream would answer "Tool … not found" and raise a session error; the script is what drifted.
      this.#notOffered(step, index);
      return;
    }
    for (const event of step.events) {
      try {
        if (event.type === 'disconnect') {
          this.#ready = false;
          this.#generation += 1;
          if (event.hasError) this.#inner.disconnect(event.error);
          else this.#inner.disconnect();
        } else {
          this.#inner.emit(event.name, ...(event.args as never[]));
        }
      } catch (error) {
        const name = event.type === 'event' ? event.name : 'error';
        this.#listenerFailed(`step ${index + 1}`, name, error, index);
        return;
      }
    }
  }

  // ── Waiting ───────────────────────────────────────────────────────────────────────────────────

  #done(): boolean {
    return this.#nextExpect >= this.#steps.length && this.#nextEmit >= this.#steps.length && !this.#flushQueued;
  }

  #notify(): void {
    if (this.#waiters.size === 0) return;
    for (const waiter of [...this.#waiters]) this.#check(waiter);
  }

  #check(waiter: Waiter): void {
    const mismatch = this.#mismatches[0];
    if (mismatch) return waiter.reject(mismatch);
    if (waiter.draining) return;
    if (this.#done()) this.#drain(waiter);
    else this.#arm(waiter);
  }

  /**
   * Waits one macrotask, so that the session's immediate reactions to the last events come in
   * (an unplanned call they make still fails the wait), then settles the waiter or arms its
   * timeout. A turn that settles at once never starts a timer.
   */
  #drain(waiter: Waiter): void {
    waiter.draining = true;
    nextMacrotask(() => {
      waiter.draining = false;
      if (!this.#waiters.has(waiter)) return;
      const mismatch = this.#mismatches[0];
      if (mismatch) waiter.reject(mismatch);
      else if (this.#done()) waiter.resolve();
      else this.#arm(waiter);
    });
  }

  #arm(waiter: Waiter): void {
    if (waiter.cancel !== noop) return;
    waiter.cancel = after(waiter.timeoutMs, () => waiter.reject(this.#timeoutError(waiter.timeoutMs)));
  }

  #timeoutError(timeoutMs: number): SettleTimeoutError {
    const pending = this.#pendingIndexes();
    const first = pending[0];
    return new SettleTimeoutError(this.#ledger.report(), { timeoutMs, waitingFor: first === undefined ? 'nothing' : this.#waitingFor(first) });
  }

  #waitingFor(index: number): string {
    const step = this.#steps[index] as RealtimeStep;
    if (step.kind === 'expect') {
      if (step.audio && this.#audioTaken > 0) {
        return `more sendAudio calls (step ${index + 1} has taken ${describeMs(msOf(this.#audioTaken, this.#format))} so far)`;
      }
      return `${aCallOf(step.method)} (step ${index + 1})`;
    }
    const status = this.status === 'connected' ? 'connected, but connect() had not resolved' : this.status;
    return `the transport to connect to deliver step ${index + 1}: events reach the session only once session.connect() has resolved (the transport is ${status})`;
  }

  #pendingIndexes(): number[] {
    const start = Math.min(this.#nextExpect, this.#nextEmit);
    const pending: number[] = [];
    for (let index = start; index < this.#steps.length; index += 1) {
      const step = this.#steps[index] as RealtimeStep;
      if (step.kind === 'expect' ? index >= this.#nextExpect : index >= this.#nextEmit) pending.push(index);
    }
    return pending;
  }

  #describePending(index: number): string {
    const step = this.#steps[index] as RealtimeStep;
    const line = labelOf(step);
    if (step.kind === 'expect' && step.audio && index === this.#nextExpect && this.#audioTaken > 0) {
      return `${line} — ${describeMs(msOf(this.#audioTaken, this.#format))} received so far`;
    }
    return line;
  }

  // ── Mismatches ────────────────────────────────────────────────────────────────────────────────

  #describe(call: RealtimeCall): string {
    return describeRealtimeCall(call as never, this.#format);
  }

  #wrongArguments(call: RealtimeCall, index: number, step: ExpectStep, problem: string): MismatchError {
    const audio = step.audio ? ` (Audio is counted as ${describeFormat(this.#format)}.)` : '';
    return this.#ledger.mismatch({
      kind: 'wrong_arguments',
      callIndex: call.index,
      stepIndex: index,
      actual: this.#describe(call),
      expected: labelOf(step),
      why: `${problem}.${audio}`,
    });
  }

  #wrongMethod(call: RealtimeCall, index: number, step: ExpectStep): MismatchError {
    return this.#ledger.mismatch({
      kind: 'wrong_method',
      callIndex: call.index,
      stepIndex: index,
      actual: this.#describe(call),
      expected: `${aCallOf(step.method)}, ${labelOf(step)}`,
      fix: 'Script the call where it happens, or pass { strict: false } to let calls no step names through',
    });
  }

  #ranOut(call: RealtimeCall): MismatchError {
    const total = this.#steps.filter((step) => step.kind === 'expect').length;
    return this.#ledger.mismatch({
      kind: 'unexpected_call',
      callIndex: call.index,
      actual: this.#describe(call),
      expected: 'no more calls',
      why: total === 0 ? 'The script expects none' : total === 1 ? 'Its one expected call came before it' : `All ${total} expected calls came before it`,
      fix: `Script it with .expect('${call.method}', …), or pass { strict: false } to let calls no step names through`,
    });
  }

  #notOffered(step: EmitStep, index: number): MismatchError {
    const offered = this.#offered ?? [];
    const name = step.calls?.name ?? '';
    const suggestion = closest(name, offered);
    return this.#ledger.mismatch({
      kind: 'not_offered',
      callIndex: this.#log.length,
      anchor: `step ${index + 1}`,
      stepIndex: index,
      actual: labelOf(step),
      expected: `the agent to offer ${step.calls?.kind === 'handoff' ? 'the handoff' : 'the tool'} "${name}"`,
      why: offered.length === 0 ? 'The agent offers no tools and no handoffs' : `The agent offers ${listNames(offered)}`,
      ...(suggestion ? { fix: `Did you mean "${suggestion}"?` } : {}),
    });
  }

  #listenerFailed(anchor: string, event: string, error: unknown, stepIndex?: number): MismatchError {
    const unhandled = (error as { code?: unknown } | null)?.code === 'ERR_UNHANDLED_ERROR';
    return this.#ledger.mismatch({
      kind: 'listener_failed',
      callIndex: this.#log.length,
      anchor,
      ...(stepIndex === undefined ? {} : { stepIndex, expected: undefined }),
      actual: `a listener of the "${event}" event threw ${brief(error, 160)}`,
      ...(unhandled ? { fix: "The session has no 'error' listener; add session.on('error', …) to handle transport errors" } : {}),
    });
  }
}

/** `a sendMessage call`, `an interrupt call` */
function aCallOf(method: string): string {
  return `${/^[aeiou]/i.test(method) ? 'an' : 'a'} ${method} call`;
}
