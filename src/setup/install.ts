import { redactText } from '../format/secrets';
import { relative } from 'node:path';
import { currentConfig, resetConfig } from '../config';
import { coverageRequested } from '../coverage/env';
import { IncompleteScriptError } from '../errors/IncompleteScriptError';
import { followRunsOf, noteTestStarted, untilQuiet } from '../fakes/core/activity';
import { followRunEndsOf, forgetParkedReaders } from '../fakes/core/runEnd';
import { forgetToolFailuresOutsideRuns, noteToolFailuresOf } from '../fakes/core/toolFailures';
import { noteToolNameCollisionsOf } from '../fakes/core/toolNameCollisions';
import { forgetRuns } from '../fakes/provider/agentRuns';
import { settleRecordingsIfAny } from '../fakes/cassette/settling';
import { forgetPlannedFailures } from '../fakes/core/plannedFailures';
import { forgetStoredStates } from '../fakes/resume/storedConversations';
import { installNetworkGuard } from '../fakes/offline/networkGuard';
import { BUNDLED_SDK, installOfflineGuard, isGuarded, primeDefaultRunner, restoreDefaults, type SdkCopy } from '../fakes/offline/offlineGuard';
import { hookLateSdkCopiesWith } from '../fakes/core/lateSdkCopies';
import {
  currentFile,
  endScope,
  enterTest,
  leaveTest,
  mark,
  markVerified,
  originOf,
  startWatching,
  takeCreated,
  takeLate,
  type DoubleScope,
  type LateMismatch,
  type RunnerReads,
  type Verifiable,
} from '../fakes/core/registry';
import { endRoutes } from '../fakes/provider/routing';
import { describeReport, plural } from '../format/report';
import { matchers } from '../matchers/index';
import { runSnapshotSerializer, type SnapshotSerializer } from '../matchers/runSnapshotSerializer';
import { hearSessionErrorsOf, sdkRejectionListeners } from '../sdk/coupling';
import { otherSdkCopiesOfTheTestFile, requiredSdkCopyOtherThan } from './sdkCopies';
import { isComplete, type DoubleReport } from '../vocabulary';
import type { SkippedTest } from '../runner/coupling';

/** What the kit hears of one copy of the SDK: its runs and their ends, the failures its tools and sessions swallow. */
function listenTo(copy: SdkCopy): void {
  followRunsOf(copy.Runner);
  followRunEndsOf(copy.Runner);
  noteToolFailuresOf(copy);
  noteToolNameCollisionsOf(copy);
  hearSessionErrorsOf(copy.realtime?.RealtimeSession);
}

/** What a setup entry hands over from its runner. */
export interface RunnerHooks extends RunnerReads {
  expect: { extend(matchers: Record<string, unknown>): void; addSnapshotSerializer(serializer: SnapshotSerializer): void };
  beforeAll(fn: () => Promise<void>): void;
  beforeEach(fn: () => void): void;
  /** `concurrent` tells whether the test that ended ran alongside others. */
  afterEach(fn: (concurrent: boolean) => void): void;
  /**
   * `skipped` lists the tests of the file that did not run (`.skip`, `.todo`, `.only` elsewhere, `-t`);
   * `fileMeta` is where the runner's reporters read what the kit leaves of the file (Vitest's file meta).
   */
  afterAll(fn: (skipped: readonly SkippedTest[], fileMeta?: Record<string, unknown>) => void | Promise<void>): void;
  /** How the test file imports `@openai/agents`, where a plain `import()` of the kit's would not say (Vitest may inline it). */
  importSdk?: () => Promise<unknown>;
}

