import { hint, invalidReceived } from './messages';
import { reportOf } from '../fakes/core/sdkReports';
import { isComplete } from '../vocabulary';
import { describeCalls, describeNotes, describeReport } from '../format/report';
import type { Matcher } from './context';


/** Every step of the double was consumed and no mismatch was recorded, even one the SDK swallowed. */
export const toBeComplete: Matcher<[]> = function toBeComplete(received) {
  const hintLine = hint(this, 'toBeComplete', '');
  const report = reportOf(received);
  if (report === undefined) {
    throw invalidReceived(
      hintLine,
      "a double: model(), sandbox(), realtime(), or the SDK's ScriptedModel, scripted sandbox session or ScriptedRealtimeTransport",
      received,
    );
  }
  const pass = isComplete(report);
  const message = (): string =>
    pass
      ? [hintLine, '', `Expected ${report.label} not to be complete, but every step was used and no call went unplanned.`, '', ...describeCalls(report), ...describeNotes(report)].join('\n')
      : [hintLine, '', describeReport(report)].join('\n');
  return { pass, message };
};
