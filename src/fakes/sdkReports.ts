import type { DoubleReport } from './report';

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

export const sdkReportAdapters: readonly ReportAdapter[] = [scriptedModelReport];