/**
 * Returns when what it loads lazily is loaded (the coverage collector, when a reporter asked for it).
 * Registers the matchers and the run snapshot serializer, turns tracing off, puts the kit's
 * provider (the offline guard, which routes to the providers a test installs) in front of the
 * SDK's own default model provider in every copy of the SDK the test file may load (where it also
 * has each Realtime session tell its script of the errors it reports), verifies the
 * doubles each test created when it ends, and then settles the cassette recordings the test made
 * (committed when it passed, kept aside when it failed). What a test made ends with it (a
 * `lifecycle()` recorder stops listening). Doubles created outside a test (in `beforeAll` or a
 * `describe` body) and doubles of concurrent tests cannot be pinned to one test, so they are
 * verified when the file ends, once the runs still going have ended and calls stopped coming. A
 * mismatch a double records after its verification fails the next verification point of its file.
 * Settings (`configure()`), routes and a default provider a test set last until the file ends,
 * also when files share one module graph. Installing twice in one file (the CJS and ESM builds
 * both loaded) is harmless: both sets of hooks take doubles from one shared list, so each double
 * is verified once.
 */
export function install(hooks: RunnerHooks): Promise<void> {
  hooks.expect.extend(matchers);
  hooks.expect.addSnapshotSerializer(runSnapshotSerializer);
  installOfflineGuard(BUNDLED_SDK);
  // Before the test file loads: an OpenAI client keeps the `fetch` it finds when it is made.
  installNetworkGuard();
  // Turning tracing off made the SDK's trace provider, which listens for unhandled rejections:
  // under Vitest every rejection would then pass as handled. The runner's own handling stands.
  for (const listener of sdkRejectionListeners(process)) process.off('unhandledRejection', listener);
  startWatching({ testName: hooks.testName, testFile: hooks.testFile, scope: hooks.scope });
  listenTo(BUNDLED_SDK);
  // The coverage collector is loaded only when a coverage reporter asked for it: a test file
  // without one does not parse it. Runs are noted from when it is loaded: Vitest's entry awaits
  // `ready` before the test file loads, and the file's first hook awaits the collector (failing
  // the file if it could not load), so every run a hook or a test starts is noted.
  let collector: typeof import('../coverage/collector') | undefined;
  const coverage = coverageRequested()
    ? import('../coverage/collector').then((loaded) => {
        loaded.startCoverageIfEnabled();
        return (collector = loaded);
      })
    : undefined;
  const ready = coverage?.then(
    () => undefined,
    () => undefined,
  ) ?? Promise.resolve();

  /** What the entry put on the bundled copy, put on another copy the test file loaded (once). */
  const hook = (copy: SdkCopy): boolean => {
    if (isGuarded(copy)) return false;
    collector?.watchCoverageOf(copy.Runner as unknown as abstract new (...args: never[]) => unknown);
    listenTo(copy);
    installOfflineGuard(copy, 'loaded');
    return true;
  };
  const hookRequired = (): void => {
    const copy = requiredSdkCopyOtherThan(BUNDLED_SDK);
    if (copy !== undefined) hook(copy);
  };
  // A copy a test loads itself (after `jest.resetModules()`) is hooked when a double meets it (src/fakes/core/lateSdkCopies.ts).
  hookLateSdkCopiesWith({
    required: hookRequired,
    loaded: () => otherSdkCopiesOfTheTestFile(BUNDLED_SDK, hooks.importSdk).then((copies) => copies.map(hook).includes(true), () => false),
  });

  hooks.beforeAll(async () => {
    await coverage;
    const copies = [BUNDLED_SDK, ...(await otherSdkCopiesOfTheTestFile(BUNDLED_SDK, hooks.importSdk))];
    copies.forEach(hook);
    // The test file has loaded the app: a provider it set at module scope is the app's, and the guard adopts it.
    for (const copy of copies) installOfflineGuard(copy, 'loaded');
    for (const copy of copies) await primeDefaultRunner(copy);
  });

  let testStart: number | undefined;
  hooks.beforeEach(() => {
    // A copy an earlier test required for itself.
    hookRequired();
    testStart = mark();
    enterTest();
    noteTestStarted();
  });
  hooks.afterEach((concurrent) => {
    const since = testStart;
    testStart = undefined;
    if (leaveTest()) {
      endRoutes('test');
      forgetRuns();
      forgetStoredStates();
      forgetPlannedFailures();
      forgetToolFailuresOutsideRuns();
      forgetParkedReaders();
    }
    const pinned = !concurrent && since !== undefined;
    if (pinned) endScope(since);
    const doubles = pinned ? takeCreated(since) : [];
    // A recording is committed only when its test passed, the verification of its doubles included.
    settleRecordingsIfAny(() => verify(doubles, 'when the test ended', { late: takeLate(currentFile()) }));
  });
  hooks.afterAll(async (skipped, fileMeta) => {
    try {
      const going = await untilQuiet();
      if (going.length > 0) console.warn(redactText(stillGoingMessage(going)));
      endScope();
      verify(takeCreated(), 'when the test file ended (it was created outside a test, or in a concurrent test)', { late: takeLate(), skipped });
    } finally {
      endRoutes('file');
      restoreDefaults();
      resetConfig();
      await (await coverage)?.writeCoverage(fileMeta);
    }
  });
  return ready;
}

