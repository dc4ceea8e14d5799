import {
  EXPECTED_COLOR,
  matcherErrorMessage,
  matcherHint,
  printExpected,
  printReceived,
  printWithType,
  RECEIVED_COLOR,
} from './matcherUtils';
import { brief } from '../format/brief';
import type { MatcherState } from './context';
import type { ToolCallRecord } from './runRecord';

/** The runner-style first line: `expect(received).not.toHaveCalledTool(expected)`. */
export function hint(state: MatcherState, name: string, expected = 'expected', secondArgument?: string): string {
  return matcherHint(name, 'received', expected, {
    isNot: state.isNot,
    promise: state.promise ?? '',
    ...(secondArgument === undefined ? {} : { secondArgument }),
  });
}

/** The matcher error for an expected argument of the wrong kind (a test bug, not a failure). */
export function invalidExpected(hintLine: string, what: string, value: unknown, label = 'Expected'): Error {
  return new Error(
    matcherErrorMessage(hintLine, `${EXPECTED_COLOR(label.toLowerCase())} value must be ${what}`, printWithType(label, value, printExpected)),
  );
}

/** `get_weather({"city":"Tokyo"})` */
export function describeToolCall(call: { name: string; args: unknown }): string {
  return `${call.name}(${call.args === undefined ? '' : brief(call.args, 100)})`;
}

/** A failure lists every call up to this many; a longer run shows its head, tail and marked calls. */
export const LISTED_CALLS_LIMIT = 30;
const HEAD = 10;
const TAIL = 5;
const MARKED = 10;

/**
 * The numbered record of what the run did, the way aws-sdk-client-mock lists calls: the calls,
 * the ones that matched marked with an arrow, and the count at the end. A run of thousands of
 * calls would bury the message, so past LISTED_CALLS_LIMIT the list keeps the first calls, the
 * last ones and the first marked ones, and says how many calls each gap leaves out.
 */
export function listToolCalls(calls: readonly ToolCallRecord[], marked: ReadonlySet<number> = new Set()): string {
  if (calls.length === 0) return 'The run made no tool calls.';
  const shown = shownIndices(calls.length, marked);
  const lines: string[] = [];
  let next = 0; // the tail is always shown, so a gap is only ever before a listed call
  for (const index of shown) {
    if (index > next) lines.push(`  … ${index - next} more tool call${index - next === 1 ? '' : 's'}`);
    const call = calls[index]!;
    const line = `${index + 1}. ${describeToolCall(call)}${call.agent ? `  (${call.agent})` : ''}`;
    lines.push(marked.has(index) ? RECEIVED_COLOR(`→ ${line}`) : `  ${line}`);
    next = index + 1;
  }
  return ['Tool calls of the run:', ...lines, '', `Number of tool calls: ${printReceived(calls.length)}`].join('\n');
}

function shownIndices(count: number, marked: ReadonlySet<number>): number[] {
  if (count <= LISTED_CALLS_LIMIT) return Array.from({ length: count }, (_, index) => index);
  const shown = new Set<number>();
  for (let index = 0; index < HEAD; index++) shown.add(index);
  for (let index = count - TAIL; index < count; index++) shown.add(index);
  [...marked].sort((a, b) => a - b).slice(0, MARKED).forEach((index) => shown.add(index));
  return [...shown].sort((a, b) => a - b);
}

export function times(count: number): string {
  return `${count} time${count === 1 ? '' : 's'}`;
}
