import { Usage, type UsageInput } from '@openai/agents';
import type { PlannedEvent } from '../../fakes/realtime/step';

/**
 * The transport events of whole turns, in the order and shape the SDK's own OpenAI transport emits
 * them (`openaiRealtimeBase`): a response starts, its items are added, streamed and completed,
 * and the response ends. Usage is left to `emitUsage`, so turns never change `session.usage`.
 */

export function event(name: string, ...args: unknown[]): PlannedEvent {
  return { type: 'event', name, args };
}

const NO_USAGE = Object.freeze({ inputTokens: 0, outputTokens: 0, totalTokens: 0, inputTokensDetails: {}, outputTokensDetails: {} });

function responseStarted(responseId: string): PlannedEvent {
  return event('turn_started', { type: 'response_started', providerData: { response: { id: responseId } } });
}

function responseDone(responseId: string, output: readonly unknown[]): PlannedEvent {
  return event('turn_done', { type: 'response_done', response: { id: responseId, output, usage: NO_USAGE } });
}

/** One item of a response: the events that stream it, and what the response's end lists for it. */
export interface ResponseItem {
  readonly events: readonly PlannedEvent[];
  /** `undefined` for an item left open (a text still streaming). */
  readonly output: unknown;
}

/** Wraps items in one response: it starts, its items stream in order, and (when every item is done) it ends listing them. */
export function responseEvents(responseId: string, items: readonly ResponseItem[]): PlannedEvent[] {
  const events = [responseStarted(responseId), ...items.flatMap((item) => item.events)];
  if (items.some((item) => item.output === undefined)) return events;
  return [...events, responseDone(responseId, items.map((item) => item.output))];
}

export interface ToolCallIds {
  /** Empty for a call the server sends without a call id. */
  callId: string;
  itemId: string;
  responseId: string;
}

/** The model calls a function: the call item appears, and the `function_call` the session dispatches. */
export function toolCallItem(name: string, args: string, ids: ToolCallIds): ResponseItem {
  const { callId, itemId, responseId } = ids;
  return {
    events: [
      event('item_update', { itemId, type: 'function_call', status: 'in_progress', name, arguments: args, output: null }),
      event('function_call', { id: itemId, type: 'function_call', name, callId, arguments: args, responseId }),
    ],
    output: { type: 'function_call', id: itemId, callId, name, arguments: args, status: 'completed' },
  };
}

export interface ReplyIds {
  itemId: string;
  responseId: string;
}

/** An assistant text streamed in `deltas`; with `done: false` the item stays open. */
export function textItem(text: string, deltas: readonly string[], done: boolean, ids: ReplyIds): ResponseItem {
  const { itemId, responseId } = ids;
  const content = [{ type: 'output_text', text }];
  const streamed = [
    event('item_update', { itemId, type: 'message', role: 'assistant', status: 'in_progress', content: [] }),
    ...deltas.map((delta) => event('output_text_delta', { type: 'output_text_delta', itemId, delta, responseId })),
  ];
  if (!done) return { events: streamed, output: undefined };
  return {
    events: [...streamed, event('item_update', { itemId, type: 'message', role: 'assistant', status: 'completed', content })],
    output: { type: 'message', id: itemId, role: 'assistant', status: 'completed', content },
  };
}

/** An assistant spoken answer: audio chunks interleaved with transcript deltas, then audio done and the item completed. */
export function audioItem(transcript: string, chunks: readonly ArrayBuffer[], deltas: readonly string[], ids: ReplyIds): ResponseItem {
  const { itemId, responseId } = ids;
  const content = [{ type: 'output_audio', transcript }];
  const streamed: PlannedEvent[] = [];
  for (let index = 0; index < Math.max(chunks.length, deltas.length); index += 1) {
    const data = chunks[index];
    if (data !== undefined) streamed.push(event('audio', { type: 'audio', data, responseId }));
    const delta = deltas[index];
    if (delta !== undefined) streamed.push(event('audio_transcript_delta', { type: 'transcript_delta', itemId, delta, responseId }));
  }
  return {
    events: [
      event('item_update', { itemId, type: 'message', role: 'assistant', status: 'in_progress', content: [] }),
      ...streamed,
      event('audio_done'),
      event('item_update', { itemId, type: 'message', role: 'assistant', status: 'completed', content }),
    ],
    output: { type: 'message', id: itemId, role: 'assistant', status: 'completed', content },
  };
}

/** The server's echo of a typed user message, which is what puts it into the session's history. */
export function userMessageEvents(text: string, itemId: string): PlannedEvent[] {
  return [event('item_update', { itemId, type: 'message', role: 'user', status: 'completed', content: [{ type: 'input_text', text }] })];
}

/**
 * The user spoke: the audio item appears without a transcript, then the transcription completes.
 * The session merges the transcript into history only from the raw (`'*'`) event.
 */
export function userTranscriptEvents(transcript: string, itemId: string): PlannedEvent[] {
  return [
    event('item_update', { itemId, type: 'message', role: 'user', status: 'in_progress', content: [{ type: 'input_audio', transcript: null }] }),
    event('*', { type: 'conversation.item.input_audio_transcription.completed', item_id: itemId, content_index: 0, transcript }),
  ];
}

export function usageEvents(usage: UsageInput | Usage): PlannedEvent[] {
  // The session adds the value to its own Usage, which reads the fields of another Usage.
  const value = typeof (usage as Usage).add === 'function' ? usage : new Usage(usage);
  return [event('usage_update', value)];
}

/** A remote MCP tool asks for approval: the transport adds the request item to history, then raises it. */
export function mcpApprovalRequestEvents(request: { itemId: string; serverLabel: string; name: string; arguments: Record<string, unknown> }): PlannedEvent[] {
  const item = { itemId: request.itemId, type: 'mcp_approval_request', serverLabel: request.serverLabel, name: request.name, arguments: request.arguments, approved: null };
  return [event('item_update', item), event('mcp_approval_request', item)];
}

/** A tool a hosted MCP server lists, as Realtime reports it. */
export interface RealtimeMcpTool {
  name: string;
  description?: string;
  input_schema?: Record<string, unknown>;
}

/** A hosted MCP server's tool listing: the session's available MCP tools change (`mcp_tools_changed`). */
export function mcpToolsListedEvents(serverLabel: string, tools: readonly RealtimeMcpTool[]): PlannedEvent[] {
  return [event('mcp_tools_listed', { serverLabel, tools: structuredClone(tools) })];
}

/** A call a hosted MCP server ran: its item reaches history in progress, completes, then `mcp_tool_call_completed`. */
export function mcpCallEvents(call: { itemId: string; name: string; arguments: string; output: string | null }): PlannedEvent[] {
  const item = (status: 'in_progress' | 'completed') => ({
    itemId: call.itemId,
    type: 'mcp_call',
    status,
    arguments: call.arguments,
    name: call.name,
    output: status === 'completed' ? call.output : null,
  });
  return [event('item_update', item('in_progress')), event('item_update', item('completed')), event('mcp_tool_call_completed', item('completed'))];
}

/** `"Hi there."` → `["Hi", " there."]`: how a transcript streams when the test does not say. */
export function wordsOf(text: string): string[] {
  return text.match(/\s*\S+\s*$|\s*\S+/g) ?? (text === '' ? [] : [text]);
}
