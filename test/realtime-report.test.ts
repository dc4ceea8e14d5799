import { realtime } from 'agents-testkit';
import { Ledger, ledgerOf } from '../src/fakes/core/ledger';
import { isComplete } from '../src/vocabulary';
import { expect, test } from './support';

// The after-each verification asks every double for its report, passing or not. Describing every
// call there (a Realtime call is snapshotted and redacted to be described) cost a passing 1,000-step
// script a fifth of its run; a report describes its calls only when a message reads them.

test('a report describes its calls only when read, once, and lists the calls recorded when it was made', () => {
  let described = 0;
  const ledger = new Ledger({ kind: 'realtime', name: undefined, verify: false, pending: () => [] });
  ledger.record(() => {
    described += 1;
    return 'sendMessage("Hi")';
  });
  const report = ledger.report();
  expect(isComplete(report)).toBe(true);
  expect(described).toBe(0);
  // A call recorded after the report is not in it: the report says what was true when it was made.
  ledger.record('close()');
  expect(report.calls).toEqual(['1. sendMessage("Hi")']);
  expect(report.calls).toEqual(['1. sendMessage("Hi")']);
  expect(described).toBe(1);
  expect({ ...report }.calls).toEqual(['1. sendMessage("Hi")']);
});

test('a mismatch marks its call in a report read later, as in one read at once', async () => {
  const rt = realtime({ verify: false }).expect('sendMessage', { message: 'Hi' });
  await rt.connect({ apiKey: 'test' });
  rt.sendMessage('Bye', {});
  const report = (ledgerOf(rt) as Ledger).report();
  expect(isComplete(report)).toBe(false);
  expect(report.calls).toEqual(['1. connect() (lifecycle)', '2. sendMessage("Bye") (mismatch)']);
});

test('a passing script of many steps is verified without reading its calls', async () => {
  const rt = realtime({ verify: false });
  for (let index = 0; index < 50; index += 1) rt.expect('sendMessage', { message: `Message ${index}` });
  await rt.connect({ apiKey: 'test' });
  for (let index = 0; index < 50; index += 1) rt.sendMessage(`Message ${index}`, {});
  await rt.settled();
  let reads = 0;
  const calls = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Object.getPrototypeOf(rt)), 'calls')?.get as () => unknown;
  Object.defineProperty(rt, 'calls', {
    get() {
      reads += 1;
      return calls.call(this);
    },
  });
  const report = (ledgerOf(rt) as Ledger).report();
  expect(isComplete(report)).toBe(true);
  expect(reads).toBe(0);
  expect(report.calls).toHaveLength(51);
  expect(report.calls[50]).toBe('51. sendMessage("Message 49") → step 50');
});
