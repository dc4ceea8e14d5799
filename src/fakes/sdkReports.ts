import type { DoubleReport } from './report';
import { describeCall, type ScriptedMethod } from './sandboxPlan';

/**
 * Reports on the SDK's own scripted doubles. They know only how many steps remain and what was
 * called, so that is what their reports say. Each adapter recognises its double by shape, never
 * by `instanceof`: the SDK's CJS and ESM builds are different classes.
 */
export type ReportAdapter = (value: unknown) => DoubleReport | undefined;

interface ScriptedModelShape {
  remainingSteps: number;
  calls: readonly { index: number; streamed: boolean }[];
  enqueue: unknown;
  getResponse: unknown;
  getStreamedResponse: unknown;
}

function scriptedModelReport(value: unknown): DoubleReport | undefined {
  const candidate = value as Partial<ScriptedModelShape> | null;
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    typeof candidate.remainingSteps !== 'number' ||
    typeof candidate.enqueue !== 'function' ||
    typeof candidate.getResponse !== 'function' ||
    typeof candidate.getStreamedResponse !== 'function'
  ) {
    return undefined;
  }
  const remaining = candidate.remainingSteps;
  const calls = candidate.calls ?? [];
  return {
    label: 'ScriptedModel',
    // The SDK keeps its steps private; their positions are all a report can name.
    pending: Array.from({ length: remaining }, (_, offset) => `${calls.length + offset + 1}. scripted step`),
    mismatches: [],
    calls: calls.map((call) => `${call.index + 1}. ${call.streamed ? 'streamed' : 'non-streamed'} model call`),
  };
}

interface ScriptedSandboxSessionShape {
  state: unknown;
  remainingSteps: number;
  calls: readonly { index: number; method: string; args: readonly unknown[] }[];
  assertComplete: unknown;
}

/**
 * Probed on SDK 0.20: its scripted sandbox session consumes a step even when the call does not
 * match it, throws the mismatch into the SDK (which turns it into a tool output), and keeps no
 * trace of it. Its report can therefore only say whether steps are left, and it says so.
 */
export const SCRIPTED_SANDBOX_NOTE =
  "scriptedSandboxSession() cannot show a call that did not match its step: it consumes the step anyway, " +
  'the SDK turns the error into a tool output, and nothing keeps it. Script the session with sandbox() from agents-testkit to catch such drift.';

function scriptedSandboxSessionReport(value: unknown): DoubleReport | undefined {
  const candidate = value as Partial<ScriptedSandboxSessionShape> | null;
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    typeof candidate.state !== 'object' ||
    typeof candidate.remainingSteps !== 'number' ||
    !Array.isArray(candidate.calls) ||
    typeof candidate.assertComplete !== 'function'
  ) {
    return undefined;
  }
  const remaining = candidate.remainingSteps;
  return {
    label: 'scriptedSandboxSession()',
    pending: remaining === 0 ? [] : [`${remaining} scripted step${remaining === 1 ? '' : 's'} not consumed`],
    mismatches: [],
    calls: candidate.calls.map((call) => `${call.index + 1}. ${describeCall(call.method as ScriptedMethod, call.args)}`),
    notes: [SCRIPTED_SANDBOX_NOTE],
  };
}

export const sdkReportAdapters: readonly ReportAdapter[] = [scriptedModelReport, scriptedSandboxSessionReport];
