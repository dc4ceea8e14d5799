import { Usage, type Model, type ModelRequest, type ModelResponse, type ModelRetryAdvice, type ModelRetryAdviceRequest, type StreamEvent } from '@openai/agents';
import { modelError, modelResponse, modelStream, ScriptedModel, type ScriptedModelInput } from '@openai/agents/testing';
import { plural } from '../format/report';
import { numbered } from '../format/numberedList';
import {
  CASSETTE_VERSION,
  recordRequest,
  recordResponse,
  saveCassette,
  scrubSecrets,
  type CassetteCall,
  type RecordedRequest,
  type RecordedResponse,
  type RequestField,
} from './cassetteFile';
import { Ledger, LEDGER } from './ledger';
import { turnLabel, turnParts } from './recordedTurn';
import { requestChanges } from './requestDrift';
import { describeModelCall, unexpectedModelCall } from './unexpectedModelCall';

/** The environment variable that chooses the mode of every cassette without an explicit `mode`. */
export const CASSETTE_MODE_ENV = 'AGENTS_TESTKIT_CASSETTE_MODE';

/** `replay` answers from the file; `record` calls the real model and writes the file. */
export type CassettePlay = 'replay' | 'record';

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
  redact: CassetteRedaction;
  ignore: readonly RequestField[];
  verify: boolean;
} & ({ play: 'replay'; calls: readonly CassetteCall[] } | { play: 'record'; realModel: () => Promise<Model> });

interface CallRecord {
  streamed: boolean;
  outcome: string;
}

/**
 * A `Model` that records real model calls to a JSON cassette, or replays them from one. Replay
 * checks each request against its recording and fails on drift, naming what changed; the
 * failure is also recorded, so the after-each verification catches it when the run swallows it.
 */
export class CassetteModel implements Model {
  /** The absolute path of the cassette file. */
  readonly path: string;
  /** Whether this cassette replays or records (record-missing settles on one when it is created). */
  readonly mode: CassettePlay;
  readonly #setup: CassetteSetup;
  readonly #inner = new ScriptedModel();
  readonly #ledger: Ledger;
  /** Replay: the recorded calls. Record: the calls recorded so far, in the order they were made. */
  readonly #calls: (CassetteCall | undefined)[];
  #used = 0;
  #real: Promise<Model> | undefined;

