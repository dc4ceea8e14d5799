import type { CallOptions } from '../../vocabulary';
import type { ToolCallIds } from './events';
import type { RealtimeCallOptions, ReplyOptions } from './options';
import type { ResponseHost } from './response';
import { checkId } from './validators';
import { misuse, type StepContext } from '../core/stepContext';
import { explicitCallId } from '../core/validate';

/** A tool call the script emitted: its ids, its function name and its arguments as sent. */
export type ToolCallRecord = ToolCallIds & { name: string; args: string };

/** The latest assistant reply the script emitted, and whether it was audio, finished text or text still streaming. */
export interface ReplyRecord {
  kind: 'audio' | 'text' | 'open text';
  responseId: string;
}

/** The latest hosted MCP approval request the script emitted: the answer to it names it. */
export interface McpRequestRecord {
  itemId: string;
  serverLabel: string;
  name: string;
}

/**
 * What a `realtime()` script remembers from one step to the next, so that later steps can refer
 * to earlier ones: the ids it hands out (`call_N`, `item_N`, `response_N`), the latest scripted
 * call of each tool (whose call id an output answers), the latest reply (which a guardrail trip
 * stops) and the latest MCP approval request (which an approval answers). An `emitResponse`
 * builder writes its items' ids and calls into it too.
 */
export class ScriptMemory implements ResponseHost {
  readonly #ids = { call: 0, item: 0, response: 0 };
  /** The latest scripted call per function name, for `expectToolOutput` and `expectHandoff`. */
  readonly #toolCalls = new Map<string, ToolCallRecord>();
  /** The latest scripted call of any tool, for `reemitToolCall`. */
  lastToolCall: ToolCallRecord | undefined;
  lastReply: ReplyRecord | undefined;
  lastMcpRequest: McpRequestRecord | undefined;

  nextId(kind: 'call' | 'item' | 'response'): string {
    this.#ids[kind] += 1;
    return `${kind}_${this.#ids[kind]}`;
  }

  /** The item id given (checked), or the next one. */
  itemId(itemId: string | undefined, context: StepContext): string {
    return itemId === undefined ? this.nextId('item') : checkId(itemId, 'itemId', context);
  }

  /** The response id given (checked), or the next one. */
  responseId(responseId: string | undefined, context: StepContext): string {
    return responseId === undefined ? this.nextId('response') : checkId(responseId, 'responseId', context);
  }

  replyIds(options: ReplyOptions, context: StepContext): { itemId: string; responseId: string } {
    const responseId = this.responseId(options.responseId, context);
    return { itemId: this.itemId(options.itemId, context), responseId };
  }

  /**
   * A new scripted call of `name`, remembered as its tool's latest; in `responseId`'s response when
   * given. `given` is the verb's options, checked by the verb (their keys differ by verb).
   */
  toolCall(name: string, args: string, given: Partial<RealtimeCallOptions>, responseId: string | undefined, context: StepContext): ToolCallRecord {
    // An empty call id is a call the server sent without one; any other id is checked as usual.
    const callId = given.callId === '' ? '' : (explicitCallId(given, context) ?? this.nextId('call'));
    const itemId = this.itemId(given.itemId, context);
    const response = responseId ?? this.responseId(given.responseId, context);
    const call = { name, args, callId, itemId, responseId: response };
    this.#toolCalls.set(name, call);
    this.lastToolCall = call;
    return call;
  }

  /** The latest scripted call of `name`, if any. */
  toolCallOf(name: string): ToolCallRecord | undefined {
    return this.#toolCalls.get(name);
  }

  /** The call id an output for `name` answers: the one given, or the latest scripted call's. */
  callIdFor(name: string, options: CallOptions | undefined, context: StepContext, emitter = 'emitToolCall'): string {
    const given = explicitCallId(options, context);
    if (given !== undefined) return given;
    const call = this.#toolCalls.get(name);
    if (call === undefined) {
      throw misuse(context, 'no_tool_call', `there is no ${emitter}(${name}) before this step to take the call id from; emit the call first or pass { callId }.`);
    }
    return answeredId(call);
  }
}

/** The id the session answers a call by: its call id, or its item id when the server sent none. */
export function answeredId(call: ToolCallIds): string {
  return call.callId === '' ? call.itemId : call.callId;
}
