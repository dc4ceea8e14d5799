import type { MismatchSpec } from '../../errors/MismatchError';
import { brief, truncate } from '../../format/brief';
import { closest, listNames } from '../../format/closest';
import { differenceFrom } from '../core/partialMatch';
import { firstLine, judge, type Rejection } from '../core/predicate';
import type { AudioProgress } from './audio';
import type { RealtimeCall } from './call';
import { awaitedBy, labelOf, type EmitStep, type ExpectedStep, type ExpectStep, type ModelCall, type SessionErrorStep } from './step';

/** A mismatch as a double words it, before its ledger adds the double's label. */
export type MismatchWords = Omit<MismatchSpec, 'double'>;

const STRICT_FIX = 'or pass { strict: false } to let calls no step names through';

// ── Whether a call fits a step ──────────────────────────────────────────────────────────────────

/** Why `call` does not fit `step` (same method), or `undefined` when it does. */
export function checkCall(step: ExpectStep, call: RealtimeCall, audio: AudioProgress): Rejection | undefined {
  if (step.audio) {
    const problem = audio.problem(step, call as RealtimeCall<'sendAudio'>);
    if (problem !== undefined) return { kind: 'wrong_arguments', reason: problem };
  }
  if (step.predicate) return judge(step.predicate, [call]);
  if (step.pattern === undefined) return undefined;
  const difference = differenceFrom(call, step.pattern);
  if (difference === undefined) return undefined;
  const where = difference.path === '' ? 'The call' : `The call's ${difference.path}`;
  return { kind: 'wrong_arguments', reason: `${where} is ${brief(difference.actual, 100)}, expected ${brief(difference.expected, 100)}` };
}

/** Why an error the session reported does not fit `step`, or `undefined` when it does. */
export function checkError(step: SessionErrorStep, error: unknown): Rejection | undefined {
  const { match } = step;
  if (match === undefined) return undefined;
  if (typeof match === 'function') return judge(match, [error]);
  const message = messageOf(error);
  const fits = typeof match === 'string' ? message.includes(match) : match.test(message);
  return fits ? undefined : { kind: 'wrong_arguments', reason: `Its message is ${brief(message, 100)}` };
}

/** The message of an error the session reports, whether it wraps it in `{ type: 'error', error }` or not. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  const inner = (error as { error?: unknown; message?: unknown } | null)?.message;
  if (typeof inner === 'string') return inner;
  return brief(error, 200);
}

// ── How each mismatch reads ─────────────────────────────────────────────────────────────────────

export function wrongArguments(call: RealtimeCall, actual: string, index: number, step: ExpectedStep, rejection: Rejection, audioNote = ''): MismatchWords {
  return {
    kind: rejection.kind,
    callIndex: call.index,
    stepIndex: index,
    actual,
    expected: labelOf(step),
    why: `${rejection.reason}.${audioNote}`,
  };
}

export function wrongMethod(call: RealtimeCall, actual: string, index: number, step: ExpectedStep): MismatchWords {
  return {
    kind: 'wrong_method',
    callIndex: call.index,
    stepIndex: index,
    actual,
    expected: `${awaitedBy(step)}, ${labelOf(step)}`,
    fix: `Script the call where it happens, ${STRICT_FIX}`,
  };
}

export function ranOut(call: RealtimeCall, actual: string, expectedCount: number): MismatchWords {
  return {
    kind: 'unexpected_call',
    callIndex: call.index,
    actual,
    expected: 'no more calls',
    why:
      expectedCount === 0
        ? 'The script expects none'
        : expectedCount === 1
          ? 'Its one expected call came before it'
          : `All ${expectedCount} expected calls came before it`,
    fix: `Script it with .expect('${call.method}', …), ${STRICT_FIX}`,
  };
}

/**
 * A call the script expects, but only once the events scripted before it were delivered: an app
 * that answers a question before the question was asked must not pass.
 */
