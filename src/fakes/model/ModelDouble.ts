import { Usage, type AgentInputItem, type AgentOutputItem, type Model, type ModelRequest, type ModelResponse, type ModelRetryAdvice, type ModelRetryAdviceRequest, type StreamEvent } from '@openai/agents';
import {
  assistantMessage,
  functionCall,
  modelError,
  modelResponder,
  modelResponse,
  modelStream,
  ScriptedModel,
  type RecordedModelCall,
  type ScriptedModelInput,
} from '@openai/agents/testing';
import { MismatchError } from '../../errors/MismatchError';
import { unplannedToolFailure } from '../core/toolFailurePolicy';
import { listNames } from '../../format/closest';
import { numbered } from '../../format/numberedList';
import { currentAgentName, handoffToolName, scriptedModelPart, type PublicRequest } from '../../sdk/coupling';
import { RequestLog } from './requestSnapshot';
import { modelCallFault } from './callFault';
import type { DoubleOptions } from '../../vocabulary';
import { DEFAULT_RESPONDER_TIMEOUT_MS } from '../core/bounded';
import { Double, identity } from '../core/double';
import { isResponseDone, LiveTurns } from './liveTurns';
import { noTurnLeft } from './unexpectedCall';
import { isTraced, tracedResponse, tracedStream } from './generationSpan';
import { answerAfterHookingSdkCopies, streamAfterHookingSdkCopies } from '../core/lateSdkCopies';
import { recordToolNameCollisions } from '../core/toolNameCollisions';
import { modelCall, type ModelCall } from './call';
import { offerOf, offeredNames, outputProblem } from './offer';
import type { PlannedCallId, PlannedItem, PlannedTurn, TurnKey } from './turn';
import { TurnPlan } from './plan';
import { ConversationReader, duplicateCallId, TakenIds, type Reading } from './conversation';
import { asPlanned, ToolOutcomes, type EmittedCall, type ToolOutcome } from '../core/toolOutcomes';
import { readAtRunEnd, readLaterRunEnds, type RunEnd, type RunEndReader } from '../core/runEnd';
import { guardrailRejections } from './guardrailRejections';
import { callDetail, fromCallDetail } from './callDetail';
import { outcomeMismatch } from './outcomeMismatch';
import { deltaEvents, isRaw, isToolCall, respondWith, unknownCallIds } from './stepParts';
import { answer, numberedResponse, PlannedResponse, scriptedResponse } from './plannedResponse';

/** What matchers read off a `model()` script. */
export interface ModelView {
  label: string;
  requests: readonly PublicRequest[];
  /** The ids of the script's calls whose tool failed, as their outputs came back (the SDK's error text, or a failure the run noted), each with whether it timed out. */
  failedCalls: ReadonlyMap<string, boolean>;
}

export interface ModelDoubleOptions extends DoubleOptions {
  /** How long a `responds()` responder or a `streams()` event source may take before the turn fails. Default 2000 ms. */
  timeoutMs?: number;
}

/**
 * A `Model` that plays planned turns in order. The SDK's `ScriptedModel` does the heavy lifting
 * (automatic streaming, retry advice, aborts; the requests are recorded here, in `RequestLog`): each planned turn is handed to
 * it only when its call comes, because only then can it be checked against what the request
 * offers — its tools, handoffs and hosted tools, their schemas and its `toolChoice` — and the
 * request is where the outcomes of the script's earlier tool calls come back.
 */
export class ModelDouble extends Double<ModelView> implements Model, RunEndReader {
  readonly name: string | undefined;
  readonly #inner = new ScriptedModel();
  readonly #plan = new TurnPlan();
  readonly #outcomes = new ToolOutcomes();
  readonly #conversations = new ConversationReader();
  readonly #timeoutMs: number;
  #liveTurns: LiveTurns | undefined;
  /** The agent the last call served, already noted on the ledger. */
  #served: string | undefined;
  /** The calls emitted in each run still going, for what its tool guardrails did to them (made with a script's first call). */
  #emittedIn: WeakMap<object, EmittedCall[]> | undefined;
  /** Calls of a run that paused for approvals still wait: every later run's end is read until they are settled. */
  #parked = false;
  readonly #failedCalls = new Map<string, boolean>();
  readonly #requests = new RequestLog();

