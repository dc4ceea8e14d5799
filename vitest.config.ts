import { availableParallelism } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const root = dirname(fileURLToPath(import.meta.url));

// Groups of the kit's own specs that the Vitest set-ups treat apart: every set-up gives the
// process-state specs a fresh worker per file; `npm run test:quick` (vitest.quick.config.ts) and
// `npm run mutation` (vitest.mutation.config.ts) leave the child-process specs out.
/** Specs that run a test runner (or the kit's CLI) in a child process: the slow ones, seconds to a minute each. */
export const childProcessSpecs = [
  'test/setup-vitest.test.ts',
  'test/setup-jest.test.ts',
  'test/setup-per-file.test.ts',
  'test/setup-filtered.test.ts',
  'test/sandbox-guide.test.ts',
  'test/realtime-fake-timers.test.ts',
  'test/cassette-durability.test.ts',
  'test/snapshotAgreement.test.ts',
  'test/coverage-examples.test.ts',
];

/**
 * Specs that set the SDK's default model provider or the offline guard, which last for the process:
 * where specs share a module graph (`isolate: false`), these keep a fresh worker per file so that
 * they cannot change what other specs see.
 */
export const processStateSpecs = ['test/provider.test.ts', 'test/offline-guard.test.ts', 'examples/model-provider.test.ts'];

// Specs run from source: `agents-testkit` resolves to src, as the examples import it by name.
export const alias = {
  'agents-testkit/vitest': join(root, 'src/setup/vitest.ts'),
  'agents-testkit/jest': join(root, 'src/setup/jest.ts'),
  'agents-testkit': join(root, 'src/index.ts'),
};

export const shared = {
  globals: true,
  // The kit's specs record from loopback servers and scripted MCP servers only, so they opt in to
  // recording under CI (scripts/test.mjs sets CI=true), as a job that records on purpose would.
  env: { AGENTS_TESTKIT_RECORD_IN_CI: '1' },
  setupFiles: [join(root, 'src/setup/vitest.ts')],
  // Each runner keeps its own snapshot files; scripts/compare-snapshots.mjs checks they agree.
  resolveSnapshotPath: (testPath: string, extension: string) =>
    join(dirname(testPath), '__snapshots__', 'vitest', `${basename(testPath)}${extension}`),
};

/**
 * The projects every Vitest set-up runs: the unit specs and the recipes sharing one module graph per
 * worker (`isolate: false`: a file does not re-import the SDK and the kit), and the process-state
 * specs with a fresh worker per file. `leftOut` are specs a set-up does not run at all.
 */
export function sharedGraphProjects(leftOut: readonly string[] = []) {
  const exclude = [...configDefaults.exclude, ...processStateSpecs, ...leftOut];
  return [
    { resolve: { alias }, test: { ...shared, name: 'unit', include: ['test/**/*.test.ts'], exclude, isolate: false } },
    { resolve: { alias }, test: { ...shared, name: 'examples', include: ['examples/**/*.test.ts'], exclude, isolate: false } },
    { resolve: { alias }, test: { ...shared, name: 'process-state', include: [...processStateSpecs], isolate: true } },
  ];
}

/**
 * Vitest's order, but the longest child runner first: without timings of an earlier run (a fresh
 * clone, CI) Vitest starts the largest files first, and this three-line spec, whose child runs the
 * setup fixture for about 19 s, then ran last while the other worker had nothing left: 66–68 s
 * against 58 s for `npx vitest run` (two runs each, two cores). Putting every child-process spec
 * first was slower (CONTRIBUTING, "How long the checks take"): two child runners at once.
 */
class LongestChildFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = sorted.filter((file) => file.moduleId === join(root, 'test/setup-vitest.test.ts'));
    return [...first, ...sorted.filter((file) => !first.includes(file))];
  }
}

export default defineConfig({
  resolve: { alias },
  test: {
    // Read by the root only: projects do not apply their own resolveSnapshotPath.
    resolveSnapshotPath: shared.resolveSnapshotPath,
    // Vitest's default is one worker fewer than the cores: one on two cores, which then idles
    // while a spec waits on the child runner or loopback server it started. A worker per core.
    maxWorkers: availableParallelism(),
    sequence: { sequencer: LongestChildFirst },
    // Specs share one module graph per worker (`isolate: false`): a file does not re-import the SDK
    // and the kit, which was most of Vitest's CPU time. The specs that change process-wide state keep
    // a fresh worker per file. Jest runs every spec isolated, so each spec runs both ways.
    projects: sharedGraphProjects(),
  },
});
