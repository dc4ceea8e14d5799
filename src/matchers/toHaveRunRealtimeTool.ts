import { printExpected, printReceived } from './matcherUtils';
import { isToolArgumentsErrorText, TOOL_APPROVAL_REJECTION_MESSAGE, toolNotFoundText } from '../sdk/coupling';
import type { Matcher } from './context';
import { hint, invalidExpected, times } from './messages';
import { listRealtimeCalls, readRealtime, type RealtimeRecord } from './realtimeRecord';
import { toolNameOf } from './runRecord';

/**
 * The session ran `tool` (an object or a name): `times` times exactly when given, at least once
 * otherwise. A Realtime transport sees no tool run, only the outputs the session sends, so a run
 * is an output for a call of the tool: once per call id and connection (the session resends the
 * output of a retried call without running the tool again, and forgets its calls when it
 * reconnects), leaving out rejected approvals (the SDK's text, or an output an
 * `expectToolRejection` step took) and the SDK's "not found" and argument-parse answers.
 */
export const toHaveRunRealtimeTool: Matcher<[tool: unknown, count?: unknown]> = function toHaveRunRealtimeTool(received, tool, count) {
  const hintLine = hint(this, 'toHaveRunRealtimeTool', 'tool', count === undefined ? undefined : 'times');
  const name = toolNameOf(tool);
  if (name === undefined || name === '') throw invalidExpected(hintLine, 'a tool object or a tool name', tool, 'Tool');
  if (count !== undefined && (typeof count !== 'number' || !Number.isInteger(count) || count < 0)) {
    throw invalidExpected(hintLine, 'a non-negative integer', count, 'Times');
  }
  const record = readRealtime(received, hintLine);
  const runs = runsOf(record, name);
  const pass = count === undefined ? runs.length > 0 : runs.length === count;
  const wanted = count === undefined ? 'at least once' : `${printExpected(count)} ${count === 1 ? 'time' : 'times'}`;

  const message = (): string =>
    [
      hintLine,
      '',
      `Expected: ${printExpected(name)} ${pass ? 'not ' : ''}to have run${pass && count === undefined ? '' : ` ${wanted}`}`,
      `Received: ran ${printReceived(runs.length)} ${times(runs.length).replace(/^\d+ /, '')}`,
      '',
      listRealtimeCalls(record, new Set(runs), 'sendFunctionCallOutput'),
      '',
      'A run is an output the session sent for a call of the tool; the resent output of a retried call counts once, a rejected approval or an unknown tool not at all.',
    ].join('\n');
  return { pass, message };
};

/** The positions of the calls that count as runs of `name`: the first output of each call id on each connection. */
function runsOf(record: RealtimeRecord, name: string): number[] {
  let connection = 0;
  const seen = new Set<string>();
  const runs: number[] = [];
  record.calls.forEach((call, index) => {
    if (call.method === 'connect') connection += 1;
    if (call.method !== 'sendFunctionCallOutput') return;
    const toolCall = (call.toolCall ?? {}) as { name?: unknown; callId?: unknown };
    if (toolCall.name !== name || record.rejections.has(index)) return;
    const output = call.output;
    if (output === TOOL_APPROVAL_REJECTION_MESSAGE || output === toolNotFoundText(name) || isToolArgumentsErrorText(output)) return;
    const key = `${connection}:${String(toolCall.callId)}`;
    if (seen.has(key)) return;
    seen.add(key);
    runs.push(index);
  });
  return runs;
}
