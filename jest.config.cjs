// Specs run from source through @swc/jest as CommonJS; the native-ESM path of the built package
// is covered by the consumer fixtures (scripts/consumers.mjs).
const shared = {
  // Node's environment with a code cache per worker (test/support/jestEnvironment.cjs).
  testEnvironment: '<rootDir>/test/support/jestEnvironment.cjs',
  // Jest's module runtime with installed packages' text read once per worker (test/support/jestRuntime.cjs).
  runtime: '<rootDir>/test/support/jestRuntime.cjs',
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  moduleNameMapper: {
    '^agents-testkit/vitest$': '<rootDir>/src/setup/vitest.ts',
    '^agents-testkit/jest$': '<rootDir>/src/setup/jest.ts',
    '^agents-testkit$': '<rootDir>/src/index.ts',
  },
  // The kit's specs record from loopback servers and scripted MCP servers only, so they opt in to
  // recording under CI, as a job that records on purpose would (vitest.config.ts sets the same).
  setupFiles: ['<rootDir>/test/support/recordInCI.cjs'],
  setupFilesAfterEnv: ['<rootDir>/src/setup/jest.ts'],
  snapshotResolver: '<rootDir>/test/support/jestSnapshotResolver.cjs',
  // Stryker's sandbox copies of the project (npm run mutation, .stryker-tmp*) would give two `agents-testkit` packages.
  modulePathIgnorePatterns: ['<rootDir>/\\.stryker-tmp'],
};

module.exports = {
  // Jest's default is one worker fewer than the cores; on two cores that is one, and one worker
  // means in band: a single core for the whole run, idle while a spec waits on the child runner
  // or the loopback server it started. A worker per core (CONTRIBUTING, "How long the checks take").
  maxWorkers: require('node:os').availableParallelism(),
  // The longest child runners first, not last beside an idle worker (test/support/jestSequencer.cjs):
  // `npx jest --ci` on two cores without earlier timings 90–96 s with it, 92–116 s without (three runs each).
  testSequencer: '<rootDir>/test/support/jestSequencer.cjs',
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/test/**/*.test.ts'] },
    { ...shared, displayName: 'examples', testMatch: ['<rootDir>/examples/**/*.test.ts'] },
  ],
};
