import { printDiff, printExpected, printReceived } from './matcherUtils';
import { closest } from '../format/closest';
import type { Matcher } from './context';
import { listMcpCalls, mcpToolNameOf, readMcp } from './mcpRecord';
import { hint, invalidExpected } from './messages';
import { matchesPartial, subsetFor } from './partial';
import { mcpServerNameOf, unprefixed } from './mcpNames';

/**
 * The MCP server received a call of `tool` that its script answered; `args` is a partial match,
 * asymmetric matchers allowed. A call the script did not plan does not count.
 */
export const toHaveCalledMcpTool: Matcher<[tool: unknown, args?: unknown]> = function toHaveCalledMcpTool(received, tool, args) {
  const hintLine = hint(this, 'toHaveCalledMcpTool', 'tool', args === undefined ? undefined : 'args');
  const shownName = mcpToolNameOf(tool);
  if (shownName === undefined) throw invalidExpected(hintLine, 'the name of an MCP tool, or its reference (server.tools.name)', tool, 'Tool');
  const { label, calls } = readMcp(received, hintLine);
  const name = unprefixed(shownName, mcpServerNameOf(received), calls.map((call) => call.tool));
  const ofTool = calls.flatMap((call, index) => (call.tool === name && call.ran ? [index] : []));
  const fits = (index: number): boolean => args === undefined || matchesPartial(this, calls[index]?.args, args);
  const matching = ofTool.filter(fits);
  // Calls of the tool that came with matching arguments, but that no step planned, so they did not run.
  const unplanned = calls.flatMap((call, index) => (call.tool === name && !call.ran && fits(index) ? [index] : [])).length;
  const pass = matching.length > 0;
  const wanted = `${printExpected(name)}${args === undefined ? '' : ` with arguments matching ${printExpected(args)}`}`;

  const message = (): string => {
    const lines = [hintLine, ''];
    if (pass) {
      lines.push(`Expected: no call of ${wanted}`, `Received: ${matching.length} matching call${matching.length === 1 ? '' : 's'}`);
    } else {
      lines.push(`Expected: a call of ${wanted}`);
      if (unplanned > 0) {
        lines.push(`Received: ${unplanned} such call${unplanned === 1 ? '' : 's'}, which the script did not plan, so ${unplanned === 1 ? 'it' : 'they'} did not run`);
      } else if (ofTool.length === 0) {
        const suggestion = closest(name, [...new Set(calls.map((call) => call.tool))]);
        lines.push(`Received: no call of ${printReceived(name)}${suggestion ? ` (did you mean ${printReceived(suggestion)}?)` : ''}`);
      } else {
        const first = calls[ofTool[0] as number];
        lines.push(`Received: ${ofTool.length} call${ofTool.length === 1 ? '' : 's'} of ${printReceived(name)}, none with matching arguments`);
        lines.push('', `Call ${(ofTool[0] as number) + 1}:`, printDiff(args, subsetFor(first?.args, args)));
      }
    }
    lines.push('', listMcpCalls(label, calls, new Set(pass ? matching : [])));
    return lines.join('\n');
  };
  return { pass, message };
};
