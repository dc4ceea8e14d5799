import type { RealtimeTransportCallFor, RealtimeTransportMethod } from '@openai/agents/realtime/testing';
import { brief } from '../../format/brief';
import { describeMs, inputFormatOf, msOf, type AudioFormat } from '../../format/audioFormat';

/** An outbound transport method: `sendMessage`, `sendAudio`, `sendFunctionCallOutput`, … (the SDK's own list). */
export type RealtimeMethod = RealtimeTransportMethod;

/** One recorded outbound call: its `index` (from 0), its `method` and that method's payload, typed by method. */
export type RealtimeCall<M extends RealtimeMethod = RealtimeMethod> = M extends RealtimeMethod ? RealtimeTransportCallFor<M> : never;

/** A call's payload without its bookkeeping: what `expect(method, partial)` matches against. */
export type RealtimePayload<M extends RealtimeMethod> = Omit<RealtimeTransportCallFor<M>, 'index' | 'method'>;

/** An outbound call as a transport method builds it, before it is recorded: `index` comes first and is set then. */
export interface Outbound {
  index: number;
  method: RealtimeMethod;
  [field: string]: unknown;
}

const METHODS = {
  connect: true,
  sendEvent: true,
  requestResponse: true,
  sendMessage: true,
  addImage: true,
  sendAudio: true,
  updateSessionConfig: true,
  close: true,
  mute: true,
  sendFunctionCallOutput: true,
  interrupt: true,
  resetHistory: true,
  sendMcpResponse: true,
} satisfies Record<RealtimeMethod, true>;

/** Every outbound method a transport has, in the order the SDK declares them. */
export const REALTIME_METHODS = Object.freeze(Object.keys(METHODS)) as readonly RealtimeMethod[];

export function isRealtimeMethod(value: unknown): value is RealtimeMethod {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(METHODS, value);
}

/** Calls that open and close the connection: accepted without a step unless the script names them. */
export function isLifecycle(method: string): boolean {
  return method === 'connect' || method === 'close';
}

/** A call in script terms: `sendMessage("Hello")`, `sendAudio(200 ms, commit)`, `sendFunctionCallOutput(lookup_order call_1 → "…")`. */
export function describeRealtimeCall(call: { method: string } & Record<string, unknown>, format: AudioFormat): string {
  switch (call.method) {
    case 'connect':
    case 'close':
    case 'interrupt':
      return `${call.method}()`;
    case 'mute':
      return `mute(${String(call.muted)})`;
    case 'sendMessage':
      return `sendMessage(${brief(messageText(call.message), 80)})`;
    case 'sendAudio': {
      const bytes = byteLengthOf(call.audio);
      const commit = (call.options as { commit?: boolean } | undefined)?.commit ? ', commit' : '';
      return `sendAudio(${describeMs(msOf(bytes, format))}${commit})`;
    }
    case 'sendFunctionCallOutput': {
      const toolCall = (call.toolCall ?? {}) as { name?: unknown; callId?: unknown };
      return `sendFunctionCallOutput(${String(toolCall.name)} ${String(toolCall.callId)} → ${brief(call.output, 80)})`;
    }
    case 'updateSessionConfig':
      return `updateSessionConfig(${describeConfig(call.config)})`;
    case 'sendEvent':
      return `sendEvent(${brief(call.event, 80)})`;
    case 'requestResponse':
      return call.response === undefined ? 'requestResponse()' : `requestResponse(${brief(call.response, 60)})`;
    case 'addImage':
      return `addImage(${typeof call.image === 'string' ? `${call.image.length} characters` : brief(call.image, 40)})`;
    case 'resetHistory':
      return `resetHistory(${lengthOf(call.oldHistory)} → ${lengthOf(call.newHistory)} items)`;
    case 'sendMcpResponse': {
      const request = (call.approvalRequest ?? {}) as { name?: unknown };
      return `sendMcpResponse(${String(request.name)}, ${call.approved ? 'approved' : 'rejected'})`;
    }
    default:
      return `${call.method}(…)`;
  }
}

/** The text of a `sendMessage` payload: the string, or the joined `input_text` parts of a message. */
export function messageText(message: unknown): unknown {
  if (typeof message === 'string') return message;
  const content = (message as { content?: unknown } | null)?.content;
  if (!Array.isArray(content)) return message;
  return content.map((part: { text?: unknown }) => (typeof part?.text === 'string' ? part.text : '')).join('');
}

export function byteLengthOf(audio: unknown): number {
  if (typeof audio !== 'object' || audio === null) return 0;
  const length = (audio as { byteLength?: unknown }).byteLength;
  return typeof length === 'number' ? length : 0;
}

function describeConfig(config: unknown): string {
  if (typeof config !== 'object' || config === null) return brief(config, 60);
  const { instructions, tools } = config as { instructions?: unknown; tools?: unknown };
  const parts: string[] = [];
  if (typeof instructions === 'string') parts.push(`instructions: ${brief(instructions, 40)}`);
  if (Array.isArray(tools)) parts.push(`tools: [${tools.map((tool: { name?: unknown }) => String(tool?.name)).join(', ')}]`);
  return parts.length > 0 ? parts.join(', ') : brief(config, 60);
}

function lengthOf(value: unknown): number {
  return Array.isArray(value) ? value.length : 0;
}

/**
 * The input audio format in effect at each call: the format the latest `connect` or
 * `updateSessionConfig` before it configured, 16-bit PCM at 24 kHz before any did.
 */
export function formatsOf(calls: readonly Record<string, unknown>[], initial: AudioFormat): AudioFormat[] {
  let format = initial;
  return calls.map((call) => {
    const config =
      call.method === 'connect'
        ? (call.options as { initialSessionConfig?: unknown } | undefined)?.initialSessionConfig
        : call.method === 'updateSessionConfig'
          ? call.config
          : undefined;
    format = inputFormatOf(config) ?? format;
    return format;
  });
}
