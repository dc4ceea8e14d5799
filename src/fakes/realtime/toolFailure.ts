import type { TransportToolCallEvent } from '@openai/agents/realtime';
import { brief } from '../../format/brief';
import type { ToolFailureKind } from '../core/toolFailures';
import type { MismatchWords } from './matching';
import { labelOf, type ExpectStep } from './step';

/**
 * The mismatch of a tool output a step took as any output of a tool that ran (`expectToolOutput(tool)`
 * without an output), when the tool failed: the session sends the text the tool's own
 * `errorFunction` made of the failure (or its `timeoutErrorFunction` of a timeout), which need not say anything failed.
 */
export function toolFailedWords(
  call: { index: number; toolCall: TransportToolCallEvent; output: string },
  actual: string,
  stepIndex: number,
  step: ExpectStep,
  how: ToolFailureKind,
): MismatchWords {
  const { name } = call.toolCall;
  return {
    kind: 'tool_failed',
    callIndex: call.index,
    stepIndex,
    actual,
    expected: `${labelOf(step)} from a tool that ran`,
    why:
      how === 'threw'
        ? `The tool failed, and its own errorFunction made ${brief(call.output, 80)} of the failure, which the session sent as the tool's output`
        : `The tool timed out, and its own timeoutErrorFunction made ${brief(call.output, 80)} of the timeout, which the session sent as the tool's output`,
    fix: `If the test means the tool to fail, give the output it expects: .expectToolOutput(${JSON.stringify(name)}, ${brief(call.output, 60)}), or see configure({ onToolFailure })`,
  };
}
