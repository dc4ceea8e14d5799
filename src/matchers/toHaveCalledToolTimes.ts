import { printExpected, printReceived } from './matcherUtils';
import type { Matcher } from './context';
import { hint, invalidExpected, times } from './messages';
import { isOfTool, listToolCalls, readRun, toolNameOf } from './runRecord';

/** The run called `tool` exactly `count` times. */
export const toHaveCalledToolTimes: Matcher<[tool: unknown, count: unknown]> = function toHaveCalledToolTimes(received, tool, count) {
  const hintLine = hint(this, 'toHaveCalledToolTimes', 'tool', 'count');
  const name = toolNameOf(tool);
  if (name === undefined) throw invalidExpected(hintLine, 'a tool object or a tool name', tool, 'Tool');
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) {
    throw invalidExpected(hintLine, 'a non-negative integer', count, 'Count');
  }
  const { toolCalls } = readRun(received, hintLine);
  // Calls that were requested but did not run (an approval rejected or pending) do not count.
  const ofTool = toolCalls.flatMap((call, index) => (isOfTool(call, tool) && call.status === 'ran' ? [index] : []));
  const pass = ofTool.length === count;
  const message = (): string =>
    [
      hintLine,
      '',
      `Expected: ${printExpected(name)} ${pass ? 'not ' : ''}called ${printExpected(count)} ${count === 1 ? 'time' : 'times'}`,
      `Received: called ${printReceived(ofTool.length)} ${times(ofTool.length).replace(/^\d+ /, '')}`,
      '',
      listToolCalls(toolCalls, new Set(ofTool)),
    ].join('\n');
  return { pass, message };
};
