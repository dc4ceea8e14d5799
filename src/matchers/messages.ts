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

/**
 * The numbered record of what the run did, the way aws-sdk-client-mock lists calls: every call,
 * the ones that matched marked with an arrow, and the count at the end.
 */
export function listToolCalls(calls: readonly ToolCallRecord[], marked: ReadonlySet<number> = new Set()): string {
  if (calls.length === 0) return 'The run made no tool calls.';
  const lines = calls.map((call, index) => {
    const line = `${index + 1}. ${describeToolCall(call)}${call.agent ? `  (${call.agent})` : ''}`;
    return marked.has(index) ? RECEIVED_COLOR(`→ ${line}`) : `  ${line}`;
  });
  return ['Tool calls of the run:', ...lines, '', `Number of tool calls: ${printReceived(calls.length)}`].join('\n');
}

export function times(count: number): string {
  return `${count} time${count === 1 ? '' : 's'}`;
}
