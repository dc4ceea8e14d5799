import { printExpected, printReceived } from './matcherUtils';
import { describeFormat, describeMs, msOf } from '../format/audioFormat';
import { byteLengthOf } from '../fakes/realtime/call';
import type { Matcher } from './context';
import { hint, invalidExpected } from './messages';
import { listRealtimeCalls, readRealtime } from './realtimeRecord';

/** What `toHaveSentAudio` checks; each field is compared with the runner's equality, so asymmetric matchers work. */
export interface SentAudio {
  /** The total duration of every `sendAudio` call, in the input format the session configured. */
  ms?: number;
  bytes?: number;
  /** The number of `sendAudio` calls. */
  chunks?: number;
  /** Whether the last `sendAudio` call committed the audio buffer. */
  committed?: boolean;
}

const KEYS = ['ms', 'bytes', 'chunks', 'committed'] as const;

/** The transport sent audio: any at all, or audio whose totals match `expected`. */
export const toHaveSentAudio: Matcher<[expected?: unknown]> = function toHaveSentAudio(received, expected) {
  const hintLine = hint(this, 'toHaveSentAudio', expected === undefined ? '' : 'expected');
  if (
    expected !== undefined &&
    (typeof expected !== 'object' || expected === null || Array.isArray(expected) || Object.keys(expected).some((key) => !(KEYS as readonly string[]).includes(key)))
  ) {
    throw invalidExpected(hintLine, 'an object with any of ms, bytes, chunks and committed', expected);
  }
  const record = readRealtime(received, hintLine);
  const audio = record.calls.flatMap((call, index) => (call.method === 'sendAudio' ? [index] : []));
  const bytes = audio.reduce((total, index) => total + byteLengthOf(record.calls[index]?.audio), 0);
  const ms = audio.reduce((total, index) => total + msOf(byteLengthOf(record.calls[index]?.audio), record.formats[index] as never), 0);
  const last = record.calls[audio.at(-1) ?? -1] as { options?: { commit?: boolean } } | undefined;
  const actual: Required<SentAudio> = { ms, bytes, chunks: audio.length, committed: last?.options?.commit === true };
  const wanted = (expected ?? {}) as SentAudio;
  const differing = KEYS.filter((key) => key in wanted && !this.equals(actual[key], wanted[key], this.customTesters ?? []));
  const pass = audio.length > 0 && differing.length === 0;

  const message = (): string => {
    const what = expected === undefined ? 'audio sent' : `audio sent with ${printExpected(expected)}`;
    const lines = [hintLine, '', `Expected: ${pass ? 'no ' : ''}${what}`, `Received: ${describeSent(actual, record.formats[audio.at(-1) ?? -1])}`];
    if (!pass && differing.length > 0 && audio.length > 0) {
      lines.push(...differing.map((key) => `  ${key}: expected ${printExpected(wanted[key])}, received ${printReceived(actual[key])}`));
    }
    lines.push('', listRealtimeCalls(record, pass ? new Set(audio) : new Set(), 'sendAudio'));
    return lines.join('\n');
  };
  return { pass, message };
};

function describeSent(actual: Required<SentAudio>, format: Parameters<typeof describeFormat>[0] | undefined): string {
  if (actual.chunks === 0) return 'no sendAudio call';
  const calls = `${actual.chunks} sendAudio call${actual.chunks === 1 ? '' : 's'}`;
  const encoding = format ? `, ${describeFormat(format)}` : '';
  return `${describeMs(actual.ms)} in ${calls} (${actual.bytes} bytes${encoding}), the last ${actual.committed ? 'committed' : 'not committed'}`;
}
