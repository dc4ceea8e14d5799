import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    vitest: 'src/setup/vitest.ts',
    jest: 'src/setup/jest.ts',
    // The `agents-testkit` command (package.json "bin"): `npx agents-testkit codegen <cassette>`.
    cli: 'src/cli/bin.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  // One shared chunk keeps the three entries on one copy of the kit's state and error classes.
  splitting: true,
  clean: true,
  target: 'node20',
  sourcemap: false,
  // `import.meta.url` in the CommonJS build too (src/matchers/matcherUtils.ts loads lazily with it).
  shims: true,
  external: ['@openai/agents', 'vitest', '@jest/globals', 'jest-matcher-utils'],
});
