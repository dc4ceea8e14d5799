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
import { numberedList } from '../format/numberedList';
import { isRunResult } from '../sdk/coupling';
import type { MatcherState } from './context';

/** The runner-style first line: `expect(received).not.toHaveCalledTool(expected)`. */
export function hint(state: MatcherState, name: string, expected = 'expected', secondArgument?: string): string {
  return matcherHint(name, 'received', expected, {
    isNot: state.isNot,
    promise: state.promise ?? '',
    ...(secondArgument === undefined ? {} : { secondArgument }),
  });
}

/** The matcher error for a received value of the wrong kind: `what` says what it must be. */
export function invalidReceived(hintLine: string, what: string, received: unknown): Error {
  // A Promise prints as `{}`: say what it is, the usual cause being a run() that was not awaited.
  const specific = isThenable(received)
    ? `Received: a Promise, not awaited. Await it first (const result = await run(agent, input); expect(result)…), or write await expect(promise).resolves…`
    : isRunResult(received)
      ? `Received: ${describeResult(received)}`
      : printWithType('Received', received, printReceived);
  return new Error(matcherErrorMessage(hintLine, `${RECEIVED_COLOR('received')} value must be ${what}`, specific));
}

/** A run result in one line: printed whole, it would be its RunState, thousands of lines. */
function describeResult(result: { newItems: readonly unknown[] }): string {
  // The SDK's classes (RunResult, StreamedRunResult) by name; anything else shaped like them, generically.
  const kind = (result as { constructor?: { name?: unknown } }).constructor?.name;
  let agent: unknown;
  try {
    agent = (result as { lastAgent?: { name?: unknown } }).lastAgent?.name;
  } catch {
    // A result that cannot say yet (a stream still running) is named without it.
  }
  const items = `${result.newItems.length} new item${result.newItems.length === 1 ? '' : 's'}`;
  return `a ${typeof kind === 'string' && kind.endsWith('RunResult') ? kind : 'run result'} (${items}${typeof agent === 'string' ? `, last agent ${JSON.stringify(agent)}` : ''})`;
}

function isThenable(value: unknown): boolean {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

/** The matcher error for an expected argument of the wrong kind (a test bug, not a failure). */
export function invalidExpected(hintLine: string, what: string, value: unknown, label = 'Expected'): Error {
  return new Error(
    matcherErrorMessage(hintLine, `${EXPECTED_COLOR(label.toLowerCase())} value must be ${what}`, printWithType(label, value, printExpected)),
  );
}

/**
 * A matcher given more arguments than it takes. Runners hand a matcher whatever it was called
 * with, so the extra one (a `{ times: 2 }` it never reads) would be ignored and the assertion pass.
 */
export function tooManyArguments(state: MatcherState, name: string, takes: number, args: readonly unknown[]): Error {
  const most = takes === 0 ? 'no arguments' : `at most ${takes} argument${takes === 1 ? '' : 's'}`;
  return new Error(matcherErrorMessage(hint(state, name), `${name} takes ${most}; got ${args.length}`, printWithType('Extra argument', args[takes], printExpected)));
}

/** `get_weather({"city":"Tokyo"})` */
export function describeToolCall(call: { name: string; args: unknown }): string {
  return `${call.name}(${call.args === undefined ? '' : brief(call.args, 100)})`;
}

/** The numbered lines of a matcher's list, marked entries in the received colour (see `numberedList`). */
export function listed(entries: readonly string[], noun: string, marked: ReadonlySet<number> = new Set(), positions?: readonly number[]): string[] {
  return numberedList(entries, { noun, marked, highlight: (line) => RECEIVED_COLOR(line), ...(positions ? { positions } : {}) });
}

export function times(count: number): string {
  return `${count} time${count === 1 ? '' : 's'}`;
}
