import { printDiff, printExpected, printReceived } from './matcherUtils';
import type { Matcher } from './context';
import { describeToolCall, hint, invalidExpected, listed } from './messages';
import { matchesPartial, subsetFor } from './partial';
import { isOfTool, readRun, toolNameOf, type ApprovalRecord } from './runRecord';

/** The run stopped with an approval interruption for `tool`; `args` is a partial match. */
export const toHaveRequestedApproval: Matcher<[tool: unknown, args?: unknown]> = function toHaveRequestedApproval(
  received,
  tool,
  args,
) {
  const hintLine = hint(this, 'toHaveRequestedApproval', 'tool', args === undefined ? undefined : 'args');
  const name = toolNameOf(tool);
  if (name === undefined) throw invalidExpected(hintLine, 'a tool object or a tool name', tool, 'Tool');
  const { approvals } = readRun(received, hintLine);
  const ofTool = approvals.flatMap((approval, index) => (isOfTool(approval, tool) ? [index] : []));
  const matching = args === undefined ? ofTool : ofTool.filter((index) => matchesPartial(this, approvals[index]?.args, args));
  const pass = matching.length > 0;
  const wanted = `${printExpected(name)}${args === undefined ? '' : ` with arguments matching ${printExpected(args)}`}`;

  const message = (): string => {
    const lines = [hintLine, '', `Expected: ${pass ? 'no approval request' : 'an approval request'} for ${wanted}`];
    if (pass) lines.push(`Received: the run stopped for approval of ${printReceived(name)}`);
    else if (approvals.length === 0) lines.push('Received: the run did not stop for any approval');
    else if (ofTool.length === 0) lines.push(`Received: no approval request for ${printReceived(name)}`);
    else {
      lines.push(`Received: approval requests for ${printReceived(name)}, none with matching arguments`);
      lines.push('', printDiff(args, subsetFor(approvals[ofTool[0] as number]?.args, args)));
    }
    if (approvals.length > 0) lines.push('', listApprovals(approvals, new Set(matching)));
    return lines.join('\n');
  };
  return { pass, message };
};

function listApprovals(approvals: readonly ApprovalRecord[], marked: ReadonlySet<number>): string {
  return ['Approval requests of the run:', ...listed(approvals.map(describeToolCall), 'approval request', marked)].join('\n');
}