  constructor(options: ModelDoubleOptions = {}) {
    super(
      identity('model', options, {
        pending: () => this.#plan.pending(),
        view: () => ({ label: this.label, requests: this.requests, failedCalls: this.#failedCalls }),
        describeCall: (detail: number) => this.#describeCall(detail),
      }),
    );
    this.name = options.name;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_RESPONDER_TIMEOUT_MS;
  }

  /** Made on the first responder or streamed turn that needs it: most scripts have none. */
  get #live(): LiveTurns {
    return (this.#liveTurns ??= new LiveTurns({
      timeoutMs: this.#timeoutMs,
      mismatch: (spec) => this.ledger.mismatch(spec),
      turnLabel: (stepIndex) => this.#turnLabel(stepIndex),
      answers: (request, output, callIndex, stepIndex) => this.#answers(request, output, callIndex, stepIndex),
    }));
  }

  /** Every recorded model request in order, as frozen snapshots. */
  get requests(): readonly PublicRequest[] {
    return this.#requests.all();
  }

  get firstRequest(): PublicRequest | undefined {
    return this.#requests.at(0);
  }

  get lastRequest(): PublicRequest | undefined {
    return this.#requests.at(-1);
  }

  /** The number of planned turns not consumed yet. */
  get remainingSteps(): number {
    return this.#plan.remaining;
  }

  getResponse(request: ModelRequest): Promise<ModelResponse> {
    const handed = this.#prepare(request, false);
    return answerAfterHookingSdkCopies(() => (isTraced(request) ? tracedResponse(request, () => answer(this.#inner, handed)) : answer(this.#inner, handed)), this.ledger);
  }

  getStreamedResponse(request: ModelRequest): AsyncIterable<StreamEvent> {
    const handed = this.#prepare(request, true) as ModelRequest;
    return streamAfterHookingSdkCopies(() => (isTraced(request) ? tracedStream(request, () => this.#inner.getStreamedResponse(handed)) : this.#inner.getStreamedResponse(handed)), this.ledger);
  }

  getRetryAdvice(request: ModelRetryAdviceRequest): Promise<ModelRetryAdvice | undefined> {
    return this.#inner.getRetryAdvice(request);
  }

  /** Appends a planned turn; the builder's only way in. Returns its zero-based index. */
  protected appendTurn(turn: PlannedTurn): number {
    return this.#plan.append(turn);
  }

  /** Appends `count` copies of a turn (`times(n)`), each made by `make(offset)` only when a call plays it or a message names it. */
  protected appendCopies(count: number, make: (offset: number) => PlannedTurn): number {
    return this.#plan.appendCopies(count, make);
  }

  /** Replaces the last turn with its finished form (a key or `optional()` added), while no call has consumed it. */
  protected replaceLastTurn(turn: PlannedTurn): boolean {
    return this.#plan.replaceLast(turn);
  }

  /** The turn that answers this call, now consumed: the first keyed turn whose key accepts it, else the next turn in order (keyed turns answer by content). */
  #turnFor(request: ModelRequest, streamed: boolean, index: number): number | undefined {
    // The key's view of the call is made only when a keyed turn is left to ask.
    if (!this.#plan.keyed) return this.#plan.take(undefined);
    let call: ModelCall | undefined;
    return this.#plan.take((turn) => (turn.key as TurnKey)((call ??= modelCall({ index, streamed, request } as RecordedModelCall))));
  }

  /** The planned turn at `index`, for `times(n)`. */
  protected turnAt(index: number): PlannedTurn | undefined {
    return this.#plan.at(index);
  }

  protected get turnCount(): number {
    return this.#plan.length;
  }

  /**
   * Records the call, and hands the inner model one step for it (the next turn, or the mismatch) and
   * returns the request to hand it with the step: only what it reads (`scriptedModelPart`) when the step reads nothing of the call.
   * A planned turn's output to a non-streamed call needs no inner model: it is returned as it is.
   */
  #prepare(request: ModelRequest, streamed: boolean): ModelRequest | PlannedResponse {
    // An aborted request never reaches a step upstream; leave the script untouched too.
    if (request.signal?.aborted) return request;
    this.#requests.add(request);
    // A sweep's fault takes the call's place: no turn is used, the call fails (advising a retry, or not).
    const fault = modelCallFault(streamed);
    if (fault) {
      this.ledger.record(fault.line);
      this.#inner.enqueue(fault.step);
      return request;
    }
    // The runner's turn span names the agent: an unnamed script is then named after what it serves.
    const agent = this.name === undefined ? currentAgentName() : undefined;
    if (agent !== undefined && agent !== this.#served) {
      this.#served = agent;
      this.ledger.serveAgent(agent);
    }
    const stepIndex = this.#turnFor(request, streamed, this.ledger.callCount);
    // Described when a report reads it, from a number: no closure per call.
    const callIndex = this.ledger.record(callDetail(streamed, stepIndex));
    const reading = this.#conversations.read(request.input);
    this.#readOutcomes(reading.fresh, callIndex);
    recordToolNameCollisions(this.ledger, callIndex);
    if (stepIndex === undefined) {
      this.#inner.enqueue(modelError(this.ledger.mismatch(noTurnLeft(request, callIndex, streamed, this.#plan.length))));
      return request;
    }
    const turn = this.#plan.at(stepIndex) as PlannedTurn;
    try {
      if (!streamed && turn.kind === 'output' && !turn.items.some(isRaw)) return new PlannedResponse(this.#response(turn, request, reading, callIndex, stepIndex));
      this.#inner.enqueue(this.#stepFor(turn, request, reading, streamed, callIndex, stepIndex));
      return turn.kind === 'output' || turn.kind === 'stream' ? scriptedModelPart(request) : request;
    } catch (error) {
      if (!(error instanceof MismatchError)) throw error;
      this.#inner.enqueue(modelError(error));
      return request;
    }
  }

  #describeCall(detail: number): string {
    const { streamed, stepIndex } = fromCallDetail(detail);
    const kind = streamed ? 'streamed model call' : 'model call';
    const turn = stepIndex === undefined ? undefined : this.#plan.at(stepIndex);
    return `${kind} → ${turn ? `turn ${numbered(stepIndex as number, turn.label)}` : 'no turn left'}`;
  }

  #stepFor(turn: PlannedTurn, request: ModelRequest, reading: Reading, streamed: boolean, callIndex: number, stepIndex: number): ScriptedModelInput {
    switch (turn.kind) {
      case 'output': {
        // A queued response step is deep-copied by the SDK to guard it from later edits; items built
        // here for this one call need no guard, and as a responder they skip the copy (bench/README.md:
        // it was most of the kit's cost per call). Items the user handed in with t.item() keep it.
        const response = this.#response(turn, request, reading, callIndex, stepIndex);
        if (streamed && turn.deltas) return modelStream(deltaEvents(turn.deltas, response.output, callIndex));
        return turn.items.some(isRaw) ? modelResponse(response) : respondWith(response);
      }
      case 'error':
        return modelError(turn.error, turn.advice);
      // The live turns' closures are made in methods of their own: closures here would have every
      // call of this method, the planned turns' too, keep its arguments in a context made for them.
      case 'responder':
        return this.#responderStep(turn, request, callIndex, stepIndex);
      case 'stream':
        return this.#streamStep(turn, request, streamed, callIndex, stepIndex);
    }
  }

  #responderStep(turn: Extract<PlannedTurn, { kind: 'responder' }>, request: ModelRequest, callIndex: number, stepIndex: number): ScriptedModelInput {
    return modelResponder(async (inner) => {
      // The inner model numbers only the calls it answers: the responder is told this script's number.
      const call = { index: callIndex, streamed: inner.streamed, request: inner.request };
      const derived = this.#live.derive(await this.#live.respond(turn, call, stepIndex), call, stepIndex);
      this.#answers(request, Array.isArray(derived) ? derived : derived.output, callIndex, stepIndex);
      return numberedResponse(derived, callIndex, call.streamed);
    });
  }

  /** A planned turn's response to this call, numbered as the SDK's `ScriptedModel` numbers its calls. */
  #response(turn: Extract<PlannedTurn, { kind: 'output' }>, request: ModelRequest, reading: Reading, callIndex: number, stepIndex: number): ModelResponse {
    const output = this.#outputFor(turn.items, request, reading, callIndex, stepIndex);
    this.#answers(request, output, callIndex, stepIndex, turn.items);
    return scriptedResponse(output, callIndex, turn.usage && new Usage(turn.usage));
  }

  #streamStep(turn: Extract<PlannedTurn, { kind: 'stream' }>, request: ModelRequest, streamed: boolean, callIndex: number, stepIndex: number): ScriptedModelInput {
    if (!streamed) return modelResponder(() => this.#live.responseFromStream(turn, request, callIndex, stepIndex));
    const done = Array.isArray(turn.events) ? turn.events.find(isResponseDone) : undefined;
    if (done) this.#answers(request, done.response.output as AgentOutputItem[], callIndex, stepIndex);
    return modelStream(Array.isArray(turn.events) ? turn.events : this.#live.checkedEvents(turn, request, callIndex, stepIndex));
  }

  /**
   * The items of a planned turn, made for this call (one output item per planned item, in order:
   * `#answers` reads what each call plans by position), call ids picked, handoff names resolved.
   */
  #outputFor(items: readonly PlannedItem[], request: ModelRequest, reading: Reading, callIndex: number, stepIndex: number): AgentOutputItem[] {
    // The ids the conversation holds, and those this turn picks (the conversation's are shared with
    // later requests: left as is); made with the turn's first item that carries a call id.
    let taken: TakenIds | undefined;
    // A loop, not items.map(…): the callback closed over six values, a closure and its context per call.
    // The array is made at its size (pushed onto, an empty one grew a store of 17 slots for most turns' one item).
    const output = new Array<AgentOutputItem>(items.length);
    // Indexed loops here and below: a for…of made an iterator per call until the function was optimized.
    for (let index = 0; index < items.length; index += 1) {
      const item = items[index] as PlannedItem;
      if ('callId' in item) taken ??= new TakenIds(reading);
      output[index] = this.#outputItem(item, request, taken as TakenIds, callIndex, stepIndex);
    }
    return output;
  }

  /** One output item; `taken` is made for every item that carries a call id. */
  #outputItem(item: PlannedItem, request: ModelRequest, taken: TakenIds, callIndex: number, stepIndex: number): AgentOutputItem {
    switch (item.type) {
      case 'message':
        return assistantMessage(item.text);
      case 'reasoning':
        return { type: 'reasoning', content: [{ type: 'input_text', text: item.text }] };
      case 'raw':
        return item.item;
      case 'hosted':
        return item.make();
      case 'computer':
        return { type: 'computer_call', callId: this.#callIdFor(item, taken, callIndex, stepIndex), status: 'completed', action: item.action } as AgentOutputItem;
      case 'patch':
        // The SDK offers apply_patch as a hosted tool, so the model answers with an apply_patch_call item.
        return { type: 'apply_patch_call', callId: this.#callIdFor(item, taken, callIndex, stepIndex), status: 'completed', operation: item.operation };
      case 'call':
        return functionCall(item.name, item.args, { callId: this.#callIdFor(item, taken, callIndex, stepIndex) });
      case 'handoff': {
        const toolName = item.toolName ?? handoffToolName(item.target, request.handoffs.map((handoff) => handoff.toolName));
        return functionCall(toolName, item.args, { callId: this.#callIdFor(item, taken, callIndex, stepIndex) });
      }
    }
  }

  /**
   * Checks that a model could have answered the request with `output` (see `outputProblem`), and
   * notes its function calls, whose outputs the next request brings back. `planned`, for a planned
   * turn, holds the items `output` was made from, at the same positions: what each call plans (a
   * tool meant to fail, or one meant to be unknown to the agent) is read off its item.
   */
  #answers(request: ModelRequest, output: readonly AgentOutputItem[], callIndex: number, stepIndex: number, planned?: readonly PlannedItem[]): void {
    // Most turns are plain replies under toolChoice "auto": nothing to read off the request.
    if (!output.some(isToolCall) && (request.modelSettings?.toolChoice ?? 'auto') === 'auto') return;
    const offer = offerOf(request);
    const problem = outputProblem(output, offer, planned && unknownCallIds(planned, output));
    if (problem) {
      const { setting, ...words } = problem;
      throw this.ledger.mismatch({
        ...words,
        callIndex,
        stepIndex,
        actual: setting ?? (problem.kind === 'tool_choice' ? `a request with toolChoice "${offer.toolChoice}"` : `a request offering ${listNames(offeredNames(offer))}`),
        expected: this.#turnLabel(stepIndex),
      });
    }
    let emitted: EmittedCall[] | undefined;
    for (let index = 0; index < output.length; index += 1) {
      const item = output[index] as AgentOutputItem;
      if (item.type !== 'function_call' || !offer.hasFunction(item.name)) continue;
      const plan = planned?.[index];
      const call = { callId: item.callId, name: item.name, argumentsText: item.arguments, stepIndex, toolFails: plan?.type === 'call' ? plan.toolFails : undefined };
      this.#outcomes.emitted(call);
      if (emitted === undefined) emitted = [call];
      else emitted.push(call);
    }
    if (emitted === undefined) return;
    // The next request of this script may never come (the run stops at the tool, hands off, pauses), and
    // only the run's end says what its tool guardrails did: the run's end reads what is left.
    const run = readAtRunEnd(this);
    if (run === undefined) return;
    const calls = (this.#emittedIn ??= new WeakMap()).get(run);
    if (calls === undefined) this.#emittedIn.set(run, emitted);
    else calls.push(...emitted);
  }

  /**
   * The outcomes of calls no later request of this script brought back, read off the history of the
   * run that ended; and its calls whose tool a guardrail kept from running, or whose output one kept
   * from the model (the SDK hands the model the guardrail's message and goes on).
   */
  readRunEnd(end: RunEnd): void {
    const callIndex = this.ledger.callCount - 1;
    this.#readOutcomes(end.history, callIndex, 'run end', end.run);
    // Calls waiting on an approval run in the run resumed from this one's state, which may not call this script again.
    this.#parked = this.#outcomes.waiting > 0 && (end.paused || this.#parked);
    if (this.#parked) readLaterRunEnds(this);
    const calls = this.#emittedIn?.get(end.run);
    if (calls === undefined) return;
    this.#emittedIn?.delete(end.run);
    for (const { outcome, rejectedBy } of guardrailRejections(calls, end)) {
      if (!asPlanned(outcome)) this.#unplanned(outcomeMismatch(outcome, callIndex, this.#turnLabel(outcome.call.stepIndex), 'run end', rejectedBy));
    }
  }

  /**
   * Reads the outcomes of the script's earlier calls off the request. One the script did not plan
   * (a tool that failed, or one planned to fail that ran) is recorded as a mismatch, per the
   * `onToolFailure` setting. It is not thrown: the call that failed was the tool's, not this one,
   * and the run goes on as the SDK means it to (a sandbox that refused a command has the cause).
   */
  #readOutcomes(fresh: readonly AgentInputItem[], callIndex: number, seenAt: 'request' | 'run end' = 'request', run?: object): void {
    const outcomes = this.#outcomes.settle(fresh, run);
    for (let index = 0; index < outcomes.length; index += 1) {
      const outcome = outcomes[index] as ToolOutcome;
      if (outcome.failed) this.#failedCalls.set(outcome.call.callId, outcome.timedOut);
      if (asPlanned(outcome)) continue;
      this.#unplanned(outcomeMismatch(outcome, callIndex, this.#turnLabel(outcome.call.stepIndex), seenAt));
    }
  }

  /** Records an outcome the script did not plan, or (a failed tool) warns of it or lets it pass, per `onToolFailure`. */
  #unplanned(spec: ReturnType<typeof outcomeMismatch>): void {
    const kept = spec.kind === 'tool_failed' ? unplannedToolFailure(spec, this.label) : spec;
    if (kept) this.ledger.mismatch(kept);
  }

  #turnLabel(stepIndex: number): string {
    return (this.#plan.at(stepIndex) as PlannedTurn).label;
  }

  /**
   * The call id to emit (`TakenIds.pick`: a generated id the conversation holds moves to a free
   * `call_1_2`); an id the user fixed that the conversation already holds fails the call.
   */
  #callIdFor(item: PlannedCallId, taken: TakenIds, callIndex: number, stepIndex: number): string {
    const callId = taken.pick(item.callId, item.fixedId === true);
    if (callId === undefined) throw this.ledger.mismatch(duplicateCallId(item.callId, callIndex, stepIndex, this.#turnLabel(stepIndex)));
    return callId;
  }
}
