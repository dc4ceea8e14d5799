import type { AgentInputItem } from '@openai/agents';
import { toolOutputText } from '../../format/toolOutputText';
import { claimRejection } from '../../sdk/coupling';
import type { RunEnd } from '../core/runEnd';
import type { EmittedCall, ToolOutcome } from '../core/toolOutcomes';

/** Which tool guardrail put its message in place of what the model would have got. */
export type RejectedBy = 'input guardrail' | 'output guardrail';

/**
 * The calls of `calls` (a script's, in the run that ended) whose output in the run's history is a
 * message one of its tool guardrails rejected with: an input guardrail's (the tool did not run) or an
 * output guardrail's (the model did not get the tool's output). The SDK's guardrail results name no
 * call, so a call is known by its output being such a message; each message stands for one call.
 */
export function guardrailRejections(calls: readonly EmittedCall[], end: RunEnd): { outcome: ToolOutcome; rejectedBy: RejectedBy }[] {
  if (end.rejectedCalls.length === 0 && end.rejectedOutputs.length === 0) return [];
  const calledOff = [...end.rejectedCalls];
  const withheld = [...end.rejectedOutputs];
  const found: { outcome: ToolOutcome; rejectedBy: RejectedBy }[] = [];
  for (const call of calls) {
    const output = outputOf(end.history, call.callId);
    if (output === undefined) continue;
    const rejectedBy: RejectedBy | undefined = claimRejection(calledOff, output) ? 'input guardrail' : claimRejection(withheld, output) ? 'output guardrail' : undefined;
    if (rejectedBy !== undefined) found.push({ outcome: { call, output, failed: true, timedOut: false, plannedElsewhere: false }, rejectedBy });
  }
  return found;
}

/** The text of the last output the history holds for `callId`. */
function outputOf(history: readonly AgentInputItem[], callId: string): string | undefined {
  for (let index = history.length - 1; index >= 0; index -= 1) {
    const item = history[index] as AgentInputItem;
    if (item.type === 'function_call_result' && item.callId === callId) return toolOutputText(item.output);
  }
  return undefined;
}