  constructor(setup: CassetteSetup) {
    this.#setup = setup;
    this.path = setup.path;
    this.mode = setup.play;
    this.#calls = setup.play === 'replay' ? [...setup.calls] : [];
    this.#ledger = new Ledger({
      kind: 'cassette',
      name: setup.name,
      verify: setup.verify,
      pending: () =>
        this.mode === 'replay'
          ? this.#calls.slice(this.#used).map((call, offset) => ({ index: this.#used + offset, label: describeCall(call as CassetteCall) }))
          : [],
    });
  }

  /** The bookkeeping matchers and the after-each verification read. */
  get [LEDGER](): Ledger {
    return this.#ledger;
  }

  /** How messages name this cassette: `cassette("fixtures/weather.json")`. */
  get label(): string {
    return this.#ledger.label;
  }

  /** The calls of the cassette: the recorded ones when replaying, the ones written so far when recording. */
  get calls(): readonly CassetteCall[] {
    return Object.freeze(this.#calls.filter((call): call is CassetteCall => call !== undefined));
  }

  /** Recorded calls not replayed yet (always 0 when recording). */
  get remainingSteps(): number {
    return this.mode === 'replay' ? this.#calls.length - this.#used : 0;
  }

  /** Throws `IncompleteScriptError` when recorded calls are left or a request drifted. */
  assertComplete(): void {
    this.#ledger.assertComplete();
  }

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    if (this.mode === 'record') return this.#recordResponse(request);
    this.#prepare(request, false);
    return this.#inner.getResponse(request);
  }

  getStreamedResponse(request: ModelRequest): AsyncIterable<StreamEvent> {
    if (this.mode === 'record') return this.#recordStream(request);
    this.#prepare(request, true);
    return this.#inner.getStreamedResponse(request);
  }

  async getRetryAdvice(request: ModelRetryAdviceRequest): Promise<ModelRetryAdvice | undefined> {
    if (this.mode === 'replay') return this.#inner.getRetryAdvice(request);
    const real = await this.#realModel();
    return real.getRetryAdvice?.(request);
  }

  /** Hands the inner model exactly one step for this call: the recorded answer, or the mismatch. */
  #prepare(request: ModelRequest, streamed: boolean): void {
    if (request.signal?.aborted) return;
    const record = this.#startCall(streamed, 'no recorded call left');
    const callIndex = this.#ledger.callCount - 1;
    const recorded = this.#calls[this.#used];
    if (recorded === undefined) {
      this.#inner.enqueue(modelError(this.#ledger.mismatch(this.#ranOut(request, callIndex, streamed))));
      return;
    }
    const stepIndex = this.#used;
    this.#used += 1;
    record.outcome = `recorded call ${numbered(stepIndex, describeCall(recorded))}`;
    const actual = this.#normalize(request);
    const changes = requestChanges(recorded.request, actual, this.#setup.ignore);
    if (changes.length > 0) {
      const error = this.#ledger.mismatch({
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
      return;
    }
    this.#inner.enqueue(replayStep(recorded, streamed));
  }

  /** Records a call in the ledger, described by its outcome when a report reads it. */
  #startCall(streamed: boolean, outcome: string): CallRecord {
    const record: CallRecord = { streamed, outcome };
    this.#ledger.record(() => `${record.streamed ? 'streamed model call' : 'model call'} → ${record.outcome}`);
    return record;
  }

  #normalize(request: ModelRequest): RecordedRequest {
    const recorded = recordRequest(request);
    return this.#setup.redact.request ? scrubSecrets(this.#setup.redact.request(recorded)) : recorded;
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
    if (this.#setup.play !== 'record') throw new Error('unreachable: a replaying cassette has no real model');
    this.#real ??= this.#setup.realModel();
    return this.#real;
  }

  /** Reserves the call's place in the cassette, so concurrent calls keep the order they were made in. */
  #startRecording(request: ModelRequest, streamed: boolean): { record: CallRecord; finish: (call: Omit<CassetteCall, 'request' | 'streamed'>) => void } {
    const normalized = this.#normalize(request);
    const slot = this.#calls.length;
    this.#calls.push(undefined);
    const record = this.#startCall(streamed, 'recording');
    const finish = (call: Omit<CassetteCall, 'request' | 'streamed'>): void => {
      const response = this.#setup.redact.response ? scrubSecrets(this.#setup.redact.response(call.response)) : call.response;
      const complete: CassetteCall = { request: normalized, streamed, response, ...(call.deltas ? { deltas: call.deltas } : {}) };
      this.#calls[slot] = complete;
      record.outcome = `recorded ${describeCall(complete)}`;
      saveCassette(this.path, { version: CASSETTE_VERSION, calls: [...this.calls] });
    };
    return { record, finish };
  }

  async #recordResponse(request: ModelRequest): Promise<ModelResponse> {
    const real = await this.#realModel();
    const { record, finish } = this.#startRecording(request, false);
    try {
      const response = await real.getResponse(request);
      finish({ response: recordResponse(response) });
      return response;
    } catch (error) {
      record.outcome = `failed, not recorded (${error instanceof Error ? error.message : String(error)})`;
      throw error;
    }
  }

  async *#recordStream(request: ModelRequest): AsyncIterable<StreamEvent> {
    const real = await this.#realModel();
    const { record, finish } = this.#startRecording(request, true);
    const deltas: string[] = [];
    let done: Extract<StreamEvent, { type: 'response_done' }>['response'] | undefined;
    try {
      for await (const event of real.getStreamedResponse(request)) {
        if (event.type === 'output_text_delta') deltas.push(event.delta);
        if (event.type === 'response_done') done = event.response;
        yield event;
      }
    } catch (error) {
      record.outcome = `failed, not recorded (${error instanceof Error ? error.message : String(error)})`;
      throw error;
    }
    if (done === undefined) {
      record.outcome = 'not recorded (the stream ended without response_done)';
      return;
    }
    finish({ response: recordResponse({ output: done.output, usage: done.usage, responseId: done.id }), deltas });
  }
}

/** The step that plays a recorded call back: its stream as recorded, or its response. */
function replayStep(call: CassetteCall, streamed: boolean): ScriptedModelInput {
  const { output, usage, responseId } = call.response;
  const response = { output, usage: new Usage(usage), ...(responseId === undefined ? {} : { responseId }) };
  if (!streamed || call.deltas === undefined) return modelResponse(response);
  const id = responseId ?? 'replayed-response';
  // The stream event's output type is narrower than AgentOutputItem; the items are the model's own.
  const done = { type: 'response_done', response: { id, output, usage } } as StreamEvent;
  return modelStream([
    { type: 'response_started' },
    ...call.deltas.map((delta): StreamEvent => ({ type: 'output_text_delta', delta })),
    done,
  ]);
}

/** A recorded call in script terms: `calls(get_weather, {"city":"Tokyo"})`. */
export function describeCall(call: CassetteCall): string {
  return turnLabel(turnParts(call));
}

export function recordHint(path: string): string {
  return `run the test with ${CASSETTE_MODE_ENV}=record (or pass { mode: 'record' } to cassette(${JSON.stringify(path)}))`;
}
