import { printDiff, printExpected, printReceived, RECEIVED_COLOR } from './matcherUtils';
import type { Matcher } from './context';
import { describeToolCall, hint, invalidExpected } from './messages';
import { matchesPartial, subsetFor } from './partial';
import { isOfTool, listToolCalls, readRun, toolNameOf } from './runRecord';

/** The n-th tool call of the run (counting from 1) was `tool`, with arguments matching `args`. */
export const toHaveNthCalledTool: Matcher<[n: unknown, tool: unknown, args?: unknown]> = function toHaveNthCalledTool(
  received,
  n,
  tool,
  args,
) {
  const hintLine = hint(this, 'toHaveNthCalledTool', 'n', args === undefined ? 'tool' : 'tool, args');
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) throw invalidExpected(hintLine, 'a positive integer (counting from 1)', n, 'n');
  const name = toolNameOf(tool);
  if (name === undefined) throw invalidExpected(hintLine, 'a tool object or a tool name', tool, 'Tool');
  const { toolCalls } = readRun(received, hintLine);

  const call = toolCalls[n - 1];
  const sameTool = call !== undefined && isOfTool(call, tool);
  const pass = sameTool && call.status === 'ran' && (args === undefined || matchesPartial(this, call.args, args));
  const wanted = `${printExpected(name)}${args === undefined ? '' : ` with arguments matching ${printExpected(args)}`}`;

  const message = (): string => {
    const lines = [hintLine, '', `Expected: tool call ${n} ${pass ? 'not ' : ''}to be ${wanted}`];
    if (call === undefined) {
      lines.push(`Received: the run made only ${printReceived(toolCalls.length)} tool call${toolCalls.length === 1 ? '' : 's'}`);
    } else {
      lines.push(`Received: tool call ${n} was ${RECEIVED_COLOR(describeToolCall(call))}${call.status === 'ran' ? '' : `, ${call.status}`}`);
      if (!pass && sameTool && call.status === 'ran') {
        lines.push('', printDiff(args, subsetFor(call.args, args)));
      }
    }
    lines.push('', listToolCalls(toolCalls, call ? new Set([n - 1]) : new Set()));
    return lines.join('\n');
  };
  return { pass, message };
};
