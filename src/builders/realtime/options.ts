/**
 * The options the verbs of a `realtime()` script take: the ids to emit instead of the script's next
 * ones, how a reply streams, how a guardrail trip stops the answer. Exported from the package.
 */
import type { CallOptions } from '../../vocabulary';

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

/** Options of a user's item (`emitUserMessage`, `emitUserTranscript`): the item id to emit instead of the script's next one. */
export interface UserItemOptions {
  itemId?: string;
}

export interface McpApprovalRequestOptions {
  itemId?: string;
}

export interface McpCallOptions {
  /** What the server's tool returned; `null` (the default) for no output. */
  output?: string | null;
  itemId?: string;
}
