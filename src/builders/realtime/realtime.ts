import type { Usage, UsageInput } from '@openai/agents';
import type { RealtimeTransportEventTypes, RealtimeTransportLayer } from '@openai/agents/realtime';
import { describeMs } from '../../format/audioFormat';
import { RealtimeDouble, type ErrorReporter, type RealtimeOptions } from '../../fakes/realtime/RealtimeDouble';
import { REALTIME_METHODS, type RealtimeMethod } from '../../fakes/realtime/call';
import type { AudioTarget, CallPattern, EmitStep, ErrorMatch, ExpectStep, LabelArg, ModelCall, PlannedEvent, RealtimeEventName, RealtimeStep, StepLabel } from '../../fakes/realtime/step';
import type { CallOptions, CallRest, HandoffTarget, ToolRef } from '../../vocabulary';
import { audioItem, event, type RealtimeMcpTool, responseEvents, textItem, usageEvents, userMessageEvents, userTranscriptEvents } from './events';
import { mcpApprovalRequestStep, mcpCallStep, mcpResponseStep, mcpToolsListedStep } from './mcpSteps';
import { ScriptMemory } from './memory';
import type {
  AudioReplyOptions,
  GuardrailTripOptions,
  McpApprovalRequestOptions,
  McpCallOptions,
  RealtimeCallOptions,
  ResponseOptions,
  TextReplyOptions,
  ToolOutputOptions,
  UserItemOptions,
} from './options';
import { ResponseBuilder, type ResponseCallOptions } from './response';
import { DEFAULT_REJECTION, guardrailTripSteps } from './rules';
import { handoffCallStep, handoffSteps, reemitStep, toolCallStep, toolNotFoundStep, toolOutputStep, toolRejectionStep } from './toolSteps';
import {
  audioChunks,
  checkAudioTarget,
  checkBoolean,
  checkSessionErrorArgs,
  checkEvent,
  checkId,
  checkMethod,
  checkPattern,
  checkRealtimeOptions,
  checkReply,
  checkText,
  checkUsage,
} from './validators';
import { kindOf, misuse, type StepContext } from '../core/stepContext';
import { stepOptions, type OptionKeys } from '../core/options';

/** Each method as labels show it (`'sendMessage'`), worded once. */
const QUOTED = Object.fromEntries(REALTIME_METHODS.map((method) => [method, `'${method}'`])) as Record<RealtimeMethod, string>;

/** The keys of the options the verbs written here take (the other verbs' are with their steps). */
const TEXT_REPLY_OPTIONS = { deltas: true, itemId: true, responseId: true, done: true } satisfies OptionKeys<TextReplyOptions>;
const AUDIO_REPLY_OPTIONS = { deltas: true, itemId: true, responseId: true, audio: true } satisfies OptionKeys<AudioReplyOptions>;
const RESPONSE_OPTIONS = { responseId: true } satisfies OptionKeys<ResponseOptions>;
const USER_ITEM_OPTIONS = { itemId: true } satisfies OptionKeys<UserItemOptions>;

/**
 * A scripted Realtime transport: `new RealtimeSession(agent, { transport: realtime()… })`.
 * `expect` steps match the session's outbound calls in order; `emit` steps are the server's
 * events, delivered after the steps before them have been played. Extend the script at any time,
 * for instance after `await rt.settled()` for the next turn.
 */
export class RealtimeScript extends RealtimeDouble implements RealtimeTransportLayer {
  readonly #memory = new ScriptMemory();

  constructor(options?: RealtimeOptions) {
    super(checkRealtimeOptions(options));
  }

  // ── Outbound calls ────────────────────────────────────────────────────────────────────────────

  /**
   * The next outbound call is `method`, matching `pattern`: a partial of its payload
   * (`{ message: 'Hello' }`, asymmetric matchers allowed) or a predicate of the call, which
   * accepts it only by returning `true` (wrap a check made of assertions in `asserting(…)`).
   */
  expect<M extends RealtimeMethod>(method: M, pattern?: CallPattern<M>): this {
    const context = this.#context('expect');
    const checked = checkMethod(method, context);
    const matching = checkPattern(pattern, context);
    const { pattern: partial, predicate } = matching;
    const shown: LabelArg[] = [QUOTED[checked]];
    // The step is built as it is handed over, without copying the checked pattern into it: this runs once per step.
    if (predicate) {
      shown.push((predicate as { name?: string }).name || 'predicate');
      return this.#append({ kind: 'expect', label: { verb: 'expect', args: shown }, method: checked, predicate });
    }
    if (partial) {
      shown.push({ value: partial, max: 80 });
      return this.#append({ kind: 'expect', label: { verb: 'expect', args: shown }, method: checked, pattern: partial });
    }
    return this.#append({ kind: 'expect', label: { verb: 'expect', args: shown }, method: checked });
  }

