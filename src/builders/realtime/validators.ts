import type { Usage } from '@openai/agents';

import { brief } from '../../format/brief';
import { closest, listNames } from '../../format/closest';
import type { ErrorReporter, RealtimeOptions } from '../../fakes/realtime/RealtimeDouble';
import { isAsserting } from '../../fakes/core/predicate';
import { isRealtimeMethod, REALTIME_METHODS, type RealtimeMethod } from '../../fakes/realtime/call';
import { DEFAULT_TIMEOUT_MS, timeoutProblem } from '../../fakes/realtime/settling';
import type { AudioTarget, ErrorMatch, RealtimeEventName } from '../../fakes/realtime/step';
import { chunk, tone } from './audio';
import { checkedOptions, checkStepOptionKeys, stepOptions, type OptionKeys } from '../core/options';
import { USAGE_KEYS } from '../core/sdkOptions';
import { wordsOf } from './events';
import { kindOf, misuse, type StepContext } from '../core/stepContext';

/**
 * The checks of `realtime()` and its verbs: each refuses a misuse with a `ScriptError` at the line
 * that wrote it, before anything reaches the script.
 */

const REALTIME_OPTIONS = { name: true, verify: true, strict: true, timeoutMs: true } satisfies OptionKeys<RealtimeOptions>;

export function checkRealtimeOptions(options: RealtimeOptions | undefined): RealtimeOptions {
  const { options: checked, fail } = checkedOptions('realtime', options, REALTIME_OPTIONS, "{ name: 'support', timeoutMs: 500 }");
  const { strict, timeoutMs } = checked;
  if (strict !== undefined && typeof strict !== 'boolean') throw fail(`strict must be a boolean; got ${kindOf(strict)}.`);
  if (timeoutMs !== undefined) {
    const problem = timeoutProblem(timeoutMs, `timeoutMs (default ${DEFAULT_TIMEOUT_MS})`);
    if (problem !== undefined) throw fail(problem);
  }
  return checked;
}

export function checkMethod(method: unknown, context: StepContext): RealtimeMethod {
  if (isRealtimeMethod(method)) return method;
  const suggestion = typeof method === 'string' ? closest(method, REALTIME_METHODS) : undefined;
  throw misuse(
    context,
    'invalid_method',
    `${kindOf(method)} is not a transport method. ` +
      (suggestion ? `Did you mean '${suggestion}'?` : `The methods are ${REALTIME_METHODS.map((name) => `'${name}'`).join(', ')}.`),
  );
}

/** A call pattern, checked: a partial of the payload, or a predicate of the whole call. */
export function checkPattern(pattern: unknown, context: StepContext): { pattern?: object; predicate?: (call: never) => unknown } {
  if (pattern === undefined) return {};
  if (typeof pattern === 'function') return { predicate: pattern as (call: never) => unknown };
  if (isPlainObject(pattern)) return { pattern };
  throw misuse(context, 'invalid_pattern', `expected a partial of the call's payload, like { message: 'Hi' }, or a predicate; got ${kindOf(pattern)}.`);
}

/**
 * The event names a transport emits, as the SDK's event map declares them. Typed against the
 * installed SDK: an event it adds or drops fails the type check here.
 */
const EVENT_NAMES = {
  '*': true,
  error: true,
  function_call: true,
  audio: true,
  audio_interrupted: true,
  audio_transcript_delta: true,
  output_text_delta: true,
  audio_done: true,
  usage_update: true,
  item_update: true,
  item_deleted: true,
  connection_change: true,
  turn_started: true,
  turn_done: true,
  mcp_tool_call_completed: true,
  mcp_approval_request: true,
  mcp_tools_listed: true,
} satisfies Record<RealtimeEventName, true>;

const EVENTS = Object.keys(EVENT_NAMES);

