import { Usage, type Model, type ModelRequest, type ModelResponse, type ModelRetryAdvice, type ModelRetryAdviceRequest, type StreamEvent } from '@openai/agents';
import { modelError, modelResponder, modelStreamResponder, ScriptedModel, type ScriptedModelInput } from '@openai/agents/testing';
import { plural } from '../../format/report';
import { numbered } from '../../format/numberedList';
import { redactSecrets } from '../../format/secrets';
import { CASSETTE_FORMAT, recordRequest, recordResponse, type CassetteCall, type CassetteConversation, type RecordedRequest, type RecordedResponse, type RequestField } from './file';
import { RecordingDouble, type CassettePlay } from './RecordingDouble';
import type { Ledger } from '../core/ledger';
import { turnLabel, turnParts } from './recordedTurn';
import { matchesRecording, requestChanges } from './requestDrift';
import { describeModelCall, unexpectedModelCall } from '../model/unexpectedCall';
import { isTraced, tracedResponse, tracedStream } from '../model/generationSpan';
import { scriptedModelPart } from '../../sdk/coupling';
import { answer, PlannedResponse } from '../model/plannedResponse';

/** The environment variable that chooses the mode of every cassette without an explicit `mode`. */
export const CASSETTE_MODE_ENV = 'AGENTS_TESTKIT_CASSETTE_MODE';

export type { CassettePlay };

/** Redaction hooks, applied to every call before it is written and to live requests before they are compared. */
export interface CassetteRedaction {
  request?: (request: RecordedRequest) => RecordedRequest;
  response?: (response: RecordedResponse) => RecordedResponse;
}

/** What the builder hands the double once options are checked and the mode is settled. */
export type CassetteSetup = {
  /** The user's name for the cassette, or the path as written. */
  name: string;
  /** The absolute path of the cassette file. */
  path: string;
  /** The path as the user wrote it, for messages. */
  shownPath: string;
  /** The conversation of the file this cassette replays or records: the test's full name, `{ conversation }`, or `default`. */
  conversation: string;
  /** The full name of the test that created the cassette, if a test did. */
  test: string | undefined;
  /** The file of that test, for messages. */
  testFile: string | undefined;
  redact: CassetteRedaction;
  ignore: readonly RequestField[];
  verify: boolean;
} & (
  | {
      play: 'replay';
      calls: readonly CassetteCall[];
      /** Mode `rerecord-drifted`: the real model that answers from the first drifted call on, the conversation then recorded again. */
      rerecord?: () => Promise<Model>;
    }
  | { play: 'record'; realModel: () => Promise<Model> }
);

interface CallRecord {
  streamed: boolean;
  /** What became of the call, rendered when a report reads it. */
  outcome: string | (() => string);
}

/**
 * A `Model` that records real model calls to a JSON cassette, or replays them from one. Replay
 * checks each request against its recording and fails on drift, naming what changed; the
 * failure is also recorded, so the after-each verification catches it when the run swallows it.
 * A recording is kept beside the file until its test passed (or `commit()`), then replaces its
 * own conversation of the file (src/fakes/cassette/recordings.ts).
 */
export class CassetteModel extends RecordingDouble<CassetteConversation> implements Model {
  readonly #setup: CassetteSetup;
  readonly #inner = new ScriptedModel();
  /** Replay: the recorded calls. Record: the calls recorded so far, in the order they were made. */
  readonly #calls: (CassetteCall | undefined)[];
  #used = 0;
  /** Recording: calls sent to the real model that have not answered yet. */
  #running = 0;
  #real: Promise<Model> | undefined;

