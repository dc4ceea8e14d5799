import { printDiff, printExpected, printReceived } from './matcherUtils';
import { closest } from '../format/closest';
import { isRealtimeMethod, REALTIME_METHODS } from '../fakes/realtime/call';
import type { Matcher } from './context';
import { hint, invalidExpected, times } from './messages';
import { matchesPartial, subsetFor } from './partial';
import { listRealtimeCalls, readRealtime } from './realtimeRecord';

/** The transport sent a call of `method`; `partial` (optional) is a partial match on its payload. */
export const toHaveSentRealtime: Matcher<[method: unknown, partial?: unknown]> = function toHaveSentRealtime(received, method, partial) {
  const hintLine = hint(this, 'toHaveSentRealtime', 'method', partial === undefined ? undefined : 'partial');
  if (!isRealtimeMethod(method)) {
    const suggestion = typeof method === 'string' ? closest(method, REALTIME_METHODS) : undefined;
    throw invalidExpected(hintLine, `a transport method (${suggestion ? `did you mean "${suggestion}"?` : REALTIME_METHODS.join(', ')})`, method, 'Method');
  }
  if (partial !== undefined && (typeof partial !== 'object' || partial === null || Array.isArray(partial))) {
    throw invalidExpected(hintLine, "a partial of the call's payload, like { message: 'Hello' }", partial, 'Partial');
  }
  const record = readRealtime(received, hintLine);
  const ofMethod = record.calls.flatMap((call, index) => (call.method === method ? [index] : []));
  const matching = partial === undefined ? ofMethod : ofMethod.filter((index) => matchesPartial(this, record.calls[index], partial));
  const pass = matching.length > 0;
  const wanted = `call of ${printExpected(method)}${partial === undefined ? '' : ` matching ${printExpected(partial)}`}`;

  const message = (): string => {
    if (pass) {
      return [
        hintLine,
        '',
        `Expected: no ${wanted}`,
        `Received: ${times(matching.length).replace('time', 'matching call')}`,
        '',
        listRealtimeCalls(record, new Set(matching)),
      ].join('\n');
    }
    const lines = [hintLine, '', `Expected: a ${wanted}`];
    if (ofMethod.length === 0) {
      lines.push(`Received: no call of ${printReceived(method)}`);
    } else {
      const first = ofMethod[0] as number;
      lines.push(`Received: ${ofMethod.length} call${ofMethod.length === 1 ? '' : 's'} of ${printReceived(method)}, none matching`);
      lines.push('', `Call ${first + 1}:`, printDiff(partial, subsetFor(record.calls[first], partial)));
    }
    lines.push('', listRealtimeCalls(record));
    return lines.join('\n');
  };
  return { pass, message };
};
