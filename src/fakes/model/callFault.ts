import { modelError, type ScriptedModelInput } from '@openai/agents/testing';
import { injectFault } from '../core/faults';

/** The points a sweep may fail a model call at (one function for every call: a closure per call cost garbage). */
const faultPoints = (n: number): readonly string[] => [`model call ${n} fails`, `model call ${n} fails, retry advised`];

/**
 * A running sweep's fault at this model call, when it is the target: the step that fails the call
 * (advising a retry, or not) in place of a turn, and the line the script's ledger records for it.
 */
export function modelCallFault(streamed: boolean): { step: ScriptedModelInput; line: string } | undefined {
  const fault = injectFault('model', faultPoints);
  if (fault === undefined) return undefined;
  const advice = fault.point.endsWith('retry advised') ? { suggested: true, replaySafety: 'safe' as const, retryAfterMs: 0 } : undefined;
  return { step: modelError(fault.error, advice), line: `${streamed ? 'streamed model call' : 'model call'} → ${fault.point} (injected)` };
}