/** An event and its payload, checked where the test writes them: a known name, and the fields the session reads. */
export function checkEvent(name: unknown, args: readonly unknown[], context: StepContext): RealtimeEventName {
  if (typeof name !== 'string' || name === '') throw misuse(context, 'invalid_event', `expected an event name; got ${kindOf(name)}.`);
  if (!Object.prototype.hasOwnProperty.call(EVENT_NAMES, name)) {
    const suggestion = closest(name, EVENTS);
    throw misuse(
      context,
      'invalid_event',
      `"${name}" is not an event a transport emits, so the session would never hear it. ` +
        (suggestion ? `Did you mean "${suggestion}"?` : `The events are ${listNames(EVENTS)}.`),
    );
  }
  const payload = args[0];
  if (name === 'function_call') {
    // The server may leave the call id out; the SDK then keys the call by its item id.
    if (typeof payload === 'object' && payload !== null && (payload as { callId?: unknown }).callId === '') {
      needFields(name, payload, ['name', 'id', 'responseId'], context, ' A call without a callId is known by its item id.');
    } else {
      needFields(name, payload, ['name', 'callId', 'responseId'], context, ' emitToolCall(tool, args) fills them in.');
    }
  } else if (name === 'item_update') needFields(name, payload, ['itemId', 'type'], context);
  else if (name === 'item_deleted') needFields(name, payload, ['itemId'], context);
  else if (name === 'usage_update') checkUsage(payload, context);
  return name as RealtimeEventName;
}

/** Refuses an event payload whose `fields` are not non-empty strings: the session reads them. */
function needFields(name: string, payload: unknown, fields: readonly string[], context: StepContext, hint = ''): void {
  const record = payload as Record<string, unknown> | null | undefined;
  const absent = (field: string): boolean => typeof record?.[field] !== 'string' || record[field] === '';
  // Checked on every emit: the list of missing fields is made only for the message.
  if (typeof payload === 'object' && payload !== null && !fields.some(absent)) return;
  const missing = fields.filter(absent);
  const problem =
    typeof payload === 'object' && payload !== null ? `${listNames(missing)} ${missing.length === 1 ? 'is' : 'are'} missing or empty` : `got ${kindOf(payload)}`;
  const needs = fields.length === 1 ? `a string ${listNames(fields)}` : `the strings ${listNames(fields)}`;
  throw misuse(context, 'invalid_event', `the "${name}" event needs ${needs}; ${problem}.${hint}`);
}

export function checkText(text: unknown, what: string, context: StepContext): string {
  if (typeof text !== 'string') throw misuse(context, 'invalid_text', `expected ${what}; got ${kindOf(text)}.`);
  return text;
}

/** How a reply streams: the deltas given (which must join to the text), or word by word. `known` is the keys of the verb's options type. */
export function checkReply<T extends { deltas?: readonly string[] }>(text: unknown, options: T | undefined, known: OptionKeys<T>, context: StepContext): readonly string[] {
  checkText(text, 'the reply text', context);
  const { deltas } = stepOptions(options, known, context);
  if (deltas === undefined) return wordsOf(text as string);
  if (!Array.isArray(deltas) || !deltas.every((delta) => typeof delta === 'string')) {
    throw misuse(context, 'invalid_option', `deltas must be an array of strings; got ${kindOf(deltas)}.`);
  }
  if (deltas.join('') !== text) {
    throw misuse(context, 'invalid_option', `the deltas join to ${brief(deltas.join(''), 60)}, not to the text ${brief(text, 60)}.`);
  }
  return deltas;
}

