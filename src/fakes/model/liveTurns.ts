import { Usage, type AgentOutputItem, type ModelRequest, type ModelResponse, type StreamEvent } from '@openai/agents';
import { assistantMessage, type RecordedModelCall } from '@openai/agents/testing';
import { MismatchError, type MismatchSpec } from '../../errors/MismatchError';
import { brief } from '../../format/brief';
import { bounded } from '../core/bounded';
import { firstLine, isAssertionError, isUnplannedError } from '../core/predicate';
import { modelCall } from './call';
import type { DerivedOutput, PlannedTurn } from './turn';
import { describeModelCall } from './unexpectedCall';

/** What live turns need from the `model()` double that plays them. */
export interface LiveTurnHost {
  /** How long a responder or an event source may take. */
  readonly timeoutMs: number;
  /** Records a mismatch on the double's ledger and returns it. */
  mismatch(spec: Omit<MismatchSpec, 'double'>): MismatchError;
  turnLabel(stepIndex: number): string;
  /** Checks that a model could have answered the request with `output`, and notes its tool calls. */
  answers(request: ModelRequest, output: readonly AgentOutputItem[], callIndex: number, stepIndex: number): void;
}

/**
 * The turns whose output is made only when their call comes: a `responds()` responder and an
 * async `streams()` event source. Both run the user's code, so both are bounded by the double's
 * time, and what they throw is sorted: a failure the script meant stays the call's failure, an
 * assertion or a bug becomes a mismatch.
 */
export class LiveTurns {
  readonly #host: LiveTurnHost;

  constructor(host: LiveTurnHost) {
    this.#host = host;
  }

  /** A responder's output, within the double's time; an assertion or a bug inside it is a mismatch, not the failure it meant. */
  async respond(turn: Extract<PlannedTurn, { kind: 'responder' }>, call: RecordedModelCall, stepIndex: number): Promise<DerivedOutput> {
    try {
      return await bounded(
        Promise.resolve().then(() => turn.respond(modelCall(call))),
        this.#host.timeoutMs,
        () => this.#timedOut(call.index, stepIndex, 'Its responder'),
      );
    } catch (error) {
      throw this.#unplanned(error, call.index, stepIndex, 'Its responder');
    }
  }

  /** `error` as the call fails with it: a mismatch when it is an assertion or a bug, as is when the script meant it. */
  #unplanned(error: unknown, callIndex: number, stepIndex: number, who: string): unknown {
    if (error instanceof MismatchError || !isUnplannedError(error)) return error;
    return this.#host.mismatch({
      kind: isAssertionError(error) ? 'failed_assertion' : 'responder_failed',
      callIndex,
      stepIndex,
      actual: 'a model call',
      expected: this.#host.turnLabel(stepIndex),
      why: `${who} threw ${firstLine(error)}`,
      fix: 'To fail the model call on purpose, use .fails(error), or throw an Error of your own',
    });
  }

  #timedOut(callIndex: number, stepIndex: number, who: string): MismatchError {
    return this.#host.mismatch({
      kind: 'responder_timeout',
      callIndex,
      stepIndex,
      actual: 'a model call',
      expected: this.#host.turnLabel(stepIndex),
      why: `${who} did not finish within ${this.#host.timeoutMs} ms`,
      fix: 'Settle the promise it returns, or give the script more time: model({ timeoutMs })',
    });
  }

  derive(output: DerivedOutput, call: RecordedModelCall, stepIndex: number): ModelResponse | AgentOutputItem[] {
    if (typeof output === 'string') return [assistantMessage(output)];
    if (Array.isArray(output)) return output as AgentOutputItem[];
    if (isModelResponse(output)) return output;
    if (typeof output === 'object' && output !== null && typeof (output as { type?: unknown }).type === 'string') {
      return [output as AgentOutputItem];
    }
    throw this.#host.mismatch({
      kind: 'invalid_step',
      callIndex: call.index,
      stepIndex,
      actual: describeModelCall(call.request, call.streamed),
      expected: this.#host.turnLabel(stepIndex),
      why: `The responder returned ${brief(output)}; it must return a string, an output item, an array of output items or a ModelResponse`,
    });
  }

  /** The events of an async `streams()` turn, each within the double's time, their output checked as it passes. */
  async *checkedEvents(turn: Extract<PlannedTurn, { kind: 'stream' }>, request: ModelRequest, callIndex: number, stepIndex: number): AsyncIterable<StreamEvent> {
    const iterator = (turn.events as AsyncIterable<StreamEvent>)[Symbol.asyncIterator]();
    for (;;) {
      let next: IteratorResult<StreamEvent>;
      try {
        next = await bounded(iterator.next(), this.#host.timeoutMs, () => this.#timedOut(callIndex, stepIndex, 'Its event source'));
      } catch (error) {
        throw this.#unplanned(error, callIndex, stepIndex, 'Its event source');
      }
      if (next.done) return;
      if (isResponseDone(next.value)) this.#host.answers(request, next.value.response.output as AgentOutputItem[], callIndex, stepIndex);
      yield next.value;
    }
  }

  async responseFromStream(turn: Extract<PlannedTurn, { kind: 'stream' }>, request: ModelRequest, callIndex: number, stepIndex: number): Promise<ModelResponse> {
    // A non-streamed run of a `streams` turn gets the response its final event carries.
    const events = Array.isArray(turn.events) ? turn.events : this.checkedEvents(turn, request, callIndex, stepIndex);
    for await (const event of events) {
      if (isResponseDone(event)) {
        const { response } = event;
        if (Array.isArray(turn.events)) this.#host.answers(request, response.output as AgentOutputItem[], callIndex, stepIndex);
        return {
          output: response.output,
          usage: new Usage({ requests: 1, ...response.usage }),
          responseId: response.id,
        };
      }
    }
    throw this.#host.mismatch({
      kind: 'invalid_step',
      callIndex,
      stepIndex,
      actual: 'a request that is not streamed',
      expected: this.#host.turnLabel(stepIndex),
      why: 'The turn has no response_done event, so a non-streamed run cannot take a response from it',
      fix: 'End the events with a response_done event, or run the agent with { stream: true }',
    });
  }
}

export function isResponseDone(event: StreamEvent): event is Extract<StreamEvent, { type: 'response_done' }> {
  return event.type === 'response_done';
}

function isModelResponse(value: unknown): value is ModelResponse {
  return typeof value === 'object' && value !== null && Array.isArray((value as ModelResponse).output) && 'usage' in value;
}
