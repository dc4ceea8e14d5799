import { printDiff, printExpected, printReceived } from './matcherUtils';
import { isAsymmetricMatcher } from '../format/brief';
import { mcpResultText, type McpCallResult } from '../fakes/mcp/plan';
import type { Matcher, MatcherState } from './context';
import { listMcpCalls, mcpToolNameOf, readMcp } from './mcpRecord';
import { mcpServerNameOf, unprefixed } from './mcpNames';
import { hint, invalidExpected } from './messages';
import { matchesPartial } from './partial';

/**
 * The MCP server answered a call of `tool` with a result matching `expected`: the text of its
 * content (exact), a RegExp or an asymmetric matcher on that text, or an object compared partially
 * with its structured content (or, with `content`/`isError` keys, with the whole result). Without
 * `expected`, any result that does not report an error passes.
 */
export const toHaveMcpToolOutput: Matcher<[tool: unknown, expected?: unknown]> = function toHaveMcpToolOutput(received, tool, expected) {
  const hintLine = hint(this, 'toHaveMcpToolOutput', 'tool', expected === undefined ? undefined : 'expected');
  const shownName = mcpToolNameOf(tool);
  if (shownName === undefined) throw invalidExpected(hintLine, 'the name of an MCP tool, or its reference (server.tools.name)', tool, 'Tool');
  if (expected !== undefined && typeof expected !== 'string' && !(expected instanceof RegExp) && (typeof expected !== 'object' || expected === null)) {
    throw invalidExpected(hintLine, 'the result text, a RegExp, an asymmetric matcher or an object', expected);
  }
  const { label, calls } = readMcp(received, hintLine);
  const name = unprefixed(shownName, mcpServerNameOf(received), calls.map((call) => call.tool));
  const ofTool = calls.flatMap((call, index) => (call.tool === name && call.call.result !== undefined ? [index] : []));
  const matching = ofTool.filter((index) => matchesResult(this, calls[index]?.call.result as McpCallResult, expected));
  const pass = matching.length > 0;
  const wanted = `result of ${printExpected(name)}${expected === undefined ? ' that reports no error' : ` matching ${printExpected(expected)}`}`;

  const message = (): string => {
    const lines = [hintLine, '', `Expected: ${pass ? 'no' : 'a'} ${wanted}`];
    if (pass) lines.push(`Received: ${matching.length} matching result${matching.length === 1 ? '' : 's'}`);
    else if (ofTool.length === 0) lines.push(`Received: no result of ${printReceived(name)}`);
    else {
      lines.push(`Received: ${ofTool.length} result${ofTool.length === 1 ? '' : 's'} of ${printReceived(name)}, none matching`);
      const first = calls[ofTool[0] as number]?.call.result as McpCallResult;
      if (typeof expected === 'string') lines.push('', printDiff(expected, mcpResultText(first)));
    }
    lines.push('', listMcpCalls(label, calls, new Set(pass ? matching : ofTool)));
    return lines.join('\n');
  };
  return { pass, message };
};

function matchesResult(state: MatcherState, result: McpCallResult, expected: unknown): boolean {
  const text = mcpResultText(result);
  if (expected === undefined) return result.isError !== true;
  if (typeof expected === 'string') return text === expected;
  if (expected instanceof RegExp) {
    expected.lastIndex = 0;
    return expected.test(text);
  }
  if (isAsymmetricMatcher(expected)) return expected.asymmetricMatch(text) || expected.asymmetricMatch(result.structuredContent);
  const whole = Object.keys(expected as object).some((key) => key === 'content' || key === 'isError' || key === 'structuredContent');
  return matchesPartial(state, whole ? result : result.structuredContent, expected);
}
