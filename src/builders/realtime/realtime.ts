import type { Usage, UsageInput } from '@openai/agents';
import type { RealtimeTransportEventTypes, RealtimeTransportLayer } from '@openai/agents/realtime';
import { describeMs } from '../../format/audioFormat';
import { RealtimeDouble, type ErrorReporter, type RealtimeOptions } from '../../fakes/realtime/RealtimeDouble';
import type { RealtimeMethod } from '../../fakes/realtime/call';
import type { AudioTarget, CallPattern, EmitStep, ErrorMatch, ExpectStep, LabelArg, ModelCall, PlannedEvent, RealtimeEventName, StepLabel } from '../../fakes/realtime/step';
import type { CallOptions, CallRest, HandoffTarget, ToolRef } from '../../vocabulary';
import {
  audioItem,
  event,
  mcpApprovalRequestEvents,
  mcpCallEvents,
  mcpToolsListedEvents,
  type RealtimeMcpTool,
  responseEvents,
  textItem,
  toolCallItem,
  usageEvents,
  userMessageEvents,
  userTranscriptEvents,
  type ToolCallIds,
} from './events';
import { ResponseBuilder, type ResponseCallOptions, type ResponseHost } from './response';
import {
  DEFAULT_REJECTION,
  guardrailFeedback,
  handoffConfigPattern,
  notFoundPattern,
  outputMatcher,
  readHandoff,
  toolOutputPattern,
  transferPattern,
} from './rules';
import {
  audioChunks,
  checkAudioTarget,
  checkBoolean,
  checkErrorMatch,
  checkEvent,
  checkId,
  checkMethod,
  checkOptionsObject,
  checkPattern,
  checkRealtimeOptions,
  checkReply,
  checkText,
  checkUsage,
  isPlainObject,
} from './validators';
import { kindOf, misuse, type StepContext } from '../core/stepContext';
import { argumentsOf, explicitCallId, toolNameOf } from '../core/validate';

/** Options of a scripted tool call: the ids to emit instead of the script's next ones. */
export interface RealtimeCallOptions extends CallOptions {
  /**
   * The call id to emit instead of the script's next `call_N`. `''` sends the call without one,
   * as the server may: the SDK then knows the call by its item id, and so do `expectToolOutput`
   * and `expectToolRejection`.
   */
  callId?: string;
  responseId?: string;
  itemId?: string;
}

/** Options of an expected tool output. */
export interface ToolOutputOptions extends CallOptions {
  /**
   * Whether the output starts a response. The session starts one after a tool's output, and not
   * after a `backgroundResult(…)`; the step checks the SDK's default (`true`) unless told.
   */
  startResponse?: boolean;
}

export interface ReplyOptions {
  /** How the text streams; joined, the pieces must give the whole text. Word by word unless given. */
  deltas?: readonly string[];
  itemId?: string;
  responseId?: string;
}

export interface TextReplyOptions extends ReplyOptions {
  /** `false` leaves the response open (no completed item, no `turn_done`), as while it is still streaming. */
  done?: boolean;
}

export interface AudioReplyOptions extends ReplyOptions {
  /** The audio: one buffer, the chunks as they arrive, or a duration in ms (a tone in 100 ms chunks). 200 ms unless given. */
  audio?: ArrayBuffer | readonly ArrayBuffer[] | number;
}

export interface GuardrailTripOptions {
  /**
   * How the session stops the blocked answer before it sends the feedback: `interrupt()` for
   * audio, a `response.cancel` event for text still streaming, nothing for text already done.
   * Taken from the latest reply in the script unless given.
   */
  stops?: 'interrupt' | 'cancel' | 'nothing';
  /** The response a `response.cancel` names; the latest reply's in the script unless given. */
  responseId?: string;
}

export interface ResponseOptions {
  responseId?: string;
}

export interface McpApprovalRequestOptions {
  itemId?: string;
}

export interface McpCallOptions {
  /** What the server's tool returned; `null` (the default) for no output. */
  output?: string | null;
  itemId?: string;
}

