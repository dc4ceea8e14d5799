import { hasRecorderMark } from '../fakes/traces/recorderMark';
import type { TraceRecorder } from '../fakes/traces/TraceRecorder';
import { describeSpan, type RecordedSpan } from '../fakes/traces/spans';
import { brief } from '../format/brief';
import type { MatcherState } from './context';
import { RECEIVED_COLOR } from './matcherUtils';
import { invalidExpected, invalidReceived } from './messages';
import { matchesPartial } from './partial';

// What the span matchers (toHaveSpan, toHaveSpans) read off a traces() recorder, and how they print it.

/** A span pattern as `within` and `toHaveSpans` take it: its kind and a partial of the rest. */
export type Pattern = { kind: string } & Record<string, unknown>;

export function recorderOf(received: unknown, hintLine: string): TraceRecorder {
  if (!hasRecorderMark(received)) throw invalidReceived(hintLine, 'a traces() recorder', received);
  // Recognised by its mark, not its class: Jest's native ESM runs `traces()` from the kit's ES
  // module build and the matchers from its CommonJS build.
  return received as TraceRecorder;
}

export function withinOf(options: unknown, hintLine: string): Pattern | undefined {
  if (options === undefined) return undefined;
  const within = isObject(options) ? (options as { within?: unknown }).within : undefined;
  if (!isPattern(within)) throw invalidExpected(hintLine, "options like { within: { kind: 'agent', name: 'Triage' } }", options, 'Options');
  return within;
}

export function fits(state: MatcherState, span: RecordedSpan, pattern: string | Pattern): boolean {
  if (typeof pattern === 'string') return describeSpan(span).startsWith(pattern);
  const { kind, ...partial } = pattern;
  return span.kind === kind && matchesPartial(state, span, partial);
}

/** `function { name: "get_weather" }`, `agent`: a pattern in a few words. */
export function describePattern(pattern: Pattern): string {
  const { kind, ...partial } = pattern;
  return Object.keys(partial).length === 0 ? kind : `${kind} ${brief(partial, 80)}`;
}

/** The span tree as `tree()` prints it, the spans at issue marked. */
export function treeOf(recorder: TraceRecorder, marked: ReadonlySet<RecordedSpan>): string[] {
  const entries = recorder.treeEntries();
  const stopped = recorder.listening ? '' : ' (it had stopped: its test ended, or stop())';
  if (entries.length === 0) return [`${recorder.label} heard no spans${stopped}.`];
  const markedIds = new Set([...marked].map((span) => span.id));
  return [
    `Spans ${recorder.label} heard${stopped}:`,
    ...entries.map(({ line, span }) => (span !== undefined && markedIds.has(span.id) ? RECEIVED_COLOR(`  ${line}  ←`) : `  ${line}`)),
  ];
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isPattern(value: unknown): value is Pattern {
  return isObject(value) && typeof value.kind === 'string' && value.kind !== '';
}