  constructor(setup: CassetteSetup) {
    super(
      {
        kind: 'cassette',
        name: setup.name,
        verify: setup.verify,
        pending: () =>
          this.mode === 'replay'
            ? this.#calls.slice(this.#used).map((call, offset) => ({ index: this.#used + offset, label: describeCall(call as CassetteCall) }))
            : [],
      },
      {
        ...setup,
        format: CASSETTE_FORMAT,
        recording: () => ({ calls: [...this.calls] }),
        // A call still running has no answer to write yet.
        openWork: () => (this.#running > 0 ? `${plural(this.#running, 'call')} to the real model ${this.#running === 1 ? 'was' : 'were'} still running` : undefined),
      },
    );
    this.#setup = setup;
    this.#calls = setup.play === 'replay' ? [...setup.calls] : [];
  }

  /** The calls of the cassette: the recorded ones when replaying, the ones written so far when recording. */
  get calls(): readonly CassetteCall[] {
    return Object.freeze(this.#calls.filter((call): call is CassetteCall => call !== undefined));
  }

  /** Recorded calls not replayed yet (always 0 when recording). */
  get remainingSteps(): number {
    return this.mode === 'replay' ? this.#calls.length - this.#used : 0;
  }

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    if (this.mode === 'record' || this.#driftsIntoRecording(request)) return this.#recordResponse(request);
    const handed = this.#prepare(request, false);
    // The recorded model made a generation span per call (the SDK's models do); a replay makes the same.
    return isTraced(request) ? tracedResponse(request, () => answer(this.#inner, handed)) : answer(this.#inner, handed);
  }

  getStreamedResponse(request: ModelRequest): AsyncIterable<StreamEvent> {
    if (this.mode === 'record' || this.#driftsIntoRecording(request)) return this.#recordStream(request);
    const handed = this.#prepare(request, true) as ModelRequest;
    return isTraced(request) ? tracedStream(request, () => this.#inner.getStreamedResponse(handed)) : this.#inner.getStreamedResponse(handed);
  }

  async getRetryAdvice(request: ModelRetryAdviceRequest): Promise<ModelRetryAdvice | undefined> {
    if (this.mode === 'replay') return this.#inner.getRetryAdvice(request);
    const real = await this.#realModel();
    return real.getRetryAdvice?.(request);
  }

  /**
   * Hands the inner model exactly one step for this call: the recorded answer, or the mismatch.
   * Returns the request to hand it with the step: a replay reads nothing of the call, and gets only
   * what the inner model itself reads (`scriptedModelPart`); a mismatch gets the request. A replay
   * of a non-streamed call needs no inner model: its response is returned as it is.
   */
  #prepare(request: ModelRequest, streamed: boolean): ModelRequest | PlannedResponse {
    if (request.signal?.aborted) return request;
    const record = this.#startCall(streamed, 'no recorded call left');
    const callIndex = this.ledger.callCount - 1;
    const recorded = this.#calls[this.#used];
    if (recorded === undefined) {
      this.#inner.enqueue(modelError(this.ledger.mismatch(this.#ranOut(request, callIndex, streamed))));
      return request;
    }
    const stepIndex = this.#used;
    this.#used += 1;
    record.outcome = () => `recorded call ${numbered(stepIndex, describeCall(recorded))}`;
    const changes = this.#changes(recorded, request);
    if (changes.length > 0) {
      const error = this.ledger.mismatch({
        kind: 'request_drift',
        callIndex,
        stepIndex,
        actual: describeModelCall(request, streamed),
        expected: `the request recorded for ${describeCall(recorded)}`,
        why: `Since it was recorded, ${changes.length === 1 ? changes[0]!.summary : `the request changed in ${changes.length} ways`}`,
        fix: `If the change is intended, record the cassette again: ${recordHint(this.#setup.shownPath)}`,
        ...(changes.length > 1 ? { note: changes.map((change) => `  - ${change.summary}`).join('\n') } : {}),
      });
      this.#inner.enqueue(modelError(error));
      return request;
    }
    if (!streamed) return new PlannedResponse(replayedResponse(recorded));
    this.#inner.enqueue(replayStep(recorded));
    return scriptedModelPart(request);
  }

  /** How the request differs from its recording (none when it matches). */
  #changes(recorded: CassetteCall, request: ModelRequest): ReturnType<typeof requestChanges> {
    // Most requests match their recording: checked first without building the recorded form.
    const matches = this.#setup.redact.request === undefined && matchesRecording(recorded.request, request, this.#setup.ignore);
    return matches ? [] : requestChanges(recorded.request, this.#normalize(request), this.#setup.ignore);
  }

  /**
   * Mode `rerecord-drifted`: whether this call drifted from the recording (its request changed, or
   * the recording has no call left), in which case the cassette records from here on. The calls
   * replayed so far stay as they were recorded (their requests matched); the recorded calls from
   * here on are dropped, and the real model's take their place. The whole conversation is then
   * committed when the test passes, with new provenance, as a recording is.
   */
  #driftsIntoRecording(request: ModelRequest): boolean {
    if (this.#setup.play !== 'replay' || this.#setup.rerecord === undefined || request.signal?.aborted) return false;
    const recorded = this.#calls[this.#used];
    if (recorded !== undefined && this.#changes(recorded, request).length === 0) return false;
    this.#calls.length = this.#used;
    this.recordFromHere();
    return true;
  }

  /** Records a call in the ledger, described by its outcome when a report reads it. */
  #startCall(streamed: boolean, outcome: string): CallRecord {
    const record: CallRecord = { streamed, outcome };
    this.ledger.record(() => `${record.streamed ? 'streamed model call' : 'model call'} → ${typeof record.outcome === 'function' ? record.outcome() : record.outcome}`);
    return record;
  }

  #normalize(request: ModelRequest): RecordedRequest {
    const recorded = recordRequest(request);
    return this.#setup.redact.request ? redactSecrets(this.#setup.redact.request(recorded)) : recorded;
  }

  #ranOut(request: ModelRequest, callIndex: number, streamed: boolean): Parameters<Ledger['mismatch']>[0] {
    const total = this.#calls.length;
    return unexpectedModelCall({
      request,
      callIndex,
      streamed,
      why: `The cassette holds ${total === 0 ? 'no calls' : `only ${plural(total, 'call')}`}`,
      fix: `If the workflow now makes more model calls, record the cassette again: ${recordHint(this.#setup.shownPath)}`,
    });
  }

  #realModel(): Promise<Model> {
    const real = this.#setup.play === 'record' ? this.#setup.realModel : this.#setup.rerecord;
    if (real === undefined) throw new Error('unreachable: a replaying cassette has no real model');
    this.#real ??= real();
    return this.#real;
  }

  /**
   * Reserves the call's place in the cassette, so concurrent calls keep the order they were made
   * in; refuses the call, before the real model sees it, when another cassette records the same
   * conversation. Each finished call is kept in the partial file at once.
   */
  #startRecording(request: ModelRequest, streamed: boolean): { record: CallRecord; finish: (call: Omit<CassetteCall, 'request' | 'streamed'>) => void; fail: (error: unknown) => void } {
    const record = this.#startCall(streamed, 'recording');
    const callIndex = this.ledger.callCount - 1;
    const conflict = this.claimConversation();
    if (conflict !== undefined) {
      record.outcome = 'refused: another cassette records this conversation';
      throw this.ledger.mismatch({
        ...conflict,
        callIndex,
        actual: describeModelCall(request, streamed),
      });
    }
    const normalized = this.#normalize(request);
    const slot = this.#calls.length;
    this.#calls.push(undefined);
    this.#running += 1;
    const finish = (call: Omit<CassetteCall, 'request' | 'streamed'>): void => {
      this.#running -= 1;
      const response = this.#setup.redact.response ? redactSecrets(this.#setup.redact.response(call.response)) : call.response;
      const complete: CassetteCall = { request: normalized, streamed, response, ...(call.deltas ? { deltas: call.deltas } : {}) };
      this.#calls[slot] = complete;
      record.outcome = `recorded ${describeCall(complete)}`;
      this.keepPartial();
    };
    const fail = (error: unknown): void => {
      this.#running -= 1;
      record.outcome = `failed, not recorded (${error instanceof Error ? error.message : String(error)})`;
    };
    return { record, finish, fail };
  }

  async #recordResponse(request: ModelRequest): Promise<ModelResponse> {
    const { finish, fail } = this.#startRecording(request, false);
    let response: ModelResponse;
    try {
      const real = await this.#realModel();
      response = await real.getResponse(request);
    } catch (error) {
      fail(error);
      throw error;
    }
    finish({ response: recordResponse(response) });
    return response;
  }