/** What a verification point also weighs beyond the doubles it takes. */
export interface VerifyOptions {
  /** Mismatches recorded on doubles after their own verification. */
  late?: readonly LateMismatch[];
  /** Tests of the file that did not run: steps they could have used are not held against the file. */
  skipped?: readonly SkippedTest[];
}

/**
 * Throws `IncompleteScriptError` naming every double that is not complete, and every double that
 * recorded a mismatch after it was verified (saying which test it belongs to). Steps left unused on
 * a double without mismatches are reported on the console instead, when a skipped test could have
 * used them: see `skippedTestsThatCouldUse`.
 */
export function verify(doubles: readonly Verifiable[], when: string, options: VerifyOptions = {}): void {
  if (!currentConfig().autoVerify) return;
  markVerified(doubles);
  const reports: DoubleReport[] = [];
  for (const double of doubles) {
    const report = double.report();
    if (isComplete(report)) continue;
    const excusing = report.mismatches.length === 0 ? skippedTestsThatCouldUse(originOf(double).scope, options.skipped ?? []) : [];
    if (excusing.length > 0) console.warn(redactText(excusedMessage(report, excusing)));
    else reports.push(report);
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

/**
 * The skipped tests that could have used a double's steps: none for a double a test made (only
 * that test could reach it, `test.concurrent` included); for one made outside a test, the tests
 * inside the block it was made in (its body, or its `beforeAll`; the file's top level holds every
 * test), except `.todo`s, which have no body to use anything with.
 */
export function skippedTestsThatCouldUse(scope: DoubleScope, skipped: readonly SkippedTest[]): SkippedTest[] {
  if (!('block' in scope)) return [];
  return skipped.filter((test) => !test.todo && scope.block.every((name, index) => test.path[index] === name));
}

/** One report per double that recorded mismatches after its verification, naming its test (and its file, when another one). */
function lateReports(late: readonly LateMismatch[]): DoubleReport[] {
  const here = currentFile();
  const byDouble = new Map<Verifiable, LateMismatch[]>();
  for (const entry of late) byDouble.set(entry.double, [...(byDouble.get(entry.double) ?? []), entry]);
  return [...byDouble].map(([double, entries]) => {
    const report = double.report();
    const { test, file } = entries[0] as LateMismatch;
    const elsewhere = file !== undefined && here !== undefined && file !== here ? ` of the test file ${relative(process.cwd(), file)}` : '';
    const owner = test === undefined ? `created outside a test${elsewhere}` : `from the test ${JSON.stringify(test)}${elsewhere}`;
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

function excusedMessage(report: DoubleReport, excusing: readonly SkippedTest[]): string {
  const names = excusing.slice(0, 5).map((test) => JSON.stringify(test.title));
  const more = excusing.length > names.length ? ` and ${excusing.length - names.length} more` : '';
  return [
    `agents-testkit: ${report.label} was not complete when the test file ended, but the file skipped ${plural(excusing.length, 'test')} ` +
      `that could have used the steps left (${names.join(', ')}${more}), so the file does not fail on them.`,
    describeReport(report),
  ].join('\n\n');
}

function stillGoingMessage(going: readonly string[]): string {
  return (
    `agents-testkit: ${going.length === 1 ? 'a run was' : `${going.length} runs were`} still going when the test file ended: ${going.join(', ')}. ` +
    'What happens in it from now on is not verified. Await every run a test starts.'
  );
}
