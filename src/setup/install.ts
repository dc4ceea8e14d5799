import { currentConfig, resetConfig } from '../config';
import { startCoverageIfEnabled, watchCoverageOf, writeCoverage } from '../coverage/collector';
import { IncompleteScriptError } from '../errors/IncompleteScriptError';
import { forgetRuns } from '../fakes/agentRuns';
import { settleRecordings } from '../fakes/cassetteRecordings';
import { forgetPlannedFailures } from '../fakes/plannedFailures';
import { forgetStoredStates } from '../fakes/storedConversations';
import { BUNDLED_SDK, installOfflineGuard, primeDefaultRunner, restoreDefaults, type SdkCopy } from '../fakes/offlineGuard';
import {
  enterTest,
  leaveTest,
  mark,
  markVerified,
  ownerOf,
  startWatching,
  takeCreated,
  takeLate,
  type LateMismatch,
  type Verifiable,
} from '../fakes/registry';
import { endRoutes } from '../fakes/routing';
import { describeReport, plural } from '../format/report';
import { matchers } from '../matchers/index';
import { runSnapshotSerializer, type SnapshotSerializer } from '../matchers/runSnapshotSerializer';
import { isComplete, type DoubleReport } from '../vocabulary';

/** What a setup entry hands over from its runner. */
export interface RunnerHooks {
  expect: { extend(matchers: Record<string, unknown>): void; addSnapshotSerializer(serializer: SnapshotSerializer): void };
  beforeAll(fn: () => Promise<void>): void;
  beforeEach(fn: () => void): void;
  /** `concurrent` tells whether the test that ended ran alongside others. */
  afterEach(fn: (concurrent: boolean) => void): void;
  /** `skipped` names the tests of the file that did not run (`.skip`, `.todo`, `.only` elsewhere, `-t`). */
  afterAll(fn: (skipped: readonly string[]) => void | Promise<void>): void;
  /** The name of the running test, as the runner gives it; read when a double is made. */
  testName(): string | undefined;
}

/**
 * Registers the matchers and the run snapshot serializer, turns tracing off, makes the kit's
 * provider (the offline guard, which routes to the providers a test installs) the SDK's default
 * model provider in every copy of the SDK the test file may load, verifies the doubles each
 * test created when it ends, and then settles the cassette recordings the test made (committed
 * when it passed, kept aside when it failed). Doubles created outside a test (in `beforeAll` or a `describe` body)
 * and doubles of concurrent tests cannot be pinned to one test, so they are verified when the file
 * ends. A mismatch a double records after its verification fails the next verification point.
 * Settings (`configure()`), routes and a default provider a test set last until the file ends,
 * also when files share one module graph. Installing twice in one file (the CJS and ESM builds
 * both loaded) is harmless: both sets of hooks take doubles from one shared list, so each double
 * is verified once.
 */
export function install(hooks: RunnerHooks): void {
  hooks.expect.extend(matchers);
  hooks.expect.addSnapshotSerializer(runSnapshotSerializer);
  installOfflineGuard(BUNDLED_SDK);
  startWatching(hooks.testName);
  startCoverageIfEnabled();

  hooks.beforeAll(async () => {
    const copies = [BUNDLED_SDK];
    const loaded = await sdkTheTestFileLoads();
    if (loaded !== undefined && loaded.setDefaultModelProvider !== BUNDLED_SDK.setDefaultModelProvider) {
      installOfflineGuard(loaded);
      watchCoverageOf(loaded.Runner as unknown as abstract new (...args: never[]) => unknown);
      copies.push(loaded);
    }
    for (const copy of copies) await primeDefaultRunner(copy);
  });

  let testStart: number | undefined;
  hooks.beforeEach(() => {
    testStart = mark();
    enterTest();
  });
  hooks.afterEach((concurrent) => {
    const since = testStart;
    testStart = undefined;
    if (leaveTest()) {
      endRoutes('test');
      forgetRuns();
      forgetStoredStates();
      forgetPlannedFailures();
    }
    const doubles = concurrent || since === undefined ? [] : takeCreated(since);
    // A recording is committed only when its test passed, the verification of its doubles included.
    settleRecordings(() => verify(doubles, 'when the test ended', { late: takeLate() }));
  });
  hooks.afterAll(async (skipped) => {
    try {
      verify(takeCreated(), 'when the test file ended (it was created outside a test, or in a concurrent test)', { late: takeLate(), skipped });
    } finally {
      endRoutes('file');
      restoreDefaults();
      resetConfig();
      await writeCoverage();
    }
  });
}

