import type { LabelArg, ModelCall } from '../../fakes/realtime/step';
import { brief } from '../../format/brief';
import type { CallRest, HandoffTarget, ToolRef } from '../../vocabulary';
import { audioItem, textItem, toolCallItem, type ResponseItem, type ToolCallIds } from './events';
import { readHandoff } from './rules';
import { audioChunks, checkReply } from './validators';
import { misuse, type StepContext } from '../core/stepContext';
import { argumentsOf, toolNameOf } from '../core/validate';
import { stepOptions, type OptionKeys } from '../core/options';

/** Options of an item in a response: the item id to emit instead of the script's next one. */
export interface ResponseItemOptions {
  itemId?: string;
}

export interface ResponseTextOptions extends ResponseItemOptions {
  /** How the text streams; joined, the pieces must give the whole text. Word by word unless given. */
  deltas?: readonly string[];
}

export interface ResponseAudioOptions extends ResponseTextOptions {
  /** The audio: one buffer, the chunks as they arrive, or a duration in ms. 200 ms unless given. */
  audio?: ArrayBuffer | readonly ArrayBuffer[] | number;
}

export interface ResponseCallOptions extends ResponseItemOptions {
  /** The call id to emit instead of the script's next `call_N`; `''` sends the call without one. */
  callId?: string;
}

const RESPONSE_TEXT_OPTIONS = { itemId: true, deltas: true } satisfies OptionKeys<ResponseTextOptions>;
const RESPONSE_AUDIO_OPTIONS = { itemId: true, deltas: true, audio: true } satisfies OptionKeys<ResponseAudioOptions>;
const RESPONSE_CALL_OPTIONS = { itemId: true, callId: true } satisfies OptionKeys<ResponseCallOptions>;

/** What a response needs of the script it is written into: ids and the record of scripted calls. */
export interface ResponseHost {
  itemId(given: string | undefined, context: StepContext): string;
  toolCall(name: string, args: string, options: Partial<ResponseCallOptions>, responseId: string, context: StepContext): ToolCallIds;
}

/**
 * The items of one model response, in order: `emitResponse((r) => r.text('Let me check.').toolCall(lookupOrder, { orderId: 'A' }))`.
 * For the responses the one-item steps cannot say: a message and a tool call together, or
 * several transcript items.
 */
export class ResponseBuilder {
  readonly #host: ResponseHost;
  readonly #responseId: string;
  readonly #context: StepContext;
  readonly #items: ResponseItem[] = [];
  readonly #labels: LabelArg[] = [];
  readonly #calls: ModelCall[] = [];

  constructor(host: ResponseHost, responseId: string, context: StepContext) {
    this.#host = host;
    this.#responseId = responseId;
    this.#context = context;
  }

  /** An assistant text, streamed word by word. */
  text(text: string, options: ResponseTextOptions = {}): this {
    const context = this.#at('text');
    const deltas = checkReply(text, options, RESPONSE_TEXT_OPTIONS, context);
    this.#items.push(textItem(text, deltas, true, { itemId: this.#host.itemId(options.itemId, context), responseId: this.#responseId }));
    this.#labels.push(`text(${brief(text, 40)})`);
    return this;
  }

  /** A spoken answer: audio chunks with its transcript streaming alongside. */
  audio(transcript: string, options: ResponseAudioOptions = {}): this {
    const context = this.#at('audio');
    const deltas = checkReply(transcript, options, RESPONSE_AUDIO_OPTIONS, context);
    const chunks = audioChunks(options.audio ?? 200, context);
    this.#items.push(audioItem(transcript, chunks, deltas, { itemId: this.#host.itemId(options.itemId, context), responseId: this.#responseId }));
    this.#labels.push(`audio(${brief(transcript, 40)})`);
    return this;
  }

  /** The model calls `tool`; the session answers it as it answers `emitToolCall`. */
  toolCall<T extends ToolRef>(tool: T, ...[args, options]: CallRest<T, ResponseCallOptions>): this {
    const context = this.#at('toolCall');
    const name = toolNameOf(tool, context);
    const checked = argumentsOf(args, context);
    const rendered = typeof checked === 'string' ? checked : JSON.stringify(checked);
    const ids = this.#host.toolCall(name, rendered, stepOptions(options, RESPONSE_CALL_OPTIONS, context), this.#responseId, context);
    this.#items.push(toolCallItem(name, rendered, ids));
    this.#calls.push({ name, kind: 'tool', offered: true });
    this.#labels.push(args === undefined ? `toolCall(${name})` : `toolCall(${name}, ${brief(checked, 40)})`);
    return this;
  }

  /** The model hands off to `target` through the SDK's handoff tool. */
  handoff(target: HandoffTarget, options?: ResponseCallOptions): this {
    const context = this.#at('handoff');
    const { label, toolName } = readHandoff(target, context);
    const ids = this.#host.toolCall(toolName, '{}', stepOptions(options, RESPONSE_CALL_OPTIONS, context), this.#responseId, context);
    this.#items.push(toolCallItem(toolName, '{}', ids));
    this.#calls.push({ name: toolName, kind: 'handoff', offered: true });
    this.#labels.push(`handoff(${label})`);
    return this;
  }

  /** The response as it was written: its items, how the label shows them, the calls it makes. */
  finish(): { items: readonly ResponseItem[]; labels: readonly LabelArg[]; calls: readonly ModelCall[] } {
    if (this.#items.length === 0) {
      throw misuse(this.#context, 'empty_turn', 'the response has no items; add some with r.text(…), r.audio(…), r.toolCall(…) or r.handoff(…).');
    }
    return { items: this.#items, labels: this.#labels, calls: this.#calls };
  }

  #at(verb: string): StepContext {
    return { double: this.#context.double, stepIndex: this.#context.stepIndex, verb, within: this.#context.verb, param: 'r' };
  }
}
