import { defineConfig } from 'vitest/config';
import { alias, childProcessSpecs, shared, sharedGraphProjects } from './vitest.config';

// The Vitest set-up Stryker runs (stryker.config.mjs), for `npm run mutation`. Stryker reruns the
// specs that cover a mutant once per mutant, so the cost of loading a spec file dominates:
// - Specs share one module graph per worker (`isolate: false`), which makes a rerun about ten
//   times faster. Mutants that act when a module loads (static mutants) cannot take effect in a
//   graph that is already loaded, so stryker.config.mjs ignores them (`ignoreStatic`).
// - The specs that set the SDK's default model provider, which lasts for the process, keep a
//   fresh worker per file, so that they cannot change what other specs see.
// - The specs that run a test runner in a child process are left out: a child never sees the
//   active mutant, so they cannot kill one.
// Specs that read files Stryker's sandbox leaves out (stryker.config.mjs ignores consumers/).
const outsideSandboxSpecs = ['test/readme-setup.test.ts'];

export default defineConfig({
  resolve: { alias },
  test: {
    resolveSnapshotPath: shared.resolveSnapshotPath,
    projects: sharedGraphProjects([...childProcessSpecs, ...outsideSandboxSpecs]),
  },
});
