import { Usage, type AgentOutputItem, type ModelRequest, type ModelResponse } from '@openai/agents';
import type { ScriptedModel } from '@openai/agents/testing';

// The responses the kit's model doubles answer with themselves, beside the SDK's ScriptedModel they wrap.

/**
 * A call's response, numbered as the SDK's `ScriptedModel` numbers the responses it makes
 * (`scripted-response-1` for a script's first call). The kit numbers them itself: a planned turn of
 * a non-streamed call is answered without the inner model, which then counts fewer calls.
 */
export function scriptedResponse(output: AgentOutputItem[], callIndex: number, usage = new Usage({ requests: 1 })): ModelResponse {
  return { output, usage, responseId: scriptedResponseId(callIndex) };
}

/** The id of the response to the script's call at `callIndex`: `scripted-response-1` for the first. */
export function scriptedResponseId(callIndex: number): string {
  return `scripted-response-${callIndex + 1}`;
}

/** A responder's output as the inner model would number it: an array of items made a response, a streamed response given an id. */
export function numberedResponse(derived: ModelResponse | AgentOutputItem[], callIndex: number, streamed: boolean): ModelResponse {
  if (Array.isArray(derived)) return scriptedResponse(derived, callIndex);
  return streamed && derived.responseId === undefined ? { ...derived, responseId: scriptedResponseId(callIndex) } : derived;
}

/**
 * A planned turn's response to a non-streamed call, ready before any model is asked: nothing of
 * the SDK's `ScriptedModel` is needed to answer it (no stream to make, no copy to guard), and going
 * through it copied the call twice (bench/README.md, issue 27).
 */
export class PlannedResponse {
  constructor(readonly response: ModelResponse) {}
}

/** The answer to a non-streamed call: the planned response, or what the inner model makes of the step it was handed. */
export function answer(inner: ScriptedModel, handed: ModelRequest | PlannedResponse): Promise<ModelResponse> {
  return handed instanceof PlannedResponse ? Promise.resolve(handed.response) : inner.getResponse(handed);
}
