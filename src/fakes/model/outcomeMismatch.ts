import type { MismatchSpec } from '../../errors/MismatchError';
import { brief } from '../../format/brief';
import type { ToolOutcome } from '../core/toolOutcomes';
import type { RejectedBy } from './guardrailRejections';

/**
 * The mismatch an outcome the script did not plan makes: a tool that failed (`tool_failed`), or one
 * planned to fail that ran (`tool_not_failed`). `turnLabel` names the turn that made the call;
 * `seenAt` says where the output was read: a later request of the script, or the history of a run
 * that ended before one came (then the anchor is the run's end, not a call).
 */
export function outcomeMismatch(
  outcome: ToolOutcome,
  callIndex: number,
  turnLabel: string,
  seenAt: 'request' | 'run end' = 'request',
  rejectedBy?: RejectedBy,
): Omit<MismatchSpec, 'double' | 'kind'> & { kind: 'tool_failed' | 'tool_not_failed' } {
  const { call, output } = outcome;
  const seen =
    seenAt === 'run end' || rejectedBy !== undefined
      ? { anchor: `after call #${callIndex + 1}`, actual: `the output of ${call.name} (${call.callId}) as its run ended` }
      : { actual: `a request carrying the output of ${call.name} (${call.callId})` };
  if (rejectedBy !== undefined) {
    return {
      kind: 'tool_failed',
      callIndex,
      stepIndex: call.stepIndex,
      ...seen,
      expected: `${turnLabel} to run the tool`,
      why:
        rejectedBy === 'input guardrail'
          ? `A tool input guardrail rejected the call, and the SDK handed the model ${brief(output, 100)} instead of running the tool`
          : `A tool output guardrail rejected the tool's output, and the SDK handed the model ${brief(output, 100)} instead`,
      fix: `If the test means the guardrail to reject it, say so: .calls(${call.name}, …, { toolFails: ${brief(output, 60)} })`,
    };
  }
  return {
    callIndex,
    stepIndex: call.stepIndex,
    ...seen,
    ...(call.toolFails === undefined
      ? {
          kind: 'tool_failed' as const,
          expected: `${turnLabel} to run the tool`,
          why: `The SDK handed the model ${brief(output, 100)} instead: the tool threw, its arguments did not fit its schema or were not JSON, or it timed out`,
          fix: `If the test means the tool to fail, say so: .calls(${call.name}, …, { toolFails: true }), or see configure({ onToolFailure })`,
        }
      : {
          kind: 'tool_not_failed' as const,
          expected: `${turnLabel} to fail`,
          why: `The tool's output was ${brief(output, 100)}`,
          fix: 'Leave out { toolFails } if the tool should run, or change what it expects',
        }),
  };
}
