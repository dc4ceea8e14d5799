import type { TransportToolCallEvent } from '@openai/agents/realtime';
import { describeFormat, type AudioFormat } from '../../format/audioFormat';
import type { AudioProgress } from './audio';
import { describeRealtimeCall, isLifecycle, type RealtimeCall } from './call';
import { checkCall, ranOut, tooEarly, wrongArguments, wrongMethod, type MismatchWords } from './matching';
import type { RealtimePlan } from './plan';
import type { ExpectedStep } from './step';
import type { ToolFailureKind } from '../core/toolFailures';
import { toolFailedWords } from './toolFailure';
import { unplannedToolFailure } from '../core/toolFailurePolicy';

/** How a call that no step took is noted in reports. */
export type CallNote = 'lifecycle' | 'unscripted';

/** What the script makes of an outbound call: the step it played, or a note, a mismatch, a failure to throw. */
export interface Verdict {
  stepIndex?: number;
  note?: CallNote;
  mismatch?: MismatchWords;
  failure?: { readonly error: unknown };
}

export interface VerdictContext {
  plan: RealtimePlan;
  audio: AudioProgress;
  /** The input audio format, for describing audio calls. */
  format: AudioFormat;
  /** `false`: a call no step planned passes as unscripted. */
  strict: boolean;
  /** Whether the tool of a call the session answers failed (the SDK made text of the failure). */
  tools: { toolFailure(toolCall: TransportToolCallEvent): ToolFailureKind | undefined };
  /** The double's label, for a warning (`onToolFailure: 'warn'`). */
  label: string;
}

/**
 * Judges an outbound call against the script and advances it when the call plays the current
 * step. Only the step in turn may take a call: one that a later step expects, sent while events
 * still wait to be delivered, is too early, since the session has not seen what it answers yet.
 */
export function verdictFor(call: RealtimeCall, { plan, audio, format, strict, tools, label }: VerdictContext): Verdict {
  const index = plan.cursor;
  const step = plan.current;
  if (step?.kind === 'expect' && step.method === call.method) {
    const rejection = checkCall(step, call, audio);
    if (rejection === undefined) {
      if (!step.audio || audio.take(step, call as RealtimeCall<'sendAudio'>)) plan.advance();
      else plan.start();
      const output = step.anyOutput && call.method === 'sendFunctionCallOutput' ? (call as RealtimeCall<'sendFunctionCallOutput'>) : undefined;
      const failed = output && tools.toolFailure(output.toolCall);
      if (output && failed) {
        return { stepIndex: index, mismatch: unplannedToolFailure(toolFailedWords(output, describeRealtimeCall(call as never, format), index, step, failed), label) };
      }
      return step.failure ? { stepIndex: index, failure: step.failure } : { stepIndex: index };
    }
    if (!strict) return { note: 'unscripted' };
    const audioNote = step.audio ? ` (Audio is counted as ${describeFormat(format)}.)` : '';
    return { mismatch: wrongArguments(call, describeRealtimeCall(call as never, format), index, step, rejection, audioNote) };
  }
  let expectedIndex: number | undefined = index;
  let expected = step as ExpectedStep | undefined;
  if (step?.kind === 'emit') {
    // Events wait to be delivered; the call is checked against the step after them.
    expectedIndex = plan.nextExpected();
    expected = expectedIndex === undefined ? undefined : (plan.at(expectedIndex) as ExpectedStep);
    if (expected?.kind === 'expect' && expected.method === call.method && expectedIndex !== undefined) {
      if (!strict) return { note: 'unscripted' };
      return { mismatch: tooEarly(call, describeRealtimeCall(call as never, format), expectedIndex, expected, index, step) };
    }
  }
  if (isLifecycle(call.method)) return { note: 'lifecycle' };
  if (!strict) return { note: 'unscripted' };
  if (expected && expectedIndex !== undefined) return { mismatch: wrongMethod(call, describeRealtimeCall(call as never, format), expectedIndex, expected) };
  return { mismatch: ranOut(call, describeRealtimeCall(call as never, format), plan.expectedCount()) };
}
