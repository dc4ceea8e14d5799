import { setTracingDisabled } from '@openai/agents';
import { currentConfig } from '../config';
import { IncompleteScriptError } from '../errors/IncompleteScriptError';
import { isComplete } from '../vocabulary';
import { installOfflineGuard } from '../fakes/offlineGuard';
import { mark, startWatching, takeCreated, type Verifiable } from '../fakes/registry';
import { matchers } from '../matchers/index';
import { runSnapshotSerializer, type SnapshotSerializer } from '../matchers/runSnapshotSerializer';

/** What a setup entry hands over from its runner. */
export interface RunnerHooks {
  expect: { extend(matchers: Record<string, unknown>): void; addSnapshotSerializer(serializer: SnapshotSerializer): void };
  beforeEach(fn: () => void): void;
  /** `concurrent` tells whether the test that ended ran alongside others. */
  afterEach(fn: (concurrent: boolean) => void): void;
  afterAll(fn: () => void): void;
}

/**
 * Registers the matchers and the run snapshot serializer, turns tracing off, makes the offline
 * guard the SDK's default model provider, and verifies the doubles each test created when it
 * ends. Doubles created outside a test (in `beforeAll` or a `describe` body) and doubles of
 * concurrent tests cannot be pinned to one test, so they are verified when the file ends.
 * Installing twice in one file (the CJS and ESM builds both loaded) is harmless: both sets of
 * hooks take doubles from one shared list, so each double is verified once.
 */
export function install(hooks: RunnerHooks): void {
  hooks.expect.extend(matchers);
  hooks.expect.addSnapshotSerializer(runSnapshotSerializer);
  setTracingDisabled(true);
  installOfflineGuard();
  startWatching();

  let testStart: number | undefined;
  hooks.beforeEach(() => {
    testStart = mark();
  });
  hooks.afterEach((concurrent) => {
    const since = testStart;
    testStart = undefined;
    if (concurrent || since === undefined) return;
    verify(takeCreated(since), 'when the test ended');
  });
  hooks.afterAll(() => {
    verify(takeCreated(), 'when the test file ended (it was created outside a test, or in a concurrent test)');
  });
}

/** Throws `IncompleteScriptError` naming every double that is not complete. */
export function verify(doubles: readonly Verifiable[], when: string): void {
  if (!currentConfig().autoVerify) return;
  const reports = doubles.map((double) => double.report()).filter((report) => !isComplete(report));
  if (reports.length > 0) {
    throw new IncompleteScriptError(
      reports,
      when,
      'agents-testkit verifies every double when its test ends; opt out with configure({ autoVerify: false }), or with { verify: false } on one double.',
    );
  }
}
