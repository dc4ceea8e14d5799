import { getHandoff, getTransferMessage, type Agent, type Handoff, type Usage, type UsageInput } from '@openai/agents';
import type { RealtimeTransportEventTypes, RealtimeTransportLayer } from '@openai/agents/realtime';
import { toFunctionToolName } from '@openai/agents/utils';
import { brief, isAsymmetricMatcher } from '../format/brief';
import { closest, listNames } from '../format/closest';
import { ScriptError } from '../errors/ScriptError';
import { describeMs } from '../format/audioFormat';
import type { HandoffTarget } from '../vocabulary';
import { DEFAULT_TIMEOUT_MS, RealtimeDouble, type RealtimeOptions } from '../fakes/RealtimeDouble';
import { isRealtimeMethod, REALTIME_METHODS, type RealtimeMethod } from '../fakes/realtimeCall';
import type { AudioTarget, CallPattern, EmitStep, ExpectStep, RealtimeEventName } from '../fakes/realtimeStep';
import { chunk, tone } from './audio';
import {
  audioReplyEvents,
  event,
  textReplyEvents,
  toolCallEvents,
  usageEvents,
  userMessageEvents,
  userTranscriptEvents,
  wordsOf,
  type ToolCallIds,
} from './realtimeEvents';
import { kindOf, misuse, type StepContext } from './stepContext';
import type { CallOptions, CallRest, ToolRef } from '../vocabulary';
import { argumentsOf, explicitCallId, handoffTargetOf, toolNameOf } from './validate';

/** Options of a scripted tool call: the ids to emit instead of the script's next ones. */
export interface RealtimeCallOptions extends CallOptions {
  responseId?: string;
  itemId?: string;
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
}