export function tooEarly(call: RealtimeCall, actual: string, index: number, step: ExpectStep, eventsIndex: number, events: EmitStep): MismatchWords {
  return {
    kind: 'too_early',
    callIndex: call.index,
    stepIndex: index,
    actual,
    expected: `${labelOf(step)} after step ${eventsIndex + 1}'s events`,
    why: `It came before step ${eventsIndex + 1}'s events (${labelOf(events)}) were delivered`,
    fix: 'Make the call once the session has seen those events, or script it before them',
  };
}

/** An error the session reported that the step waiting for one rejects. */
export function errorRejected(error: unknown, callIndex: number, index: number, step: SessionErrorStep, rejection: Rejection): MismatchWords {
  return {
    kind: rejection.kind,
    callIndex,
    anchor: 'session error',
    stepIndex: index,
    actual: `the session reported the error ${truncate(firstLine(error), 120)}`,
    expected: labelOf(step),
    why: rejection.reason,
  };
}

/** An error the session reported while the script waited for something else. */
export function unexpectedError(error: unknown, callIndex: number, step: ExpectedStep | undefined, index: number | undefined, early?: { index: number; events: EmitStep }): MismatchWords {
  const actual = `the session reported the error ${truncate(firstLine(error), 120)}`;
  if (early && step && index !== undefined) {
    return {
      kind: 'too_early',
      callIndex,
      anchor: 'session error',
      stepIndex: index,
      actual,
      expected: `${labelOf(step)} after step ${early.index + 1}'s events`,
      why: `It came before step ${early.index + 1}'s events (${labelOf(early.events)}) were delivered`,
    };
  }
  return {
    kind: 'unexpected_error',
    callIndex,
    anchor: 'session error',
    ...(index === undefined ? {} : { stepIndex: index }),
    actual,
    expected: step ? `${awaitedBy(step)}, ${labelOf(step)}` : 'no more errors',
    fix: "Script it with .expectSessionError(…) where it happens",
  };
}

/** A scripted call of a tool the agent does not offer: the session would answer "not found" and report an error. */
export function notOffered(step: EmitStep, index: number, call: ModelCall, offered: readonly string[], callIndex: number): MismatchWords {
  const suggestion = closest(call.name, offered);
  return {
    kind: 'not_offered',
    callIndex,
    anchor: `step ${index + 1}`,
    stepIndex: index,
    actual: labelOf(step),
    expected: `the agent to offer ${call.kind === 'handoff' ? 'the handoff' : 'the tool'} "${call.name}"`,
    why: offered.length === 0 ? 'The agent offers no tools and no handoffs' : `The agent offers ${listNames(offered)}`,
    ...(suggestion ? { fix: `Did you mean "${suggestion}"?` } : {}),
  };
}

/** A call the script means to be of a tool the agent lacks, which the agent offers after all: the session would run it. */
export function offeredAfterAll(step: EmitStep, index: number, call: ModelCall, callIndex: number): MismatchWords {
  return {
    kind: 'offered',
    callIndex,
    anchor: `step ${index + 1}`,
    stepIndex: index,
    actual: labelOf(step),
    expected: `a tool the agent does not offer`,
    why: `The agent offers "${call.name}", so the session would run it instead of answering that it is not found`,
    fix: 'Name a tool the agent lacks, or script an ordinary emitToolCall',
  };
}

export function listenerFailed(anchor: string, event: string, error: unknown, callIndex: number, stepIndex?: number): MismatchWords {
  const unhandled = (error as { code?: unknown } | null)?.code === 'ERR_UNHANDLED_ERROR';
  return {
    kind: 'listener_failed',
    callIndex,
    anchor,
    ...(stepIndex === undefined ? {} : { stepIndex }),
    actual: `a listener of the "${event}" event threw ${brief(error, 160)}`,
    ...(unhandled ? { fix: "The session has no 'error' listener; add session.on('error', …) to handle transport errors" } : {}),
  };
}