type ToolCallRecord = ToolCallIds & { name: string; args: string };

/**
 * A scripted Realtime transport: `new RealtimeSession(agent, { transport: realtime()… })`.
 * `expect` steps match the session's outbound calls in order; `emit` steps are the server's
 * events, delivered after the steps before them have been played. Extend the script at any time,
 * for instance after `await rt.settled()` for the next turn.
 */
export class RealtimeScript extends RealtimeDouble implements RealtimeTransportLayer {
  readonly #ids = { call: 0, item: 0, response: 0 };
  /** The latest scripted call per function name, for `expectToolOutput` and `reemitToolCall`. */
  readonly #toolCalls = new Map<string, ToolCallRecord>();
  #lastToolCall: ToolCallRecord | undefined;
  #lastReply: { kind: 'audio' | 'text' | 'open text'; responseId: string } | undefined;
  #lastMcpRequest: { itemId: string; serverLabel: string; name: string } | undefined;

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
    const shown: LabelArg[] = [`'${checked}'`];
    if (matching.predicate) shown.push((matching.predicate as { name?: string }).name || 'predicate');
    else if (matching.pattern) shown.push({ value: matching.pattern, max: 80 });
    return this.#expectStep({ method: checked, ...matching }, { verb: 'expect', args: shown });
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
    const context = this.#context('expectToolOutput');
    const name = toolNameOf(tool, context);
    const { startResponse } = this.#outputOptions(options, context);
    const callId = this.#callIdFor(name, options, context);
    const shown: LabelArg[] = output === undefined ? [name] : [name, { value: output, max: 60 }];
    if (startResponse === false) shown.push('{ startResponse: false }');
    return this.#expectStep({ method: 'sendFunctionCallOutput', pattern: toolOutputPattern(name, callId, outputMatcher(output, context), startResponse) }, { verb: 'expectToolOutput', args: shown });
  }

  /** The session answers the latest call of `tool` with the rejection an approval `reject()` sends, starting a response. */
  expectToolRejection(tool: ToolRef, message: string = DEFAULT_REJECTION, options?: ToolOutputOptions): this {
    const context = this.#context('expectToolRejection');
    const name = toolNameOf(tool, context);
    checkText(message, 'the rejection message', context);
    const { startResponse } = this.#outputOptions(options, context);
    const callId = this.#callIdFor(name, options, context);
    const shown: LabelArg[] = message === DEFAULT_REJECTION ? [name] : [name, { value: message, max: 60 }];
    return this.#expectStep(
      { method: 'sendFunctionCallOutput', pattern: toolOutputPattern(name, callId, message, startResponse), rejection: true },
      { verb: 'expectToolRejection', args: shown },
    );
  }

  /**
   * The session answers the latest `emitUnknownToolCall(name)` as the SDK does for a tool the agent
   * does not offer: the output "Tool … not found", without starting a response. (It also reports a
   * session `error`; see `expectSessionError`.)
   */
  expectToolNotFound(name: string, options?: CallOptions): this {
    const context = this.#context('expectToolNotFound');
    const checked = toolNameOf(name, context);
    const callId = this.#callIdFor(checked, options, context, 'emitUnknownToolCall');
    return this.#expectStep({ method: 'sendFunctionCallOutput', pattern: notFoundPattern(checked, callId) }, { verb: 'expectToolNotFound', args: [checked] });
  }

  /** The session follows the scripted handoff: it updates the session config for `target`, then sends the transfer output. */
  expectHandoff(target: HandoffTarget): this {
    const context = this.#context('expectHandoff');
    const handoff = readHandoff(target, context);
    const call = this.#toolCalls.get(handoff.toolName);
    if (!call) {
      throw misuse(context, 'no_tool_call', `there is no emitHandoff(${handoff.label}) before this step; the handoff must be emitted first.`);
    }
    const config = handoffConfigPattern(handoff);
    this.#expectStep({ method: 'updateSessionConfig', ...(config ? { pattern: config } : {}) }, { verb: 'expectHandoff', args: [handoff.label], part: 'updateSessionConfig' });
    return this.#expectStep(
      { method: 'sendFunctionCallOutput', pattern: transferPattern(handoff, answeredId(call)) },
      { verb: 'expectHandoff', args: [handoff.label], part: 'sendFunctionCallOutput' },
    );
  }

  /**
   * A tripped output guardrail: the session stops the answer (see `stops`; a `response.cancel`
   * names the response it cancels) and sends the model its feedback message, which says the answer
   * was blocked and names the guardrail (its `policyHint`, or its name).
   */
  expectGuardrailTrip(name?: string, options: GuardrailTripOptions = {}): this {
    const context = this.#context('expectGuardrailTrip');
    if (name !== undefined && (typeof name !== 'string' || name === '')) {
      throw misuse(context, 'invalid_name', `expected the guardrail's name; got ${kindOf(name)}.`);
    }
    const { stops: given, responseId: givenResponse } = checkOptionsObject(options, context);
    const last = this.#lastReply;
    const stops = given ?? (last?.kind === 'audio' ? 'interrupt' : last?.kind === 'open text' ? 'cancel' : 'nothing');
    if (!['interrupt', 'cancel', 'nothing'].includes(stops)) {
      throw misuse(context, 'invalid_option', `stops must be 'interrupt', 'cancel' or 'nothing'; got ${kindOf(stops)}.`);
    }
    const responseId = givenResponse === undefined ? last?.responseId : checkId(givenResponse, 'responseId', context);
    const args: LabelArg[] = name === undefined ? [] : [JSON.stringify(name)];
    if (stops === 'interrupt') this.#expectStep({ method: 'interrupt' }, { verb: 'expectGuardrailTrip', args, part: 'interrupt()' });
    if (stops === 'cancel') {
      const cancel = { type: 'response.cancel', ...(responseId === undefined ? {} : { response_id: responseId }) };
      this.#expectStep({ method: 'sendEvent', pattern: { event: cancel } }, { verb: 'expectGuardrailTrip', args, part: 'sendEvent(response.cancel)' });
    }
    return this.#expectStep({ method: 'sendMessage', pattern: { message: guardrailFeedback(name) } }, { verb: 'expectGuardrailTrip', args, part: 'sendMessage(feedback)' });
  }

  /** The application approves the latest `emitMcpApprovalRequest`: the session sends the approval. */
  expectMcpApproval(): this {
    return this.#mcpResponse('expectMcpApproval', true, undefined);
  }

  /** The application rejects the latest `emitMcpApprovalRequest`; `reason` is what the rejection says (none unless given). */
  expectMcpRejection(reason?: string): this {
    return this.#mcpResponse('expectMcpRejection', false, reason);
  }

  /**
   * The session reports an `error` event: its message contains `match` (or matches the RegExp, or
   * passes the predicate, which gets the error). The script listens to `session`'s errors from
   * here on: in a strict script, an error no step expects then fails the test too.
   */
  expectSessionError(session: ErrorReporter, match?: ErrorMatch): this {
    const context = this.#context('expectSessionError');
    if (typeof (session as { on?: unknown } | null)?.on !== 'function') {
      throw misuse(context, 'invalid_session', `expected the RealtimeSession whose errors to check; got ${kindOf(session)}.`);
    }
    const checked = checkErrorMatch(match, context);
    this.watchErrors(session);
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
    return this.#emitStep({ verb: 'emit', args: shown }, [event(checked, ...args)]);
  }

  /**
   * The model calls `tool` (arguments typed from its schema); call, item and response ids are
   * filled in. A tool the agent does not offer fails the test when the call would be delivered.
   */
  emitToolCall<T extends ToolRef>(tool: T, ...[args, options]: CallRest<T, RealtimeCallOptions>): this {
    return this.#emitCall('emitToolCall', tool, args, options, true);
  }

  /** The model calls a tool the agent does not offer, to test what the SDK answers (see `expectToolNotFound`). */
  emitUnknownToolCall(name: string, args?: Record<string, unknown> | string, options?: RealtimeCallOptions): this {
    return this.#emitCall('emitUnknownToolCall', name, args, options, false);
  }

  /** The model sends the latest scripted tool call again (same call id, new response), as on a retry. */
  reemitToolCall(): this {
    const context = this.#context('reemitToolCall');
    const last = this.#lastToolCall;
    if (!last) throw misuse(context, 'no_tool_call', 'there is no emitToolCall() before this step to send again.');
    const ids = { ...last, responseId: this.#nextId('response') };
    return this.#emitStep({ verb: 'reemitToolCall', args: [`${last.name} ${answeredId(last)}`] }, responseEvents(ids.responseId, [toolCallItem(last.name, last.args, ids)]), [
      { name: last.name, kind: 'tool', offered: true },
    ]);
  }

  /** The model hands off to `target` (an agent, a `handoff()`, or a name) through the SDK's handoff tool. */
  emitHandoff(target: HandoffTarget, options?: RealtimeCallOptions): this {
    const context = this.#context('emitHandoff');
    const { label, toolName } = readHandoff(target, context);
    const call = this.#newToolCall(toolName, '{}', options, undefined, context);
    return this.#emitStep({ verb: 'emitHandoff', args: [label] }, responseEvents(call.responseId, [toolCallItem(toolName, call.args, call)]), [
      { name: toolName, kind: 'handoff', offered: true },
    ]);
  }

  /** An assistant text answer, streamed word by word, then completed (unless `done: false`). */
  emitTextReply(text: string, options: TextReplyOptions = {}): this {
    const context = this.#context('emitTextReply');
    const deltas = checkReply(text, options, context);
    const done = checkBoolean(options.done, 'done', context) ?? true;
    const ids = this.#replyIds(options, context);
    this.#lastReply = { kind: done ? 'text' : 'open text', responseId: ids.responseId };
    const args: LabelArg[] = [{ value: text, max: 60 }, ...(done ? [] : ['open'])];
    return this.#emitStep({ verb: 'emitTextReply', args }, responseEvents(ids.responseId, [textItem(text, deltas, done, ids)]));
  }

  /** An assistant spoken answer: audio chunks with transcript deltas, then audio done and the completed item. */
  emitAudioReply(transcript: string, options: AudioReplyOptions = {}): this {
    const context = this.#context('emitAudioReply');
    const deltas = checkReply(transcript, options, context);
    const chunks = audioChunks(options.audio ?? 200, context);
    const ids = this.#replyIds(options, context);
    this.#lastReply = { kind: 'audio', responseId: ids.responseId };
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
    const { responseId: given } = checkOptionsObject(options, context);
    const responseId = given === undefined ? this.#nextId('response') : checkId(given, 'responseId', context);
    const response = new ResponseBuilder(this.#responseHost(), responseId, context);
    build(response);
    const { items, labels, calls } = response.finish();
    const last = items.at(-1)?.output as { type?: string; content?: { type?: string }[] } | undefined;
    if (last?.type === 'message') this.#lastReply = { kind: last.content?.[0]?.type === 'output_audio' ? 'audio' : 'text', responseId };
    return this.#emitStep({ verb: 'emitResponse', args: labels }, responseEvents(responseId, items), calls);
  }

  /** The server's record of a typed user message, which puts it into the session's history. */
  emitUserMessage(text: string, options: { itemId?: string } = {}): this {
    const context = this.#context('emitUserMessage');
    checkText(text, 'the message text', context);
    return this.#emitStep({ verb: 'emitUserMessage', args: [{ value: text, max: 60 }] }, userMessageEvents(text, this.#itemId(options.itemId, context)));
  }

  /** The user spoke: an input audio item whose transcription then completes and merges into history. */
  emitUserTranscript(transcript: string, options: { itemId?: string } = {}): this {
    const context = this.#context('emitUserTranscript');
    checkText(transcript, 'the transcript', context);
    return this.#emitStep({ verb: 'emitUserTranscript', args: [{ value: transcript, max: 60 }] }, userTranscriptEvents(transcript, this.#itemId(options.itemId, context)));
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
    const context = this.#context('emitMcpToolsListed');
    const server = mcpServerLabel(serverLabel, context);
    if (!Array.isArray(tools) || !tools.every((tool) => isPlainObject(tool) && typeof tool.name === 'string' && tool.name !== '')) {
      throw misuse(context, 'invalid_event', `expected the tools as a list of { name, description?, input_schema? }; got ${kindOf(tools)}.`);
    }
    return this.#emitStep(
      { verb: 'emitMcpToolsListed', args: [JSON.stringify(server), tools.map((tool) => tool.name).join(', ') || 'no tools'] },
      mcpToolsListedEvents(server, tools),
    );
  }

  /**
   * A hosted MCP server ran a tool: the call reaches history and completes
   * (`mcp_tool_call_completed`), and the session asks the model to go on (`requestResponse`).
   */
  emitMcpCall(name: string, args: Record<string, unknown> = {}, options: McpCallOptions = {}): this {
    const context = this.#context('emitMcpCall');
    const tool = toolNameOf(name, context);
    if (!isPlainObject(args)) throw misuse(context, 'invalid_arguments', `tool arguments must be an object; got ${kindOf(args)}.`);
    const { output = null, itemId } = checkOptionsObject(options, context);
    if (output !== null && typeof output !== 'string') throw misuse(context, 'invalid_option', `output must be a string or null; got ${kindOf(output)}.`);
    const shown = Object.keys(args).length === 0 ? [tool] : [tool, { value: args, max: 40 }];
    return this.#emitStep({ verb: 'emitMcpCall', args: shown }, mcpCallEvents({ itemId: this.#itemId(itemId, context), name: tool, arguments: JSON.stringify(args), output }));
  }

  /**
   * A remote MCP tool asks for approval (`serverLabel` names the MCP server): the session raises
   * `tool_approval_requested`; `expectMcpApproval()` or `expectMcpRejection()` checks the answer.
   */
  emitMcpApprovalRequest(serverLabel: string, name: string, args: Record<string, unknown> = {}, options: McpApprovalRequestOptions = {}): this {
    const context = this.#context('emitMcpApprovalRequest');
    const server = mcpServerLabel(serverLabel, context);
    const tool = toolNameOf(name, context);
    if (!isPlainObject(args)) throw misuse(context, 'invalid_arguments', `tool arguments must be an object; got ${kindOf(args)}.`);
    const itemId = this.#itemId(checkOptionsObject(options, context).itemId, context);
    this.#lastMcpRequest = { itemId, serverLabel: server, name: tool };
    return this.#emitStep(
      { verb: 'emitMcpApprovalRequest', args: [JSON.stringify(server), tool, { value: args, max: 40 }] },
      mcpApprovalRequestEvents({ itemId, serverLabel: server, name: tool, arguments: args }),
    );
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

  #expectStep(step: Omit<ExpectStep, 'kind' | 'label'>, label: StepLabel): this {
    this.appendStep({ kind: 'expect', label, ...step });
    return this;
  }

  #emitStep(label: StepLabel, events: readonly PlannedEvent[], calls?: readonly ModelCall[]): this {
    const step: EmitStep = calls ? { kind: 'emit', label, events, calls } : { kind: 'emit', label, events };
    this.appendStep(step);
    return this;
  }

  #emitCall(verb: string, tool: ToolRef, args: unknown, options: RealtimeCallOptions | undefined, offered: boolean): this {
    const context = this.#context(verb);
    const name = toolNameOf(tool, context);
    const checked = argumentsOf(args, context);
    const call = this.#newToolCall(name, typeof checked === 'string' ? checked : JSON.stringify(checked), options, undefined, context);
    const shown: LabelArg[] = args === undefined ? [name] : [name, { value: checked, max: 60 }];
    if (call.callId === '') shown.push('no call id');
    return this.#emitStep({ verb, args: shown }, responseEvents(call.responseId, [toolCallItem(name, call.args, call)]), [{ name, kind: 'tool', offered }]);
  }

  #nextId(kind: 'call' | 'item' | 'response'): string {
    this.#ids[kind] += 1;
    return `${kind}_${this.#ids[kind]}`;
  }

  #itemId(itemId: string | undefined, context: StepContext): string {
    return itemId === undefined ? this.#nextId('item') : checkId(itemId, 'itemId', context);
  }

  #replyIds(options: ReplyOptions, context: StepContext): { itemId: string; responseId: string } {
    const responseId = options.responseId === undefined ? this.#nextId('response') : checkId(options.responseId, 'responseId', context);
    return { itemId: this.#itemId(options.itemId, context), responseId };
  }

  #newToolCall(name: string, args: string, options: RealtimeCallOptions | ResponseCallOptions | undefined, responseId: string | undefined, context: StepContext): ToolCallRecord {
    const given = checkOptionsObject(options, context) as RealtimeCallOptions;
    // An empty call id is a call the server sent without one; any other id is checked as usual.
    const callId = given.callId === '' ? '' : (explicitCallId(given, context) ?? this.#nextId('call'));
    const itemId = this.#itemId(given.itemId, context);
    const response = responseId ?? (given.responseId === undefined ? this.#nextId('response') : checkId(given.responseId, 'responseId', context));
    const call = { name, args, callId, itemId, responseId: response };
    this.#toolCalls.set(name, call);
    this.#lastToolCall = call;
    return call;
  }

  #responseHost(): ResponseHost {
    return {
      itemId: (given, context) => this.#itemId(given, context),
      toolCall: (name, args, options, responseId, context) => this.#newToolCall(name, args, options, responseId, context),
    };
  }

  #outputOptions(options: ToolOutputOptions | undefined, context: StepContext): { startResponse: boolean | undefined } {
    const { startResponse } = checkOptionsObject(options, context);
    return { startResponse: checkBoolean(startResponse, 'startResponse', context) };
  }

  /** The call id an output for `name` answers: the one given, or the latest scripted call's. */
  #callIdFor(name: string, options: CallOptions | undefined, context: StepContext, emitter = 'emitToolCall'): string {
    const given = explicitCallId(options, context);
    if (given !== undefined) return given;
    const call = this.#toolCalls.get(name);
    if (call === undefined) {
      throw misuse(context, 'no_tool_call', `there is no ${emitter}(${name}) before this step to take the call id from; emit the call first or pass { callId }.`);
    }
    return answeredId(call);
  }

  #mcpResponse(verb: string, approved: boolean, reason: string | undefined): this {
    const context = this.#context(verb);
    if (reason !== undefined) checkText(reason, 'the rejection reason', context);
    const request = this.#lastMcpRequest;
    if (!request) throw misuse(context, 'no_tool_call', 'there is no emitMcpApprovalRequest() before this step to answer.');
    const shown: LabelArg[] = [`${request.serverLabel}/${request.name}`, ...(reason === undefined ? [] : [{ value: reason, max: 60 }])];
    return this.#expectStep({ method: 'sendMcpResponse', pattern: { approvalRequest: request, approved, reason } }, { verb, args: shown });
  }
}

/** The id the session answers a call by: its call id, or its item id when the server sent none. */
function answeredId(call: ToolCallIds): string {
  return call.callId === '' ? call.itemId : call.callId;
}

/** A scripted Realtime transport: `new RealtimeSession(agent, { transport: realtime().expect(…).emit(…) })`. */
export function realtime(options?: RealtimeOptions): RealtimeScript {
  return new RealtimeScript(options);
}

export type { ResponseBuilder, ResponseCallOptions };

function mcpServerLabel(label: unknown, context: StepContext): string {
  const text = checkText(label, 'the MCP server label', context);
  if (text.trim() === '') throw misuse(context, 'invalid_text', 'the MCP server label is empty; give the serverLabel of the hostedMcpTool it stands for.');
  return text;
}