/** The rejection text the SDK sends as the tool output when an approval is rejected without a message. */
const DEFAULT_REJECTION = 'Tool execution was not approved.';

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
  #lastReply: 'audio' | 'text' | 'open text' | undefined;

  constructor(options: RealtimeOptions = {}) {
    super(checkOptions(options));
  }

  // ── Outbound calls ────────────────────────────────────────────────────────────────────────────

  /**
   * The next outbound call is `method`, matching `pattern`: a partial of its payload
   * (`{ message: 'Hello' }`, asymmetric matchers allowed) or a predicate of the call that rejects
   * it by returning `false` or throwing.
   */
  expect<M extends RealtimeMethod>(method: M, pattern?: CallPattern<M>): this {
    const context = this.#context('expect');
    if (!isRealtimeMethod(method)) {
      const suggestion = typeof method === 'string' ? closest(method, REALTIME_METHODS) : undefined;
      throw misuse(
        context,
        'invalid_method',
        `${kindOf(method)} is not a transport method. ` +
          (suggestion ? `Did you mean '${suggestion}'?` : `The methods are ${REALTIME_METHODS.map((name) => `'${name}'`).join(', ')}.`),
      );
    }
    const isPredicate = typeof pattern === 'function';
    if (pattern !== undefined && !isPredicate && !isPlainObject(pattern)) {
      throw misuse(context, 'invalid_pattern', `expected a partial of the call's payload, like { message: 'Hi' }, or a predicate; got ${kindOf(pattern)}.`);
    }
    const shown = (): string =>
      pattern === undefined ? '' : `, ${isPredicate ? (pattern as { name?: string }).name || 'predicate' : brief(pattern, 80)}`;
    return this.#expectStep({ method, pattern, describe: () => `expect('${method}'${shown()})` });
  }

  /** Makes the call the preceding `expect` step matches throw `error` (an injected failure). */
  fails(error: unknown): this {
    const context = this.#context('fails');
    const step = this.stepAt(this.stepCount - 1);
    if (!step || step.kind !== 'expect') {
      throw misuse(
        { ...context, stepIndex: Math.max(this.stepCount - 1, 0) },
        'nothing_to_fail',
        'it makes the call an expect… step matches throw, so it must follow one.',
      );
    }
    if (error === undefined || error === null) {
      throw misuse(context, 'missing_error', 'pass the error the call should throw, e.g. new Error("socket closed").');
    }
    if (step.failure) throw misuse({ ...context, stepIndex: this.stepCount - 1 }, 'already_failing', 'the step already fails.');
    step.failure = { error };
    step.label = undefined;
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
    if (!isPlainObject(target as unknown)) throw misuse(context, 'invalid_audio', `expected { ms, bytes, commit }; got ${kindOf(target)}.`);
    const { ms, bytes, commit } = target;
    if (ms !== undefined && bytes !== undefined) throw misuse(context, 'invalid_audio', 'give either ms or bytes, not both.');
    for (const [key, value] of [
      ['ms', ms],
      ['bytes', bytes],
    ] as const) {
      if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value) || value < 0)) {
        throw misuse(context, 'invalid_audio', `${key} must be a number, 0 or more; got ${kindOf(value)}.`);
      }
    }
    if (commit !== undefined && typeof commit !== 'boolean') throw misuse(context, 'invalid_audio', `commit must be a boolean; got ${kindOf(commit)}.`);
    const parts = [ms !== undefined ? describeMs(ms) : undefined, bytes !== undefined ? `${bytes} bytes` : undefined, commit ? 'commit' : undefined];
    return this.#expectStep({ method: 'sendAudio', pattern: undefined, audio: { ...target }, describe: () => `expectAudio(${parts.filter(Boolean).join(', ')})` });
  }

  /**
   * The session sends the output of the latest scripted call of `tool` (its call id is filled in).
   * `output` is the exact text, an asymmetric matcher, or an object compared as the JSON the SDK sends.
   * Without it any output passes except the SDK's own error texts, which mean the tool failed.
   */
  expectToolOutput(tool: ToolRef, output?: unknown, options?: CallOptions): this {
    return this.#expectOutput('expectToolOutput', tool, output, options);
  }

  /** The session answers the latest call of `tool` with the rejection an approval `reject()` sends. */
  expectToolRejection(tool: ToolRef, message: string = DEFAULT_REJECTION): this {
    return this.#expectOutput('expectToolRejection', tool, message, undefined, message === DEFAULT_REJECTION);
  }

  /** The session follows the scripted handoff: it updates the session config for `target`, then sends the transfer output. */
  expectHandoff(target: HandoffTarget): this {
    const context = this.#context('expectHandoff');
    const { label } = handoffTargetOf(target, context);
    const toolName = handoffToolName(target);
    const call = this.#toolCalls.get(toolName);
    if (!call) {
      throw misuse(context, 'no_tool_call', `there is no emitHandoff(${label}) before this step; the handoff must be emitted first.`);
    }
    const agent = agentOf(target);
    const instructions = typeof agent?.instructions === 'string' ? { config: { instructions: agent.instructions } } : undefined;
    this.#expectStep({ method: 'updateSessionConfig', pattern: instructions, describe: () => `expectHandoff(${label}): updateSessionConfig` });
    return this.#expectStep({
      method: 'sendFunctionCallOutput',
      pattern: { toolCall: { name: toolName, callId: call.callId }, output: transferMessage(target) },
      describe: () => `expectHandoff(${label}): sendFunctionCallOutput`,
    });
  }

  /**
   * A tripped output guardrail: the session stops the answer (see `stops`) and sends the model its
   * feedback message, which names the guardrail (its `policyHint`, or its name).
   */
  expectGuardrailTrip(name?: string, options: GuardrailTripOptions = {}): this {
    const context = this.#context('expectGuardrailTrip');
    if (name !== undefined && (typeof name !== 'string' || name === '')) {
      throw misuse(context, 'invalid_name', `expected the guardrail's name; got ${kindOf(name)}.`);
    }
    const stops = options.stops ?? (this.#lastReply === 'audio' ? 'interrupt' : this.#lastReply === 'open text' ? 'cancel' : 'nothing');
    if (!['interrupt', 'cancel', 'nothing'].includes(stops)) {
      throw misuse(context, 'invalid_option', `stops must be 'interrupt', 'cancel' or 'nothing'; got ${kindOf(stops)}.`);
    }
    const verb = `expectGuardrailTrip(${name === undefined ? '' : JSON.stringify(name)})`;
    if (stops === 'interrupt') this.#expectStep({ method: 'interrupt', pattern: undefined, describe: () => `${verb}: interrupt()` });
    if (stops === 'cancel') {
      this.#expectStep({ method: 'sendEvent', pattern: { event: { type: 'response.cancel' } }, describe: () => `${verb}: sendEvent(response.cancel)` });
    }
    const reason = name === undefined ? 'Your last answer was blocked.' : `Failed Guardrail Reason: ${name}.`;
    return this.#expectStep({ method: 'sendMessage', pattern: { message: containing(reason) }, describe: () => `${verb}: sendMessage(feedback)` });
  }

  // ── Inbound events ────────────────────────────────────────────────────────────────────────────

  /** Any transport event, typed by its name; delivered after the steps before it have been played. */
  emit<K extends RealtimeEventName>(event: K, ...args: RealtimeTransportEventTypes[K]): this;
  /**
   * The transport interface's own signature, kept so that the script stays assignable to
   * `RealtimeTransportLayer`; the overload above is the one every call resolves to.
   */
  emit<K extends keyof RealtimeTransportEventTypes>(event: K, ...args: RealtimeTransportEventTypes[K]): boolean;
  emit(name: string, ...args: unknown[]): this | boolean {
    const context = this.#context('emit');
    if (typeof name !== 'string' || name === '') throw misuse(context, 'invalid_event', `expected an event name; got ${kindOf(name)}.`);
    checkEvent(name, args, context);
    const shown = (): string => (args.length === 0 ? '' : `, ${args.map((arg) => brief(arg, 60)).join(', ')}`);
    return this.#emitStep({ describe: () => `emit('${name}'${shown()})`, events: [event(name, ...args)] });
  }

  /** The model calls `tool` (arguments typed from its schema); call, item and response ids are filled in. */
  emitToolCall<T extends ToolRef>(tool: T, ...[args, options]: CallRest<T, RealtimeCallOptions>): this {
    const context = this.#context('emitToolCall');
    const name = toolNameOf(tool, context);
    const checked = argumentsOf(args, context);
    const call = this.#newToolCall(name, typeof checked === 'string' ? checked : JSON.stringify(checked), options, context);
    const shown = (): string => (args === undefined ? name : `${name}, ${brief(checked, 60)}`);
    return this.#emitStep({ describe: () => `emitToolCall(${shown()})`, events: toolCallEvents(name, call.args, call), calls: { name, kind: 'tool' } });
  }

  /** The model sends the latest scripted tool call again (same call id, new response), as on a retry. */
  reemitToolCall(): this {
    const context = this.#context('reemitToolCall');
    const last = this.#lastToolCall;
    if (!last) throw misuse(context, 'no_tool_call', 'there is no emitToolCall() before this step to send again.');
    const ids = { ...last, responseId: this.#nextId('response') };
    return this.#emitStep({
      describe: () => `reemitToolCall(${last.name} ${last.callId})`,
      events: toolCallEvents(last.name, last.args, ids),
      calls: { name: last.name, kind: 'tool' },
    });
  }

  /** The model hands off to `target` (an agent, a `handoff()`, or a name) through the SDK's handoff tool. */
  emitHandoff(target: HandoffTarget, options?: RealtimeCallOptions): this {
    const context = this.#context('emitHandoff');
    const { label } = handoffTargetOf(target, context);
    const name = handoffToolName(target);
    const call = this.#newToolCall(name, '{}', options, context);
    return this.#emitStep({ describe: () => `emitHandoff(${label})`, events: toolCallEvents(name, call.args, call), calls: { name, kind: 'handoff' } });
  }

  /** An assistant text answer, streamed word by word, then completed (unless `done: false`). */
  emitTextReply(text: string, options: TextReplyOptions = {}): this {
    const context = this.#context('emitTextReply');
    const deltas = checkReply(text, options, context);
    const done = options.done ?? true;
    this.#lastReply = done ? 'text' : 'open text';
    const ids = this.#replyIds(options);
    return this.#emitStep({ describe: () => `emitTextReply(${brief(text, 60)}${done ? '' : ', open'})`, events: textReplyEvents(text, deltas, done, ids) });
  }

  /** An assistant spoken answer: audio chunks with transcript deltas, then audio done and the completed item. */
  emitAudioReply(transcript: string, options: AudioReplyOptions = {}): this {
    const context = this.#context('emitAudioReply');
    const deltas = checkReply(transcript, options, context);
    const chunks = audioChunks(options.audio ?? 200, context);
    this.#lastReply = 'audio';
    const ids = this.#replyIds(options);
    return this.#emitStep({
      describe: () => `emitAudioReply(${brief(transcript, 60)}, ${chunks.length} chunk${chunks.length === 1 ? '' : 's'})`,
      events: audioReplyEvents(transcript, chunks, deltas, ids),
    });
  }

  /** The server's record of a typed user message, which puts it into the session's history. */
  emitUserMessage(text: string, options: { itemId?: string } = {}): this {
    const context = this.#context('emitUserMessage');
    if (typeof text !== 'string') throw misuse(context, 'invalid_text', `expected the message text; got ${kindOf(text)}.`);
    return this.#emitStep({ describe: () => `emitUserMessage(${brief(text, 60)})`, events: userMessageEvents(text, this.#itemId(options.itemId, context)) });
  }

  /** The user spoke: an input audio item whose transcription then completes and merges into history. */
  emitUserTranscript(transcript: string, options: { itemId?: string } = {}): this {
    const context = this.#context('emitUserTranscript');
    if (typeof transcript !== 'string') throw misuse(context, 'invalid_text', `expected the transcript; got ${kindOf(transcript)}.`);
    return this.#emitStep({
      describe: () => `emitUserTranscript(${brief(transcript, 60)})`,
      events: userTranscriptEvents(transcript, this.#itemId(options.itemId, context)),
    });
  }

  /** The server detected the user talking over the answer: the transport reports `audio_interrupted`. */
  emitInterruption(): this {
    return this.#emitStep({ describe: () => 'emitInterruption()', events: [event('audio_interrupted')] });
  }

  /** A usage report, added to `session.usage`. */
  emitUsage(usage: UsageInput | Usage): this {
    const context = this.#context('emitUsage');
    if (!isPlainObject(usage) && typeof (usage as Usage | null)?.add !== 'function') {
      throw misuse(context, 'invalid_usage', `expected usage like { inputTokens: 10, outputTokens: 5 }; got ${kindOf(usage)}.`);
    }
    return this.#emitStep({ describe: () => `emitUsage(${brief(usage, 60)})`, events: usageEvents(usage) });
  }

  /** The connection drops from the server's side: the transport disconnects, then reports `error` if one is given. */
  emitDisconnect(error?: unknown): this {
    const hasError = arguments.length > 0 && error !== undefined;
    return this.#emitStep({
      describe: () => `emitDisconnect(${hasError ? brief(error, 60) : ''})`,
      events: [{ type: 'disconnect', error, hasError }],
    });
  }

  // ── Internals ─────────────────────────────────────────────────────────────────────────────────

  #context(verb: string): StepContext {
    return { double: this.label, stepIndex: this.stepCount, verb };
  }

  #expectStep(step: Omit<ExpectStep, 'kind'>): this {
    this.appendStep({ kind: 'expect', ...step });
    return this;
  }

  #emitStep(step: Omit<EmitStep, 'kind'>): this {
    this.appendStep({ kind: 'emit', ...step });
    return this;
  }

  #nextId(kind: 'call' | 'item' | 'response'): string {
    this.#ids[kind] += 1;
    return `${kind}_${this.#ids[kind]}`;
  }

  #itemId(itemId: string | undefined, context: StepContext): string {
    if (itemId === undefined) return this.#nextId('item');
    if (typeof itemId !== 'string' || itemId === '') throw misuse(context, 'invalid_id', `itemId must be a non-empty string; got ${kindOf(itemId)}.`);
    return itemId;
  }

  #replyIds(options: ReplyOptions): { itemId: string; responseId: string } {
    const context = this.#context('reply');
    const responseId = options.responseId ?? this.#nextId('response');
    if (typeof responseId !== 'string' || responseId === '') {
      throw misuse(context, 'invalid_id', `responseId must be a non-empty string; got ${kindOf(responseId)}.`);
    }
    return { itemId: this.#itemId(options.itemId, context), responseId };
  }

  #newToolCall(name: string, args: string, options: RealtimeCallOptions | undefined, context: StepContext): ToolCallRecord {
    const callId = explicitCallId(options, context) ?? this.#nextId('call');
    const itemId = this.#itemId(options?.itemId, context);
    const responseId = options?.responseId ?? this.#nextId('response');
    if (typeof responseId !== 'string' || responseId === '') {
      throw misuse(context, 'invalid_id', `responseId must be a non-empty string; got ${kindOf(responseId)}.`);
    }
    const call = { name, args, callId, itemId, responseId };
    this.#toolCalls.set(name, call);
    this.#lastToolCall = call;
    return call;
  }

  #expectOutput(verb: string, tool: ToolRef, output: unknown, options: CallOptions | undefined, defaultMessage = false): this {
    const context = this.#context(verb);
    const name = toolNameOf(tool, context);
    const callId = explicitCallId(options, context) ?? this.#toolCalls.get(name)?.callId;
    if (callId === undefined) {
      throw misuse(
        context,
        'no_tool_call',
        `there is no emitToolCall(${name}) before this step to take the call id from; emit the call first or pass { callId }.`,
      );
    }
    let expected = output;
    if (output !== undefined && typeof output !== 'string' && !isAsymmetricMatcher(output)) {
      if (typeof output !== 'object' || output === null) {
        throw misuse(context, 'invalid_output', `expected the output text, an asymmetric matcher or an object; got ${kindOf(output)}.`);
      }
      expected = JSON.stringify(output);
    }
    const shown = (): string => (output === undefined || defaultMessage ? name : `${name}, ${brief(output, 60)}`);
    return this.#expectStep({
      method: 'sendFunctionCallOutput',
      pattern: { toolCall: { name, callId }, output: expected === undefined ? notAToolError : expected },
      describe: () => `${verb}(${shown()})`,
    });
  }
}

