import { Usage, type AgentOutputItem, type Model, type ModelRequest, type ModelResponse, type ModelRetryAdvice, type ModelRetryAdviceRequest, type StreamEvent } from '@openai/agents';
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
import { MismatchError, type MismatchSpec } from '../errors/MismatchError';
import { brief } from '../format/brief';
import { closest, listNames } from '../format/closest';
import { numbered } from '../format/numberedList';
import { handoffToolName, withoutInternal, type PublicRequest } from '../sdk/coupling';
import type { DoubleOptions } from '../vocabulary';
import { Ledger, LEDGER } from './ledger';
import { describeModelCall, unexpectedModelCall } from './unexpectedModelCall';
import { modelCall } from './modelCall';
import { callIdsIn, offeredBy, type DerivedOutput, type Offered, type PlannedCallId, type PlannedItem, type PlannedTurn } from './modelTurn';

interface CallRecord {
  streamed: boolean;
  /** The turn the call consumed, if the script had one. */
  stepIndex: number | undefined;
}

/**
 * A `Model` that plays planned turns in order. The SDK's `ScriptedModel` does the heavy lifting
 * (request snapshots, automatic streaming, retry advice, aborts): each planned turn is handed to
 * it only when its call comes, because only then can it be checked against what the agent offers.
 */
export class ModelDouble implements Model {
  readonly name: string | undefined;
  readonly #inner = new ScriptedModel();
  readonly #turns: PlannedTurn[] = [];
  readonly #ledger: Ledger;
  #used = 0;