  async *#recordStream(request: ModelRequest): AsyncIterable<StreamEvent> {
    const { record, finish, fail } = this.#startRecording(request, true);
    const deltas: string[] = [];
    let done: Extract<StreamEvent, { type: 'response_done' }>['response'] | undefined;
    let ended = false;
    try {
      const real = await this.#realModel();
      for await (const event of real.getStreamedResponse(request)) {
        if (event.type === 'output_text_delta') deltas.push(event.delta);
        if (event.type === 'response_done') done = event.response;
        yield event;
      }
      ended = true;
    } catch (error) {
      fail(error);
      throw error;
    } finally {
      // A consumer that stops reading ends the generator here, without an error.
      if (!ended && record.outcome === 'recording') fail(new Error('the run stopped reading the stream'));
    }
    if (done === undefined) {
      fail(new Error('the stream ended without response_done'));
      record.outcome = 'not recorded (the stream ended without response_done)';
      return;
    }
    finish({ response: recordResponse({ output: done.output, usage: done.usage, responseId: done.id, providerData: done.providerData }), deltas });
  }
}

/**
 * A recorded call's response. Recordings are shared and frozen, so each call gets its own copy of
 * the items, handed over as it is (a queued response would be deep-copied once more by the SDK).
 */
function replayedResponse(call: CassetteCall): ModelResponse {
  const { output, usage, responseId } = call.response;
  return { output: copyJson(output), usage: new Usage(usage), ...(responseId === undefined ? {} : { responseId }) };
}

/** The step that plays a recorded call back to a streamed call: its stream as recorded, or its response streamed. */
function replayStep(call: CassetteCall): ScriptedModelInput {
  const { output, usage, responseId } = call.response;
  const deltas = call.deltas;
  if (deltas === undefined) return modelResponder(() => replayedResponse(call));
  const id = responseId ?? 'replayed-response';
  return modelStreamResponder(() => [
    { type: 'response_started' },
    ...deltas.map((delta): StreamEvent => ({ type: 'output_text_delta', delta })),
    // The stream event's output type is narrower than AgentOutputItem; the items are the model's own.
    { type: 'response_done', response: { id, output: copyJson(output), usage: copyJson(usage) } } as StreamEvent,
  ]);
}

/** A fresh copy of plain JSON data (what a cassette holds). */
function copyJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copyJson) as T;
  if (typeof value === 'object' && value !== null) {
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(value)) copy[key] = copyJson((value as Record<string, unknown>)[key]);
    return copy as T;
  }
  return value;
}

/** A recorded call in script terms: `calls(get_weather, {"city":"Tokyo"})`. */
export function describeCall(call: CassetteCall): string {
  return turnLabel(turnParts(call));
}

export function recordHint(path: string): string {
  return `run the test with ${CASSETTE_MODE_ENV}=record (or pass { mode: 'record' } to cassette(${JSON.stringify(path)}))`;
}