/** A scripted Realtime transport: `new RealtimeSession(agent, { transport: realtime().expect(…).emit(…) })`. */
export function realtime(options?: RealtimeOptions): RealtimeScript {
  return new RealtimeScript(options);
}

function checkOptions(options: RealtimeOptions): RealtimeOptions {
  const invalid = (problem: string): ScriptError =>
    new ScriptError({ reason: 'invalid_option', double: 'realtime()', message: `realtime(): ${problem}` });
  if (typeof options !== 'object' || options === null) throw invalid(`options must be an object like { name: 'support' }; got ${kindOf(options)}.`);
  const { name, strict, timeoutMs } = options;
  if (name !== undefined && (typeof name !== 'string' || name === '')) throw invalid(`name must be a non-empty string; got ${kindOf(name)}.`);
  if (strict !== undefined && typeof strict !== 'boolean') throw invalid(`strict must be a boolean; got ${kindOf(strict)}.`);
  if (timeoutMs !== undefined && (typeof timeoutMs !== 'number' || !(timeoutMs > 0) || !Number.isFinite(timeoutMs))) {
    throw invalid(`timeoutMs must be a positive number of milliseconds (default ${DEFAULT_TIMEOUT_MS}); got ${kindOf(timeoutMs)}.`);
  }
  return options;
}

