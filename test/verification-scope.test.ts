// What a skipped test excuses, and whose file a late mismatch fails: the rules the setup entries
// apply when a file ends (test/setup-*.test.ts run them in fixture projects under both runners).
import { model } from 'agents-testkit';
import { IncompleteScriptError } from '../src/errors/IncompleteScriptError';
import { ledgerOf } from '../src/fakes/core/ledger';
import { markVerified, startWatching, takeCreated, takeLate, type DoubleScope, type RunnerReads } from '../src/fakes/core/registry';
import { skippedTestsThatCouldUse, verify } from '../src/setup/install';
import type { SkippedTest } from '../src/runner/coupling';
import { describe, expect, mark, test, thrownBy } from './support';

const skipped = (path: string[], todo = false): SkippedTest => ({ path, title: [...path, 'a test'].join(' '), todo });

describe('the skipped tests that could have used a double', () => {
  const inBilling = skipped(['billing']);
  const inRefunds = skipped(['billing', 'refunds']);
  const inSupport = skipped(['support']);
  const atTop = skipped([]);
  const todo = skipped(['billing'], true);
  const all = [inBilling, inRefunds, inSupport, atTop, todo];
  const couldUse = (scope: DoubleScope) => skippedTestsThatCouldUse(scope, all);

  test('a double made at the file\'s top level: every skipped test but a .todo', () => {
    expect(couldUse({ block: [] })).toEqual([inBilling, inRefunds, inSupport, atTop]);
  });

  test('a double made in a block: the skipped tests inside it, nested blocks included', () => {
    expect(couldUse({ block: ['billing'] })).toEqual([inBilling, inRefunds]);
    expect(couldUse({ block: ['billing', 'refunds'] })).toEqual([inRefunds]);
  });

  test('a double made in a block without a skipped test: none', () => {
    expect(couldUse({ block: ['billing', 'invoices'] })).toEqual([]);
    expect(couldUse({ block: ['orders'] })).toEqual([]);
  });

  test('a double a test made, concurrent or not: none', () => {
    expect(couldUse({ test: 'billing refunds a test' })).toEqual([]);
    expect(couldUse({ test: undefined })).toEqual([]);
  });

  test('a .todo never excuses: it has no body', () => {
    expect(skippedTestsThatCouldUse({ block: ['billing'] }, [todo])).toEqual([]);
  });
});

describe('late mismatches and the file of their double', () => {
  const registry = () => (globalThis as unknown as Record<symbol, { reads: RunnerReads }>)[Symbol.for('agents-testkit.registry')] as { reads: RunnerReads };

  /** Makes a double as if a file other than this one had made it, and records a mismatch on it after its verification. */
  function lateDoubleOf(file: string) {
    const reads = registry().reads;
    const since = mark();
    startWatching({ ...reads, testFile: () => file });
    let script;
    try {
      script = model({ name: `made-in-${file}` }).replies('Hi.');
    } finally {
      startWatching(reads);
    }
    const double = ledgerOf(script)!;
    takeCreated(since);
    markVerified([double]);
    double.mismatch({ kind: 'unexpected_call', callIndex: double.record('a call after the end'), actual: 'a call', expected: 'no more calls' });
    return double;
  }

  test('a verification point of a file takes the late mismatches of its own doubles only', () => {
    const here = registry().reads.testFile?.();
    lateDoubleOf('/elsewhere/other.test.ts');

    expect(takeLate(here)).toEqual([]);
    const left = takeLate();
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ file: '/elsewhere/other.test.ts', line: expect.stringContaining('made-in-/elsewhere/other.test.ts') });
  });

  test('a late mismatch of another file names that file', () => {
    lateDoubleOf('/elsewhere/other.test.ts');

    const error = thrownBy(() => verify([], 'when the test file ended', { late: takeLate() })) as IncompleteScriptError;

    expect(error).toBeInstanceOf(IncompleteScriptError);
    // Made in this test, as far as the registry knows, but in another file: named with its file.
    expect(error.message).toMatch(/model\("made-in-\/elsewhere\/other\.test\.ts"\) from the test ".*" of the test file (\.\.\/)+elsewhere\/other\.test\.ts was not complete after its test ended\./);
  });
});
