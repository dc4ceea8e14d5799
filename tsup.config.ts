import { readFileSync, rmSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';

// The three builds below write into one `dist` side by side; tsup runs them in parallel, so none of
// them may clean it. It is cleaned once, here, when tsup loads this file.
rmSync('dist', { recursive: true, force: true });

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

const shared: Options = {
  target: 'node20',
  // src/version.ts: coverage parts carry the version of the kit that wrote them.
  define: { __AGENTS_TESTKIT_VERSION__: JSON.stringify(version) },
  sourcemap: false,
  clean: false,
  // src/setup/sdkCopies.ts and jestCommonJs.cts reach ES modules through a direct eval, on purpose.
  esbuildOptions(options) {
    options.logOverride = { ...options.logOverride, 'direct-eval': 'silent' };
  },
  external: ['@openai/agents', 'vitest', '@jest/globals'],
};

const library = {
  index: 'src/index.ts',
  jest: 'src/setup/jest.ts',
  'coverage/vitest': 'src/coverage/vitest.ts',
  'coverage/jest': 'src/coverage/jest.ts',
};

export default defineConfig([
  {
    ...shared,
    // ESM: the library and both setup entries. One shared chunk keeps them on one copy of the
    // kit's state and error classes.
    entry: { ...library, vitest: 'src/setup/vitest.ts' },
    format: ['esm'],
    // Declarations are emitted without type-checking the sources again (TypeScript's `noCheck`): the
    // typecheck step checks the same sources, more strictly, and `npm test` runs it beside the build.
    // The declarations are the same byte for byte; the build took 20 s and 30 CPU-seconds, now 14 and 20.
    dts: { compilerOptions: { noCheck: true } },
    splitting: true,
  },
  {
    ...shared,
    // CommonJS: the library and the Jest entry. `./vitest` is ESM only: Vitest cannot be required,
    // and a CommonJS copy is what Yarn PnP resolved the setup file to, failing every test file.
    // Its declarations (`.d.cts`, `./vitest`'s too, for the root `vitest.d.ts` shim that TypeScript's
    // `node10` resolution reads: one program then sees one copy of the kit's classes) are the ES
    // module build's, copied with their imports renamed by scripts/cjs-declarations.mjs after tsup.
    // The Jest setup entry is `jest-setup.cjs` here: `./jest` resolves to the script below, which
    // requires it, or under Jest's native ESM imports the ES module build's `jest.js` instead.
    entry: { index: library.index, 'jest-setup': library.jest, 'coverage/vitest': library['coverage/vitest'], 'coverage/jest': library['coverage/jest'] },
    format: ['cjs'],
    dts: false,
    splitting: true,
  },
  {
    ...shared,
    // `agents-testkit/jest` under `require` (src/setup/jestCommonJs.cts): a CommonJS script that picks
    // which build of the kit sets the test file up, and leaves both to the files above.
    entry: { jest: 'src/setup/jestCommonJs.cts' },
    format: ['cjs'],
    dts: false,
    splitting: false,
    external: [...(shared.external ?? []), './jest-setup.cjs'],
  },
  {
    ...shared,
    // The `agents-testkit` command (package.json "bin"): ESM, no declarations; nothing imports it.
    entry: { cli: 'src/cli/bin.ts' },
    format: ['esm'],
    dts: false,
    splitting: false,
  },
]);