  /** Makes the call the preceding `expect…` step matches throw `error` (an injected failure). */
  fails(error: unknown): this {
    const context = this.#context('fails');
    const last = this.lastStep;
    const lastIndex = Math.max(this.stepCount - 1, 0);
    if (last?.kind !== 'expect') {
      throw misuse({ ...context, stepIndex: lastIndex }, 'nothing_to_fail', 'it makes the call an expect… step matches throw, so it must follow one.');
    }
    if (error === undefined || error === null) {
      throw misuse(context, 'missing_error', 'pass the error the call should throw, e.g. new Error("socket closed").');
    }
    if (last.failure) throw misuse({ ...context, stepIndex: lastIndex }, 'already_failing', 'the step already fails.');
    // The step is handed over as its failing version, or not at all once it has been played.
    if (!this.replaceLastStep({ ...last, failure: { error } })) {
      throw misuse({ ...context, stepIndex: lastIndex }, 'already_played', 'the step has already taken its call; write .fails() in the same chain as the step.');
    }
    return this;
  }

  /**
   * The next calls are `sendAudio` calls that together make `ms` milliseconds (or `bytes` bytes)
   * of audio, the last one committing the buffer if `commit` is set. Without a size, one call
   * (or, with `commit`, every call up to the committing one). Durations use the input format the
   * session configured: 16-bit PCM at 24 kHz unless told otherwise.
   */
  expectAudio(target: AudioTarget = {}): this {
    const context = this.#context('expectAudio');
    const audio = checkAudioTarget(target, context);
    const { ms, bytes, commit } = audio;
    const parts = [ms !== undefined ? describeMs(ms) : undefined, bytes !== undefined ? `${bytes} bytes` : undefined, commit ? 'commit' : undefined];
    return this.#expectStep({ method: 'sendAudio', audio }, { verb: 'expectAudio', args: parts.filter((part): part is string => part !== undefined) });
  }

  /**
   * The session sends the output of the latest scripted call of `tool` (its call id is filled in),
   * starting a response unless `startResponse: false` says it must not (a `backgroundResult`).
   * `output` is the exact text, an asymmetric matcher, or an object compared as the JSON the SDK
   * sends. Without it any output passes except the SDK's own error texts, which mean the tool failed.
   */
  expectToolOutput(tool: ToolRef, output?: unknown, options?: ToolOutputOptions): this {
    return this.#append(toolOutputStep(tool, output, options, this.#memory, this.#context('expectToolOutput')));
  }

  /** The session answers the latest call of `tool` with the rejection an approval `reject()` sends, starting a response. */
  expectToolRejection(tool: ToolRef, message: string = DEFAULT_REJECTION, options?: ToolOutputOptions): this {
    return this.#append(toolRejectionStep(tool, message, options, this.#memory, this.#context('expectToolRejection')));
  }

  /**
   * The session answers the latest `emitUnknownToolCall(name)` as the SDK does for a tool the agent
   * does not offer: the output "Tool … not found", without starting a response. (It also reports a
   * session `error`, which a strict script expects with `expectSessionError`.)
   */
  expectToolNotFound(name: string, options?: CallOptions): this {
    return this.#append(toolNotFoundStep(name, options, this.#memory, this.#context('expectToolNotFound')));
  }