/** Events whose payload the session needs in a certain shape are checked where the test writes them. */
function checkEvent(name: string, args: unknown[], context: StepContext): void {
  const payload = args[0] as Record<string, unknown> | undefined;
  const need = (fields: readonly string[], hint = ''): void => {
    const missing = fields.filter((field) => typeof payload?.[field] !== 'string' || payload[field] === '');
    if (typeof payload !== 'object' || payload === null || missing.length > 0) {
      const problem =
        typeof payload === 'object' && payload !== null
          ? `${listNames(missing)} ${missing.length === 1 ? 'is' : 'are'} missing or empty`
          : `got ${kindOf(payload)}`;
      const needs = fields.length === 1 ? `a string ${listNames(fields)}` : `the strings ${listNames(fields)}`;
      throw misuse(context, 'invalid_event', `the "${name}" event needs ${needs}; ${problem}.${hint}`);
    }
  };
  if (name === 'function_call') need(['name', 'callId', 'responseId'], ' emitToolCall(tool, args) fills them in.');
  if (name === 'item_update') need(['itemId', 'type']);
  if (name === 'item_deleted') need(['itemId']);
}

function checkReply(text: string, options: ReplyOptions, context: StepContext): readonly string[] {
  if (typeof text !== 'string') throw misuse(context, 'invalid_text', `expected the reply text; got ${kindOf(text)}.`);
  if (typeof options !== 'object' || options === null) throw misuse(context, 'invalid_option', `options must be an object; got ${kindOf(options)}.`);
  const { deltas } = options;
  if (deltas === undefined) return wordsOf(text);
  if (!Array.isArray(deltas) || !deltas.every((delta) => typeof delta === 'string')) {
    throw misuse(context, 'invalid_option', `deltas must be an array of strings; got ${kindOf(deltas)}.`);
  }
  if (deltas.join('') !== text) {
    throw misuse(context, 'invalid_option', `the deltas join to ${brief(deltas.join(''), 60)}, not to the text ${brief(text, 60)}.`);
  }
  return deltas;
}