  constructor(options: DoubleOptions = {}) {
    this.name = options.name;
    this.#ledger = new Ledger({
      kind: 'model',
      name: options.name,
      verify: options.verify !== false,
      pending: () => this.#turns.slice(this.#used).map((turn, offset) => ({ index: this.#used + offset, label: turn.label })),
    });
  }

  /** The bookkeeping matchers and the after-each verification read. */
  get [LEDGER](): Ledger {
    return this.#ledger;
  }

  /** How messages name this double: `model()` or `model("support")`. */
  get label(): string {
    return this.#ledger.label;
  }

  /** Every recorded model request in order, as frozen snapshots. */
  get requests(): readonly PublicRequest[] {
    return Object.freeze(this.#inner.calls.map((call) => withoutInternal(call.request)));
  }

  get firstRequest(): PublicRequest | undefined {
    const call = this.#inner.firstCall;
    return call && withoutInternal(call.request);
  }

  get lastRequest(): PublicRequest | undefined {
    const call = this.#inner.lastCall;
    return call && withoutInternal(call.request);
  }

  /** The number of planned turns not consumed yet. */
  get remainingSteps(): number {
    return this.#turns.length - this.#used;
  }

  /** Throws `IncompleteScriptError` when turns are left or a call did not match the script. */
  assertComplete(): void {
    this.#ledger.assertComplete();
  }

  getResponse(request: ModelRequest): Promise<ModelResponse> {
    this.#prepare(request, false);
    return this.#inner.getResponse(request);
  }

  getStreamedResponse(request: ModelRequest): AsyncIterable<StreamEvent> {
    this.#prepare(request, true);
    return this.#inner.getStreamedResponse(request);
  }

  getRetryAdvice(request: ModelRetryAdviceRequest): Promise<ModelRetryAdvice | undefined> {
    return this.#inner.getRetryAdvice(request);
  }

  /** Appends a planned turn; the builder's only way in. Returns its zero-based index. */
  protected appendTurn(turn: PlannedTurn): number {
    this.#turns.push(turn);
    return this.#turns.length - 1;
  }

  /** The planned turn at `index`, for `times(n)`. */
  protected turnAt(index: number): PlannedTurn | undefined {
    return this.#turns[index];
  }

  protected get turnCount(): number {
    return this.#turns.length;
  }

  /** Hands the inner model exactly one step for this call: the next turn, or the mismatch. */
  #prepare(request: ModelRequest, streamed: boolean): void {
    // An aborted request never reaches a step upstream; leave the script untouched too.
    if (request.signal?.aborted) return;
    const stepIndex = this.#used < this.#turns.length ? this.#used : undefined;
    const record: CallRecord = { streamed, stepIndex };
    const callIndex = this.#ledger.record(() => this.#describeCall(record));
    let step: ScriptedModelInput;
    if (stepIndex === undefined) {
      step = modelError(this.#ledger.mismatch(this.#ranOut(request, callIndex, streamed)));
    } else {
      this.#used += 1;
      const turn = this.#turns[stepIndex] as PlannedTurn;
      try {
        step = this.#stepFor(turn, request, streamed, callIndex, stepIndex);
      } catch (error) {
        if (!(error instanceof MismatchError)) throw error;
        step = modelError(error);
      }
    }
    this.#inner.enqueue(step);
  }

  #describeCall(record: CallRecord): string {
    const kind = record.streamed ? 'streamed model call' : 'model call';
    const turn = record.stepIndex === undefined ? undefined : this.#turns[record.stepIndex];
    return `${kind} → ${turn ? `turn ${numbered(record.stepIndex as number, turn.label)}` : 'no turn left'}`;
  }

  #stepFor(turn: PlannedTurn, request: ModelRequest, streamed: boolean, callIndex: number, stepIndex: number): ScriptedModelInput {
    switch (turn.kind) {
      case 'output': {
        const output = this.#outputFor(turn.items, request, callIndex, stepIndex);
        const response = turn.usage
          ? { output, usage: new Usage(turn.usage), responseId: `scripted-response-${callIndex + 1}` }
          : output;
        // A queued response step is deep-copied by the SDK to guard it from later edits; items built
        // here for this one call need no guard, and as a responder they skip the copy (bench/README.md:
        // it was most of the kit's cost per call). Items the user handed in with t.item() keep it.
        if (turn.items.some((item) => item.type === 'raw')) return modelResponse(response);
        return modelResponder(() => response);
      }
      case 'error':
        return modelError(turn.error, turn.advice);
      case 'responder':
        return modelResponder(async (call) => this.#derive(await turn.respond(modelCall(call)), call, stepIndex));
      case 'stream':
        if (streamed) return modelStream(turn.events);
        return modelResponder(() => this.#responseFromStream(turn.events, callIndex, stepIndex));
    }
  }

  #outputFor(items: readonly PlannedItem[], request: ModelRequest, callIndex: number, stepIndex: number): AgentOutputItem[] {
    // Read off the request only when a call needs them: most turns are plain replies.
    let offered: Offered | undefined;
    let taken: Set<string> | undefined;
    return items.map((item) => {
      switch (item.type) {
        case 'message':
          return assistantMessage(item.text);
        case 'reasoning':
          return { type: 'reasoning', content: [{ type: 'input_text', text: item.text }] };
        case 'raw':
          return item.item;
        case 'patch':
          // The SDK offers apply_patch as a hosted tool, so the model answers with an apply_patch_call item.
          this.#checkOffered('tool', 'apply_patch', (offered ??= offeredBy(request)), callIndex, stepIndex);
          return { type: 'apply_patch_call', callId: this.#callIdFor(item, (taken ??= callIdsIn(request)), callIndex, stepIndex), status: 'completed', operation: item.operation };
        case 'call':
          this.#checkOffered('tool', item.name, (offered ??= offeredBy(request)), callIndex, stepIndex);
          return functionCall(item.name, item.args, { callId: this.#callIdFor(item, (taken ??= callIdsIn(request)), callIndex, stepIndex) });
        case 'handoff': {
          offered ??= offeredBy(request);
          const toolName = item.toolName ?? handoffToolName(item.target, offered.handoffs);
          this.#checkOffered('handoff', toolName, offered, callIndex, stepIndex);
          return functionCall(toolName, item.args, { callId: this.#callIdFor(item, (taken ??= callIdsIn(request)), callIndex, stepIndex) });
        }
      }
    });
  }

  #checkOffered(kind: 'tool' | 'handoff', name: string, offered: Offered, callIndex: number, stepIndex: number): void {
    const names = kind === 'tool' ? offered.tools : offered.handoffs;
    if (names.includes(name)) return;
    const suggestion = closest(name, [...offered.tools, ...offered.handoffs]);
    const what = kind === 'tool' ? `calls tool "${name}"` : `hands off through "${name}"`;
    throw this.#ledger.mismatch({
      kind: 'not_offered',
      callIndex,
      stepIndex,
      actual: `a request offering ${listNames([...offered.tools, ...offered.handoffs])}`,
      expected: this.#turnLabel(stepIndex),
      why: `The turn ${what}, which the agent does not offer`,
      fix:
        `${suggestion ? `Did you mean "${suggestion}"?` : `Script one of the ${kind === 'tool' ? 'tools' : 'handoffs'} it offers.`}` +
        (name === 'apply_patch' ? ' A SandboxAgent offers apply_patch with its filesystem() capability.' : ''),
    });
  }

  #turnLabel(stepIndex: number): string {
    return (this.#turns[stepIndex] as PlannedTurn).label;
  }

  /**
   * The call id to emit. Scripts number their calls alike (`call_1`…), so a generated id that the
   * conversation already holds — another script's call, across a handoff — moves to a free `call_1_2`;
   * the SDK would otherwise mix the two calls up. An id the user fixed is never changed: it fails.
   */
  #callIdFor(item: PlannedCallId, taken: Set<string>, callIndex: number, stepIndex: number): string {
    let callId = item.callId;
    if (taken.has(callId) && !item.fixedId) {
      let suffix = 2;
      while (taken.has(`${item.callId}_${suffix}`)) suffix += 1;
      callId = `${item.callId}_${suffix}`;
    }
    if (!taken.has(callId)) {
      taken.add(callId);
      return callId;
    }
    throw this.#ledger.mismatch({
      kind: 'duplicate_call_id',
      callIndex,
      stepIndex,
      actual: `a conversation that already holds call id "${callId}"`,
      expected: this.#turnLabel(stepIndex),
      why: `The turn would emit "${callId}" again (given with { callId }), and the SDK would mix up the two calls`,
      fix: 'Give this call another { callId }',
    });
  }

  #ranOut(request: ModelRequest, callIndex: number, streamed: boolean): Omit<MismatchSpec, 'double'> {
    const total = this.#turns.length;
    return unexpectedModelCall({
      request,
      callIndex,
      streamed,
      why: `The script has no turns left (${total === 0 ? 'it has none' : `all ${total} used`})`,
      fix: 'Script another turn (e.g. .thenReplies("…")) if the workflow should go on',
    });
  }

  #derive(output: DerivedOutput, call: RecordedModelCall, stepIndex: number): ModelResponse | AgentOutputItem[] {
    if (typeof output === 'string') return [assistantMessage(output)];
    if (Array.isArray(output)) return output as AgentOutputItem[];
    if (isModelResponse(output)) return output;
    if (typeof output === 'object' && output !== null && typeof (output as { type?: unknown }).type === 'string') {
      return [output as AgentOutputItem];
    }
    throw this.#ledger.mismatch({
      kind: 'invalid_step',
      callIndex: call.index,
      stepIndex,
      actual: describeModelCall(call.request, call.streamed),
      expected: this.#turnLabel(stepIndex),
      why: `The responder returned ${brief(output)}; it must return a string, an output item, an array of output items or a ModelResponse`,
    });
  }

  async #responseFromStream(
    events: readonly StreamEvent[] | AsyncIterable<StreamEvent>,
    callIndex: number,
    stepIndex: number,
  ): Promise<ModelResponse> {
    // A non-streamed run of a `streams` turn gets the response its final event carries.
    for await (const event of events) {
      if (event.type === 'response_done') {
        const { response } = event;
        return {
          output: response.output,
          usage: new Usage({ requests: 1, ...response.usage }),
          responseId: response.id,
        };
      }
    }
    throw this.#ledger.mismatch({
      kind: 'invalid_step',
      callIndex,
      stepIndex,
      actual: 'a request that is not streamed',
      expected: this.#turnLabel(stepIndex),
      why: 'The turn has no response_done event, so a non-streamed run cannot take a response from it',
      fix: 'End the events with a response_done event, or run the agent with { stream: true }',
    });
  }
}

function isModelResponse(value: unknown): value is ModelResponse {
  return typeof value === 'object' && value !== null && Array.isArray((value as ModelResponse).output) && 'usage' in value;
}
