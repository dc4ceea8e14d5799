import { printDiff, printExpected, printReceived } from './matcherUtils';
import { closest } from '../format/closest';
import type { Matcher } from './context';
import { hint, invalidExpected, times } from './messages';
import { matchesPartial, subsetFor } from './partial';
import { isOfTool, listToolCalls, readRun, toolNameOf } from './runRecord';

/** The run called `tool`; `args` (optional) is a partial match on the parsed arguments. */
export const toHaveCalledTool: Matcher<[tool: unknown, args?: unknown]> = function toHaveCalledTool(received, tool, args) {
  const hintLine = hint(this, 'toHaveCalledTool', 'tool', args === undefined ? undefined : 'args');
  const name = toolNameOf(tool);
  if (name === undefined) throw invalidExpected(hintLine, 'a tool object or a tool name', tool, 'Tool');
  const { toolCalls } = readRun(received, hintLine);

  // Calls that were requested but did not run (an approval rejected or pending) do not count.
  const ofTool: number[] = [];
  const notRun: number[] = [];
  const sameName: number[] = [];
  for (const [index, call] of toolCalls.entries()) {
    if (isOfTool(call, tool)) (call.status === 'ran' ? ofTool : notRun).push(index);
    else if (call.name === name) sameName.push(index);
  }
  const matches = (index: number): boolean => matchesPartial(this, toolCalls[index]?.args, args);
  // Passing needs one matching call; the message, read only when the assertion fails, lists them all.
  const pass = args === undefined ? ofTool.length > 0 : ofTool.some(matches);
  let matchingCalls: number[] | undefined;
  const allMatching = (): number[] => (matchingCalls ??= args === undefined ? ofTool : ofTool.filter(matches));
  const wanted = `${printExpected(name)}${args === undefined ? '' : ` with arguments matching ${printExpected(args)}`}`;

  const message = (): string => {
    if (pass) {
      return [
        hintLine,
        '',
        `Expected: no call of ${wanted}`,
        `Received: ${times(allMatching().length).replace('time', 'matching call')}`,
        '',
        listToolCalls(toolCalls, new Set(allMatching())),
      ].join('\n');
    }
    const lines = [hintLine, '', `Expected: a call of ${wanted}`];
    if (ofTool.length === 0 && notRun.length > 0) {
      const how = [...new Set(notRun.map((index) => toolCalls[index]?.status))].join(', ');
      lines.push(`Received: ${notRun.length} call${notRun.length === 1 ? '' : 's'} of ${printReceived(name)} requested, but not run (${how})`);
    } else if (ofTool.length === 0 && sameName.length > 0) {
      const agents = [...new Set(sameName.map((index) => toolCalls[index]?.agent ?? '?'))].map((agent) => `"${agent}"`).join(', ');
      lines.push(`Received: calls of another tool named ${printReceived(name)}, the one of agent ${agents}, not this tool object`);
    } else if (ofTool.length === 0) {
      const suggestion = closest(name, [...new Set(toolCalls.map((call) => call.name))]);
      lines.push(`Received: no call of ${printReceived(name)}${suggestion ? ` (did you mean ${printReceived(suggestion)}?)` : ''}`);
    } else {
      lines.push(`Received: ${ofTool.length} call${ofTool.length === 1 ? '' : 's'} of ${printReceived(name)}, none with matching arguments`);
      const first = toolCalls[ofTool[0] as number];
      lines.push('', `Call ${(ofTool[0] as number) + 1}:`, printDiff(args, subsetFor(first?.args, args)));
    }
    lines.push('', listToolCalls(toolCalls));
    return lines.join('\n');
  };
  return { pass, message };
};
