import { isTraceRecorder, type TraceRecorder } from '../fakes/traces/TraceRecorder';
import { describeSpan, SPAN_KINDS, type RecordedSpan } from '../fakes/traces/spans';
import { brief } from '../format/brief';
import type { Matcher, MatcherState } from './context';
import { EXPECTED_COLOR, printExpected, RECEIVED_COLOR } from './matcherUtils';
import { hint, invalidExpected, invalidReceived } from './messages';
import { matchesPartial } from './partial';
import { inOrder } from './subsequence';

/** A span pattern as `within` and `toHaveSpans` take it: its kind and a partial of the rest. */
type Pattern = { kind: string } & Record<string, unknown>;

/**
 * The recorder heard a span of `kind` (agent, generation, function, handoff, guardrail, custom, or
 * any kind the SDK makes) whose fields match `partial`; with `{ within }`, one nested (at any
 * depth) in a span matching that pattern. Failure messages print the span tree.
 */
export const toHaveSpan: Matcher<[kind: unknown, partial?: unknown, options?: unknown]> = function toHaveSpan(received, kind, partial, options) {
  const hintLine = hint(this, 'toHaveSpan', 'kind', 'partial');
  const recorder = recorderOf(received, hintLine);
  if (typeof kind !== 'string' || kind === '') throw invalidExpected(hintLine, `a span kind (${SPAN_KINDS.join(', ')})`, kind);
  if (partial !== undefined && !isObject(partial)) throw invalidExpected(hintLine, 'a partial span (an object), or nothing', partial, 'Partial');
  const within = withinOf(options, hintLine);
  const pattern: Pattern = { ...(partial as Record<string, unknown> | undefined), kind };
  const fitting = recorder.spans.filter((span) => fits(this, span, pattern));
  const nested = within === undefined ? fitting : fitting.filter((span) => recorder.ancestorsOf(span).some((parent) => fits(this, parent, within)));
  const pass = nested.length > 0;

  const message = (): string => {
    const where = within === undefined ? '' : `, within ${describePattern(within)}`;
    const lines = [hintLine, '', `Expected: ${pass ? 'no' : 'a'} span like ${describePattern(pattern)}${where}`];
    if (pass) lines.push(`Received: ${nested.length === 1 ? 'one' : nested.length}: ${nested.map((span) => describeSpan(span)).join('; ')}`);
    else if (fitting.length > 0) lines.push(`Received: ${fitting.length === 1 ? 'one' : fitting.length}, but not within ${describePattern(within as Pattern)}: ${fitting.map((span) => describeSpan(span)).join('; ')}`);
    else {
      const sameKind = recorder.spans.filter((span) => span.kind === kind);
      lines.push(`Received: ${sameKind.length === 0 ? `no ${kind} span` : `no matching one among ${sameKind.length} ${kind} span${sameKind.length === 1 ? '' : 's'}`}`);
    }
    lines.push('', ...treeOf(recorder, new Set(pass ? nested : fitting)));
    return lines.join('\n');
  };
  return { pass, message };
};

/**
 * The recorder heard spans matching `expected` in the order they started, others between them
 * allowed (the order of the rest of the kit's order rules). A string is the start of a span's line
 * in the tree (`'function get_weather'`, `'handoff Triage → Billing'`, `'agent "Billing"'`); an
 * object is a pattern `{ kind, ...partial }`.
 */
export const toHaveSpans: Matcher<[expected: unknown]> = function toHaveSpans(received, expected) {
  const hintLine = hint(this, 'toHaveSpans', 'expected');
  const recorder = recorderOf(received, hintLine);
  if (!Array.isArray(expected) || expected.length === 0 || !expected.every((pattern) => typeof pattern === 'string' || isPattern(pattern))) {
    throw invalidExpected(hintLine, "a non-empty array of span lines ('function get_weather') or patterns ({ kind: 'handoff', to: 'Billing' })", expected);
  }
  const spans = recorder.spans;
  const found = inOrder(spans, expected as (string | Pattern)[], (span, pattern) => fits(this, span, pattern));
  const pass = found.length === expected.length;

  const message = (): string => {
    const shown = (pattern: unknown): string => (typeof pattern === 'string' ? printExpected(pattern) : EXPECTED_COLOR(describePattern(pattern as Pattern)));
    const lines = [hintLine, '', `Expected: ${pass ? 'not ' : ''}these spans in order: ${expected.map(shown).join(' → ')}`];
    if (pass) lines.push('Received: all of them, in order');
    else {
      const missing = expected[found.length] as string | Pattern;
      const anywhere = spans.some((span) => fits(this, span, missing));
      lines.push(
        `Received: ${found.length === 0 ? 'none of them in order' : `the first ${found.length} in order`}; then no ${typeof missing === 'string' ? JSON.stringify(missing) : describePattern(missing)}` +
          (anywhere ? ' after them (it came earlier)' : ''),
      );
    }
    lines.push('', ...treeOf(recorder, new Set(found.map((index) => spans[index] as RecordedSpan))));
    return lines.join('\n');
  };
  return { pass, message };
};

function recorderOf(received: unknown, hintLine: string): TraceRecorder {
  if (!isTraceRecorder(received)) throw invalidReceived(hintLine, 'a traces() recorder', received);
  return received;
}

function withinOf(options: unknown, hintLine: string): Pattern | undefined {
  if (options === undefined) return undefined;
  const within = isObject(options) ? (options as { within?: unknown }).within : undefined;
  if (!isPattern(within)) throw invalidExpected(hintLine, "options like { within: { kind: 'agent', name: 'Triage' } }", options, 'Options');
  return within;
}

function fits(state: MatcherState, span: RecordedSpan, pattern: string | Pattern): boolean {
  if (typeof pattern === 'string') return describeSpan(span).startsWith(pattern);
  const { kind, ...partial } = pattern;
  return span.kind === kind && matchesPartial(state, span, partial);
}

/** `function { name: "get_weather" }`, `agent`: a pattern in a few words. */
function describePattern(pattern: Pattern): string {
  const { kind, ...partial } = pattern;
  return Object.keys(partial).length === 0 ? kind : `${kind} ${brief(partial, 80)}`;
}

/** The span tree as `tree()` prints it, the spans at issue marked. */
function treeOf(recorder: TraceRecorder, marked: ReadonlySet<RecordedSpan>): string[] {
  const entries = recorder.treeEntries();
  const stopped = recorder.listening ? '' : ' (it had stopped: its test ended, or stop())';
  if (entries.length === 0) return [`${recorder.label} heard no spans${stopped}.`];
  const markedIds = new Set([...marked].map((span) => span.id));
  return [
    `Spans ${recorder.label} heard${stopped}:`,
    ...entries.map(({ line, span }) => (span !== undefined && markedIds.has(span.id) ? RECEIVED_COLOR(`  ${line}  ←`) : `  ${line}`)),
  ];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPattern(value: unknown): value is Pattern {
  return isObject(value) && typeof value.kind === 'string' && value.kind !== '';
}