/** The chunks of a spoken answer: one buffer, several, or a duration in ms (a tone in 100 ms chunks). */
export function audioChunks(audio: ArrayBuffer | readonly ArrayBuffer[] | number, context: StepContext): readonly ArrayBuffer[] {
  if (typeof audio === 'number') {
    if (!(audio > 0) || !Number.isFinite(audio)) throw misuse(context, 'invalid_audio', `the audio duration must be a positive number of ms; got ${kindOf(audio)}.`);
    return chunk(tone(audio), 100);
  }
  const chunks: readonly unknown[] = Array.isArray(audio) ? audio : [audio];
  const view = chunks.find((part) => ArrayBuffer.isView(part));
  if (view !== undefined) {
    throw misuse(context, 'invalid_audio', `audio chunks are ArrayBuffers; got a ${view.constructor.name}. Pass the bytes it views: new Uint8Array(view).buffer.`);
  }
  if (chunks.length === 0 || !chunks.every((part) => Object.prototype.toString.call(part) === '[object ArrayBuffer]')) {
    throw misuse(context, 'invalid_audio', `audio must be an ArrayBuffer, an array of them, or a duration in ms; got ${kindOf(audio)}.`);
  }
  return chunks as readonly ArrayBuffer[];
}

const AUDIO_TARGET_KEYS = { ms: true, bytes: true, commit: true } satisfies OptionKeys<AudioTarget>;

export function checkAudioTarget(target: unknown, context: StepContext): AudioTarget {
  if (!isPlainObject(target)) throw misuse(context, 'invalid_audio', `expected { ms, bytes, commit }; got ${kindOf(target)}.`);
  checkStepOptionKeys(target, AUDIO_TARGET_KEYS, context);
  const { ms, bytes, commit } = target as AudioTarget;
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
  return { ...(target as AudioTarget) };
}

/** An item or response id the test fixes: a non-empty string. */
export function checkId(id: unknown, what: 'itemId' | 'responseId', context: StepContext): string {
  if (typeof id !== 'string' || id === '') throw misuse(context, 'invalid_id', `${what} must be a non-empty string; got ${kindOf(id)}.`);
  return id;
}

export function checkBoolean(value: unknown, what: string, context: StepContext): boolean | undefined {
  if (value !== undefined && typeof value !== 'boolean') throw misuse(context, 'invalid_option', `${what} must be a boolean; got ${kindOf(value)}.`);
  return value;
}

export function checkUsage(usage: unknown, context: StepContext): void {
  if (!isPlainObject(usage) && typeof (usage as Usage | null)?.add !== 'function') {
    throw misuse(context, 'invalid_usage', `expected usage like { inputTokens: 10, outputTokens: 5 }; got ${kindOf(usage)}.`);
  }
  checkStepOptionKeys(usage, USAGE_KEYS, context, 'usage');
}

/** What an error the session reports must be like: a part of its message, a RegExp, or a predicate. */
function checkErrorMatch(match: unknown, context: StepContext): ErrorMatch | undefined {
  if (match === undefined || typeof match === 'string' || match instanceof RegExp || typeof match === 'function' || isAsserting(match)) {
    return match as ErrorMatch | undefined;
  }
  throw misuse(context, 'invalid_matcher', `expected a part of the error's message, a RegExp or a predicate; got ${kindOf(match)}.`);
}

/**
 * `expectSessionError`'s arguments: the session to listen to, if given first (anything with an `on`
 * method), and what the error must be like.
 */
export function checkSessionErrorArgs(first: unknown, match: unknown, context: StepContext): { session?: ErrorReporter; match?: ErrorMatch } {
  if (typeof (first as { on?: unknown } | null | undefined)?.on === 'function') return { session: first as ErrorReporter, match: checkErrorMatch(match, context) };
  if (match !== undefined || (typeof first === 'object' && first !== null && !(first instanceof RegExp) && !isAsserting(first))) {
    throw misuse(context, 'invalid_session', `expected what the error must be like, or the RealtimeSession whose errors to check first; got ${kindOf(first)}.`);
  }
  return { match: checkErrorMatch(first, context) };
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}


/** The label of a hosted MCP server (`hostedMcpTool({ serverLabel })`): a text that is not blank. */
export function checkServerLabel(label: unknown, context: StepContext): string {
  const text = checkText(label, 'the MCP server label', context);
  if (text.trim() === '') throw misuse(context, 'invalid_text', 'the MCP server label is empty; give the serverLabel of the hostedMcpTool it stands for.');
  return text;
}