function audioChunks(audio: AudioReplyOptions['audio'], context: StepContext): readonly ArrayBuffer[] {
  if (typeof audio === 'number') {
    if (!(audio > 0) || !Number.isFinite(audio)) throw misuse(context, 'invalid_audio', `the audio duration must be a positive number of ms; got ${kindOf(audio)}.`);
    return chunk(tone(audio), 100);
  }
  const chunks: readonly unknown[] = Array.isArray(audio) ? audio : [audio];
  if (chunks.length === 0 || !chunks.every((part) => Object.prototype.toString.call(part) === '[object ArrayBuffer]')) {
    throw misuse(context, 'invalid_audio', `audio must be an ArrayBuffer, an array of them, or a duration in ms; got ${kindOf(audio)}.`);
  }
  return chunks as readonly ArrayBuffer[];
}

function handoffToolName(target: HandoffTarget): string {
  if (typeof target !== 'string') return getHandoff(target).toolName;
  return target.startsWith('transfer_to_') ? target : `transfer_to_${toFunctionToolName(target)}`;
}

function agentOf(target: HandoffTarget): Agent<any, any> | undefined {
  if (typeof target === 'string') return undefined;
  const asHandoff = target as Partial<Handoff<any, any>>;
  if (typeof asHandoff.toolName === 'string' && typeof asHandoff.agentName === 'string') return asHandoff.agent as Agent<any, any> | undefined;
  return target as Agent<any, any>;
}

