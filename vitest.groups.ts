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
  'test/coverage-reporters.test.ts',
  'test/coverage-examples.test.ts',
  'test/coverage-shards.test.ts',
];

/**
 * Specs that set the SDK's default model provider or the offline guard, which last for the process:
 * where specs share a module graph (`isolate: false`), these keep a fresh worker per file so that
 * they cannot change what other specs see.
 */
export const processStateSpecs = ['test/provider.test.ts', 'test/offline-guard.test.ts', 'examples/model-provider.test.ts'];
