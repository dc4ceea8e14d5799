import { describeSpan, SPAN_KINDS } from '../fakes/traces/spans';
import type { Matcher } from './context';
import { hint, invalidExpected } from './messages';
import { describePattern, fits, isObject, recorderOf, treeOf, withinOf, type Pattern } from './traceRecord';

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
