// `agents-testkit/jest` as Jest resolves it: `setupFilesAfterEnv` entries are required, so Jest takes
// the CommonJS build even when it runs the test files as ES modules (`--experimental-vm-modules`).
// Loaded in full there, the CommonJS kit would load the CommonJS build of the SDK beside the ES module
// build the test file imports: two copies of the SDK in every test file, about 0.6 s of each file's
// start-up (bench/setup-per-file.mjs). So under native ESM on Jest 30 and later, which awaits a
// function that a setup file exports, this entry hands over to the ES module setup entry instead
// (`dist/jest.js`, the kit's ES module build: one copy of the SDK, and the kit meets it before the
// test file loads). Everywhere else (Jest 29, CommonJS test runs, this file required by a setup
// file of the user's own) it is the CommonJS setup entry itself (`dist/jest-setup.cjs`).
//
// A CommonJS script on purpose: no import or export, so the build leaves `module.exports` to it.
(() => {
  const globals = require('@jest/globals') as typeof import('@jest/globals');
  // `import()` of this file's own ES module sibling, through the runner's loader: a direct eval,
  // since the CommonJS build would turn a literal one into `require()`.
  // eslint-disable-next-line no-eval
  const importEsmSetup = (): Promise<unknown> => eval('import("./jest.js")');
  // Jest calls the exported function only of a file it lists itself (`module.parent` is null then);
  // one required by a setup file of the user's own gets the CommonJS entry.
  if (module.parent || !jestRunsEsModules() || !jestAwaitsSetupFunctions(globals.jest)) {
    require('./jest-setup.cjs');
    return;
  }
  let loaded = false;
  module.exports = async function agentsTestkitSetup(): Promise<void> {
    await importEsmSetup();
    loaded = true;
  };
  // Declared before the kit's own hooks: a Jest that ignored the function fails every file, naming why,
  // instead of running its tests with no double verified.
  globals.beforeAll(() => {
    if (!loaded) {
      throw new Error(
        'agents-testkit/jest: Jest did not call the function this setup file exports, so the kit is not installed ' +
          '(no double is verified, no request is kept offline). List "agents-testkit/jest" in setupFilesAfterEnv, ' +
          'not in setupFiles, and report your Jest version if it is already there.',
      );
    }
  });

  /** Whether this Jest runs ES modules: Node's `--experimental-vm-modules` gives `vm` its module classes. */
  function jestRunsEsModules(): boolean {
    return typeof (require('node:vm') as { SourceTextModule?: unknown }).SourceTextModule === 'function';
  }

  /**
   * Jest 30 awaits a function that a `setupFilesAfterEnv` file exports (29 ignores it); the same
   * release removed `jest.genMockFromModule`, which tells the two apart from inside a setup file
   * (probed in test/runner-coupling.test.ts).
   */
  function jestAwaitsSetupFunctions(jest: object): boolean {
    return !('genMockFromModule' in jest);
  }
})();