/** What a verification point also weighs beyond the doubles it takes. */
export interface VerifyOptions {
  /** Mismatches recorded on doubles after their own verification. */
  late?: readonly LateMismatch[];
  /** Tests of the file that did not run: steps left on shared doubles may have been theirs. */
  skipped?: readonly string[];
}

/**
 * Throws `IncompleteScriptError` naming every double that is not complete, and every double that
 * recorded a mismatch after it was verified (saying which test it belongs to). When the file
 * skipped tests, steps left unused on doubles without mismatches are reported on the console
 * instead of failing the file: only a skipped test may have needed them.
 */
export function verify(doubles: readonly Verifiable[], when: string, options: VerifyOptions = {}): void {
  if (!currentConfig().autoVerify) return;
  markVerified(doubles);
  let reports = doubles.map((double) => double.report()).filter((report) => !isComplete(report));
  const skipped = options.skipped ?? [];
  if (skipped.length > 0) {
    const excused = reports.filter((report) => report.mismatches.length === 0);
    reports = reports.filter((report) => report.mismatches.length > 0);
    if (excused.length > 0) console.warn(excusedMessage(excused, skipped));
  }
  const late = lateReports(options.late ?? []);
  const all = [...reports, ...late];
  if (all.length === 0) return;
  throw new IncompleteScriptError(
    all,
    reports.length === 0 ? 'after its test ended' : when,
    'agents-testkit verifies every double when its test ends; opt out with configure({ autoVerify: false }), or with { verify: false } on one double.',
  );
}

/** One report per double that recorded mismatches after its verification, naming its test. */
function lateReports(late: readonly LateMismatch[]): DoubleReport[] {
  const byDouble = new Map<Verifiable, LateMismatch[]>();
  for (const entry of late) byDouble.set(entry.double, [...(byDouble.get(entry.double) ?? []), entry]);
  return [...byDouble].map(([double, entries]) => {
    const report = double.report();
    const test = ownerOf(double);
    const owner = test === undefined ? 'created outside a test' : `from the test ${JSON.stringify(test)}`;
    return {
      label: `${report.label} ${owner}`,
      pending: [],
      mismatches: entries.map((entry) => entry.line),
      calls: report.calls,
      notes: [
        ...(report.notes ?? []),
        `${plural(entries.length, 'call')} came after ${test === undefined ? 'the double' : 'that test'} had been verified: a run it started was still going. Await every run a test starts.`,
      ],
    };
  });
}

function excusedMessage(reports: readonly DoubleReport[], skipped: readonly string[]): string {
  const names = skipped.slice(0, 5).map((name) => JSON.stringify(name));
  const more = skipped.length > names.length ? ` and ${skipped.length - names.length} more` : '';
  return [
    `agents-testkit: ${reports.length === 1 ? `${reports[0]?.label} was` : `${reports.length} doubles were`} not complete when the test file ended, ` +
      `but the file skipped ${plural(skipped.length, 'test')} (${names.join(', ')}${more}), which may have used the steps left, so the file does not fail on them.`,
    ...reports.map(describeReport),
  ].join('\n\n');
}

/**
 * The SDK as the test file itself imports it, when the runner can import ES modules from here:
 * Jest's native ESM loads this setup entry's CJS build, which holds the CJS copy of the SDK, while
 * the test file's `import … from '@openai/agents'` gets the ESM copy. The `import()` is written in a
 * direct `eval`: the CJS build would turn a literal one into `require()`, and Jest's module loader
 * only hears an `import()` made by code of the module it loaded (one made in `new Function` reaches
 * no loader; a probe in consumers/jest-esm showed it). Where `import()` is unavailable (Jest without
 * `--experimental-vm-modules`, which then loads one copy only), this is `undefined`.
 */
async function sdkTheTestFileLoads(): Promise<SdkCopy | undefined> {
  let loaded: unknown;
  try {
    // eslint-disable-next-line no-eval
    loaded = await eval('import("@openai/agents")');
  } catch {
    return undefined;
  }
  return isSdkCopy(loaded) ? loaded : undefined;
}

function isSdkCopy(value: unknown): value is SdkCopy {
  if (typeof value !== 'object' || value === null) return false;
  const sdk = value as Partial<Record<keyof SdkCopy, unknown>>;
  return (['setDefaultModelProvider', 'setTracingDisabled', 'getCurrentSpan', 'OpenAIProvider', 'Runner', 'Agent', 'run'] as const).every(
    (name) => typeof sdk[name] === 'function',
  );
}

