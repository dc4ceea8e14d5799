import { PCM16_24K } from '../../format/audioFormat';
import { brief } from '../../format/brief';
import { describeRealtimeCall, formatsOf } from '../realtime/call';
import type { DoubleReport } from '../../vocabulary';
import { ledgerOf } from './ledger';
import { describeCall } from '../sandbox/describeCall';
import type { ScriptedMethod } from '../sandbox/plan';

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


interface ScriptedRealtimeShape {
  calls: readonly ({ index: number; method: string } & Record<string, unknown>)[];
  expectCall: unknown;
  runScenario: unknown;
  failNextCall: unknown;
  assertComplete(): void;
}

interface IncompleteRealtimeShape {
  unconsumedCalls: readonly { index: number; method: string }[];
  pendingExpectations: readonly { order: number; method: string }[];
  pendingFailures: readonly { method: string; count: number }[];
}

/**
 * `ScriptedRealtimeTransport` says what is incomplete only through the error `assertComplete()`
 * throws. It does not remember a call it rejected (the expectation is gone and the error went to
 * the caller, often the session, which turns it into an `error` event), so its report cannot
 * show such a mismatch; `realtime()` records every one.
 */
function scriptedRealtimeReport(value: unknown): DoubleReport | undefined {
  const candidate = value as Partial<ScriptedRealtimeShape> | null;
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    typeof candidate.expectCall !== 'function' ||
    typeof candidate.runScenario !== 'function' ||
    typeof candidate.failNextCall !== 'function' ||
    typeof candidate.assertComplete !== 'function'
  ) {
    return undefined;
  }
  const transport = candidate as ScriptedRealtimeShape;
  const calls = transport.calls;
  const formats = formatsOf(calls, PCM16_24K);
  const described = calls.map((call, index) => describeRealtimeCall(call, formats[index] ?? PCM16_24K));
  let pending: string[] = [];
  let mismatches: string[] = [];
  try {
    transport.assertComplete();
  } catch (error) {
    const incomplete = error as Partial<IncompleteRealtimeShape> | null;
    if (!Array.isArray(incomplete?.pendingExpectations)) {
      mismatches = [`assertComplete() threw ${brief(error, 120)}`];
    } else {
      pending = [
        ...incomplete.pendingExpectations.map((expectation) => `${expectation.order}. expectCall('${expectation.method}') still waiting`),
        ...(incomplete.pendingFailures ?? []).map((failure) => `failNextCall('${failure.method}') not used (${failure.count} left)`),
      ];
      mismatches = (incomplete.unconsumedCalls ?? []).map(
        (call) => `call #${call.index + 1}, ${described[call.index] ?? `${call.method}()`}, came with no expectCall() to take it.`,
      );
    }
  }
  return { label: 'ScriptedRealtimeTransport', pending, mismatches, calls: described.map((line, index) => `${index + 1}. ${line}`) };
}

const sdkReportAdapters: readonly ReportAdapter[] = [scriptedModelReport, scriptedSandboxSessionReport, scriptedRealtimeReport];

/** The report of any double the kit understands (its own, by their ledger, and the SDK's, by shape), or `undefined`. */
export function reportOf(value: unknown): DoubleReport | undefined {
  const ledger = ledgerOf(value);
  if (ledger) return ledger.report();
  for (const adapter of sdkReportAdapters) {
    const report = adapter(value);
    if (report) return report;
  }
  return undefined;
}
