// Mutation testing of the matchers and builders: `npm run mutation` (see CONTRIBUTING.md).
// Stryker runs the Vitest projects (unit specs and recipes) against each mutant of src/matchers
// and src/builders; a mutant that no test kills is a behaviour no test pins down.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  // `related: false`: Vitest's related-file filter follows the specs' imports only, and misses
  // modules reached through the setup file (the matchers), whose mutants would then run no test.
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  // vitest.mutation.config.ts shares one module graph per worker, where a mutant that acts at
  // module load cannot take effect; such mutants are reported as Ignored, outside the score.
  ignoreStatic: true,
  coverageAnalysis: 'perTest',
  // Vitest does not type-check, and `// @ts-nocheck` lines would change the recipes that
  // test/readme.test.ts compares with the README.
  disableTypeChecks: false,
  mutate: ['src/matchers/**/*.ts', 'src/builders/**/*.ts'],
  ignorePatterns: ['dist', 'consumers', 'reports', '.test-results', '*.tgz'],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // A score under 90% fails the run.
  thresholds: { high: 90, low: 80, break: 90 },
  concurrency: 2,
  timeoutMS: 10000,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
