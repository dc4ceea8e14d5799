import { type RecordedSpan } from '../fakes/traces/spans';
import type { Matcher } from './context';
import { EXPECTED_COLOR, printExpected } from './matcherUtils';
import { hint, invalidExpected } from './messages';
import { inOrder } from './subsequence';
import { describePattern, fits, isPattern, recorderOf, treeOf, type Pattern } from './traceRecord';

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