  /** The session follows the scripted handoff: it updates the session config for `target`, then sends the transfer output. */
  expectHandoff(target: HandoffTarget): this {
    for (const step of handoffSteps(target, this.#memory, this.#context('expectHandoff'))) this.appendStep(step);
    return this;
  }

  /**
   * A tripped output guardrail: the session stops the answer (see `stops`; a `response.cancel`
   * names the response it cancels) and sends the model its feedback message, which says the answer
   * was blocked and names the guardrail (its `policyHint`, or its name).
   */
  expectGuardrailTrip(name?: string, options: GuardrailTripOptions = {}): this {
    for (const step of guardrailTripSteps(name, options, this.#memory.lastReply, this.#context('expectGuardrailTrip'))) this.appendStep(step);
    return this;
  }

  /** The application approves the latest `emitMcpApprovalRequest`: the session sends the approval. */
  expectMcpApproval(): this {
    return this.#append(mcpResponseStep(true, undefined, this.#memory, this.#context('expectMcpApproval')));
  }

  /** The application rejects the latest `emitMcpApprovalRequest`; `reason` is what the rejection says (none unless given). */
  expectMcpRejection(reason?: string): this {
    return this.#append(mcpResponseStep(false, reason, this.#memory, this.#context('expectMcpRejection')));
  }

  /**
   * The session reports an `error` event: its message contains `match` (or matches the RegExp, or
   * passes the predicate, which gets the error). Every error a session of this script reports
   * reaches the script, listened to or not (a tool it does not know, a tool or guardrail that
   * throws, a send that fails, a transport error): in a strict script an error no step expects
   * fails the test.
   */
  expectSessionError(match?: ErrorMatch): this;
  /** As `expectSessionError(match)`, and the script listens to `session`'s errors from here on, so that it has an `error` listener. */
  expectSessionError(session: ErrorReporter, match?: ErrorMatch): this;
  expectSessionError(first?: ErrorReporter | ErrorMatch, match?: ErrorMatch): this {
    const context = this.#context('expectSessionError');
    const { session, match: checked } = checkSessionErrorArgs(first, match, context);
    if (session !== undefined) this.watchErrors(session);
    const shown: LabelArg[] =
      checked === undefined ? [] : [typeof checked === 'function' ? checked.name || 'predicate' : checked instanceof RegExp ? String(checked) : { value: checked, max: 60 }];
    this.appendStep({ kind: 'session_error', label: { verb: 'expectSessionError', args: shown }, ...(checked === undefined ? {} : { match: checked }) });
    return this;
  }

  // ── Inbound events ────────────────────────────────────────────────────────────────────────────

  /** Any transport event, typed by its name; delivered after the steps before it have been played. */
  emit<K extends RealtimeEventName>(event: K, ...args: RealtimeTransportEventTypes[K]): this;
  /**
   * The transport interface's own signature, which no call can choose (it takes `never`): it keeps
   * the script assignable to `RealtimeTransportLayer`, while an unknown event name fails to compile.
   */
  emit(event: never, ...args: never): boolean;
  emit(name: string, ...args: unknown[]): this | boolean {
    const context = this.#context('emit');
    const checked = checkEvent(name, args, context);
    const shown: LabelArg[] = [`'${checked}'`, ...args.map((arg) => ({ value: arg, max: 60 }))];
    // `args` is this call's own array: the event keeps it instead of a copy.
    return this.#emitStep({ verb: 'emit', args: shown }, [{ type: 'event', name: checked, args }]);
  }

  /**
   * The model calls `tool` (arguments typed from its schema); call, item and response ids are
   * filled in. A tool the agent does not offer fails the test when the call would be delivered.
   */
  emitToolCall<T extends ToolRef>(tool: T, ...[args, options]: CallRest<T, RealtimeCallOptions>): this {
    return this.#append(toolCallStep(tool, args, options, true, this.#memory, this.#context('emitToolCall')));
  }

  /** The model calls a tool the agent does not offer, to test what the SDK answers (see `expectToolNotFound`). */
  emitUnknownToolCall(name: string, args?: Record<string, unknown> | string, options?: RealtimeCallOptions): this {
    return this.#append(toolCallStep(name, args, options, false, this.#memory, this.#context('emitUnknownToolCall')));
  }

  /** The model sends the latest scripted tool call again (same call id, new response), as on a retry. */
  reemitToolCall(): this {
    return this.#append(reemitStep(this.#memory, this.#context('reemitToolCall')));
  }

  /** The model hands off to `target` (an agent, a `handoff()`, or a name) through the SDK's handoff tool. */
  emitHandoff(target: HandoffTarget, options?: RealtimeCallOptions): this {
    return this.#append(handoffCallStep(target, options, this.#memory, this.#context('emitHandoff')));
  }

  /** An assistant text answer, streamed word by word, then completed (unless `done: false`). */
  emitTextReply(text: string, options: TextReplyOptions = {}): this {
    const context = this.#context('emitTextReply');
    const deltas = checkReply(text, options, TEXT_REPLY_OPTIONS, context);
    const done = checkBoolean(options.done, 'done', context) ?? true;
    const ids = this.#memory.replyIds(options, context);
    this.#memory.lastReply = { kind: done ? 'text' : 'open text', responseId: ids.responseId };
    const args: LabelArg[] = [{ value: text, max: 60 }, ...(done ? [] : ['open'])];
    return this.#emitStep({ verb: 'emitTextReply', args }, responseEvents(ids.responseId, [textItem(text, deltas, done, ids)]));
  }

  /** An assistant spoken answer: audio chunks with transcript deltas, then audio done and the completed item. */
  emitAudioReply(transcript: string, options: AudioReplyOptions = {}): this {
    const context = this.#context('emitAudioReply');
    const deltas = checkReply(transcript, options, AUDIO_REPLY_OPTIONS, context);
    const chunks = audioChunks(options.audio ?? 200, context);
    const ids = this.#memory.replyIds(options, context);
    this.#memory.lastReply = { kind: 'audio', responseId: ids.responseId };
    const args: LabelArg[] = [{ value: transcript, max: 60 }, `${chunks.length} chunk${chunks.length === 1 ? '' : 's'}`];
    return this.#emitStep({ verb: 'emitAudioReply', args }, responseEvents(ids.responseId, [audioItem(transcript, chunks, deltas, ids)]));
  }

  /**
   * One model response holding several items, in order: a message and a tool call, several
   * transcript items, … `emitResponse((r) => r.text('Let me check.').toolCall(lookupOrder, { orderId: 'A' }))`.
   */
  emitResponse(build: (response: ResponseBuilder) => unknown, options: ResponseOptions = {}): this {
    const context = this.#context('emitResponse');
    if (typeof build !== 'function') throw misuse(context, 'invalid_turn', `expected a callback like (r) => r.text('Hi'); got ${kindOf(build)}.`);
    const { responseId: given } = stepOptions(options, RESPONSE_OPTIONS, context);
    const responseId = this.#memory.responseId(given, context);
    const response = new ResponseBuilder(this.#memory, responseId, context);
    build(response);
    const { items, labels, calls } = response.finish();
    const last = items.at(-1)?.output as { type?: string; content?: { type?: string }[] } | undefined;
    if (last?.type === 'message') this.#memory.lastReply = { kind: last.content?.[0]?.type === 'output_audio' ? 'audio' : 'text', responseId };
    return this.#emitStep({ verb: 'emitResponse', args: labels }, responseEvents(responseId, items), calls);
  }

  /** The server's record of a typed user message, which puts it into the session's history. */
  emitUserMessage(text: string, options: UserItemOptions = {}): this {
    const context = this.#context('emitUserMessage');
    checkText(text, 'the message text', context);
    return this.#emitStep({ verb: 'emitUserMessage', args: [{ value: text, max: 60 }] }, userMessageEvents(text, this.#memory.itemId(stepOptions(options, USER_ITEM_OPTIONS, context).itemId, context)));
  }

  /** The user spoke: an input audio item whose transcription then completes and merges into history. */
  emitUserTranscript(transcript: string, options: UserItemOptions = {}): this {
    const context = this.#context('emitUserTranscript');
    checkText(transcript, 'the transcript', context);
    return this.#emitStep({ verb: 'emitUserTranscript', args: [{ value: transcript, max: 60 }] }, userTranscriptEvents(transcript, this.#memory.itemId(stepOptions(options, USER_ITEM_OPTIONS, context).itemId, context)));
  }

  /** The server deleted an item from the conversation: the session drops it from its history. */
  emitItemDeleted(itemId: string): this {
    const context = this.#context('emitItemDeleted');
    const id = checkId(itemId, 'itemId', context);
    return this.#emitStep({ verb: 'emitItemDeleted', args: [JSON.stringify(id)] }, [event('item_deleted', { itemId: id })]);
  }

  /** The server detected the user talking over the answer: the transport reports `audio_interrupted`. */
  emitInterruption(): this {
    return this.#emitStep({ verb: 'emitInterruption' }, [event('audio_interrupted')]);
  }

  /** A usage report, added to `session.usage`. */
  emitUsage(usage: UsageInput | Usage): this {
    checkUsage(usage, this.#context('emitUsage'));
    return this.#emitStep({ verb: 'emitUsage', args: [{ value: usage, max: 60 }] }, usageEvents(usage));
  }

  /** The server reports an error (the transport's `error` event), which the session passes on as its own `error` event. */
  emitError(error: unknown): this {
    const context = this.#context('emitError');
    if (error === undefined || error === null) throw misuse(context, 'missing_error', 'pass the error the server reports, e.g. { message: "rate limited" }.');
    return this.#emitStep({ verb: 'emitError', args: [{ value: error, max: 60 }] }, [event('error', { type: 'error', error })]);
  }

  /** The connection drops from the server's side: the transport disconnects, then reports `error` if one is given. */
  emitDisconnect(error?: unknown): this {
    const hasError = arguments.length > 0 && error !== undefined;
    return this.#emitStep({ verb: 'emitDisconnect', args: hasError ? [{ value: error, max: 60 }] : [] }, [{ type: 'disconnect', error, hasError }]);
  }

  /**
   * A hosted MCP server lists its tools (`serverLabel` names it): the session's available MCP
   * tools change (`mcp_tools_changed`).
   */
  emitMcpToolsListed(serverLabel: string, tools: readonly RealtimeMcpTool[]): this {
    return this.#append(mcpToolsListedStep(serverLabel, tools, this.#context('emitMcpToolsListed')));
  }

  /**
   * A hosted MCP server ran a tool: the call reaches history and completes
   * (`mcp_tool_call_completed`), and the session asks the model to go on (`requestResponse`).
   */
  emitMcpCall(name: string, args: Record<string, unknown> = {}, options: McpCallOptions = {}): this {
    return this.#append(mcpCallStep(name, args, options, this.#memory, this.#context('emitMcpCall')));
  }

  /**
   * A remote MCP tool asks for approval (`serverLabel` names the MCP server): the session raises
   * `tool_approval_requested`; `expectMcpApproval()` or `expectMcpRejection()` checks the answer.
   */
  emitMcpApprovalRequest(serverLabel: string, name: string, args: Record<string, unknown> = {}, options: McpApprovalRequestOptions = {}): this {
    return this.#append(mcpApprovalRequestStep(serverLabel, name, args, options, this.#memory, this.#context('emitMcpApprovalRequest')));
  }

  /**
   * Delivers the preceding emit… step even when the session has closed the connection, as a late
   * server event: the test checks that the session ignores it (a strict script fails on any call
   * the session makes in answer).
   */
  evenIfClosed(): this {
    const context = this.#context('evenIfClosed');
    const last = this.lastStep;
    const lastIndex = Math.max(this.stepCount - 1, 0);
    if (last?.kind !== 'emit') {
      throw misuse({ ...context, stepIndex: lastIndex }, 'nothing_to_deliver', 'it makes the events of an emit… step reach a closed session, so it must follow one.');
    }
    if (!this.replaceLastStep({ ...last, evenIfClosed: true, label: { ...last.label, part: 'even if closed' } })) {
      throw misuse({ ...context, stepIndex: lastIndex }, 'already_played', 'the events have already been delivered; write .evenIfClosed() in the same chain as the step.');
    }
    return this;
  }

  // ── Internals ─────────────────────────────────────────────────────────────────────────────────

  #context(verb: string): StepContext {
    return { double: this.label, stepIndex: this.stepCount, verb };
  }

  #append(step: RealtimeStep): this {
    this.appendStep(step);
    return this;
  }

  #expectStep(step: Omit<ExpectStep, 'kind' | 'label'>, label: StepLabel): this {
    this.appendStep({ kind: 'expect', label, ...step });
    return this;
  }

  #emitStep(label: StepLabel, events: readonly PlannedEvent[], calls?: readonly ModelCall[]): this {
    const step: EmitStep = calls ? { kind: 'emit', label, events, calls } : { kind: 'emit', label, events };
    this.appendStep(step);
    return this;
  }

}

/** A scripted Realtime transport: `new RealtimeSession(agent, { transport: realtime().expect(…).emit(…) })`. */
export function realtime(options?: RealtimeOptions): RealtimeScript {
  return new RealtimeScript(options);
}

export type { ResponseBuilder, ResponseCallOptions };
