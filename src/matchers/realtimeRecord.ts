import { printReceived } from './matcherUtils';
import { invalidReceived, listed } from './messages';
import { PCM16_24K, type AudioFormat } from '../format/audioFormat';
import { describeRealtimeCall, formatsOf } from '../fakes/realtime/call';
import { ledgerOf } from '../fakes/core/ledger';
import type { RealtimeView } from '../fakes/realtime/RealtimeDouble';

/** One recorded outbound call: its method and payload, as the transport recorded it. */
export type RecordedCall = { index: number; method: string } & Record<string, unknown>;

/** What a Realtime transport double sent, read off `realtime()` or the SDK's `ScriptedRealtimeTransport`. */
export interface RealtimeRecord {
  label: string;
  calls: readonly RecordedCall[];
  /** The input audio format in effect at each call. */
  formats: readonly AudioFormat[];
  /** The calls a `realtime()` script took as rejected approvals; empty for the SDK's transport, which cannot tell. */
  rejections: ReadonlySet<number>;
}

interface TransportShape {
  calls: readonly RecordedCall[];
  label?: unknown;
  settled?: unknown;
  expectCall?: unknown;
}

/**
 * Reads a `realtime()` script or a `ScriptedRealtimeTransport`, or throws the matcher error a
 * runner shows for a received value of the wrong kind. Both are recognised by shape: the kit and
 * the SDK may each be loaded twice (CJS and ESM), so `instanceof` would miss half of them.
 */
export function readRealtime(received: unknown, hint: string): RealtimeRecord {
  const transport = received as Partial<TransportShape> | null;
  const isScript = typeof transport?.settled === 'function' && typeof transport.label === 'string';
  const isSdk = typeof transport?.expectCall === 'function';
  if (typeof transport !== 'object' || transport === null || (!isScript && !isSdk) || !Array.isArray(transport.calls)) {
    throw invalidReceived(hint, "a realtime() script or the SDK's ScriptedRealtimeTransport", received);
  }
  const calls = transport.calls as readonly RecordedCall[];
  const view = isScript ? (ledgerOf<RealtimeView>(received)?.view() as RealtimeView | undefined) : undefined;
  return {
    label: isScript ? (transport.label as string) : 'ScriptedRealtimeTransport',
    calls,
    formats: formatsOf(calls, PCM16_24K),
    rejections: view?.rejections ?? new Set(),
  };
}

/** `sendMessage("Hello")`: the call at `index` in script terms. */
export function describeCallAt(record: RealtimeRecord, index: number): string {
  return describeRealtimeCall(record.calls[index] as RecordedCall, record.formats[index] ?? PCM16_24K);
}

/**
 * The numbered record of what the transport sent, the way the tool matchers list tool calls:
 * the calls of interest marked with an arrow, and the count at the end.
 */
export function listRealtimeCalls(record: RealtimeRecord, marked: ReadonlySet<number> = new Set(), only?: string): string {
  const shown = record.calls.flatMap((call, index) => (only === undefined || call.method === only ? [index] : []));
  const what = only === undefined ? 'calls' : `${only} calls`;
  if (shown.length === 0) return `${record.label} recorded no ${what}.`;
  const entries = shown.map((index) => describeCallAt(record, index));
  const markedEntries = new Set(shown.flatMap((index, at) => (marked.has(index) ? [at] : [])));
  const lines = listed(entries, only === undefined ? 'call' : `${only} call`, markedEntries, shown);
  const header = only === undefined ? `Calls of ${record.label}:` : `${only} calls of ${record.label}:`;
  return [header, ...lines, '', `Number of ${what}: ${printReceived(shown.length)}`].join('\n');
}