function transferMessage(target: HandoffTarget): string | undefined {
  if (typeof target === 'string') return target.startsWith('transfer_to_') ? undefined : JSON.stringify({ assistant: target });
  const agent = agentOf(target);
  return agent ? getTransferMessage(agent) : undefined;
}

/**
 * The texts the SDK sends as a tool's output when the tool did not run: it threw (the default
 * error function), its arguments did not parse, it timed out, or it does not exist. The session
 * swallows the failure, so an unspecified output must not let these through.
 */
const SDK_TOOL_ERRORS = [
  /^An error occurred while running the tool\. Please try again\.$/,
  /^An error occurred while parsing tool arguments\./,
  /^Tool '.+' timed out after \d+ms\.$/,
  /^Tool .+ not found$/,
];

const notAToolError = {
  asymmetricMatch: (value: unknown) => typeof value === 'string' && !SDK_TOOL_ERRORS.some((text) => text.test(value)),
  toString: () => "an output that is not the SDK's tool-error text",
};

/** A tiny asymmetric matcher the kit can use without a runner's `expect`. */
function containing(text: string): { asymmetricMatch(value: unknown): boolean; toString(): string } {
  return {
    asymmetricMatch: (value) => typeof value === 'string' && value.includes(text),
    toString: () => `StringContaining ${JSON.stringify(text)}`,
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
