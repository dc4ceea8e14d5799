import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = dirname(fileURLToPath(import.meta.url));

// Specs run from source: `agents-testkit` resolves to src, as the examples import it by name.
const alias = {
  'agents-testkit/vitest': join(root, 'src/setup/vitest.ts'),
  'agents-testkit/jest': join(root, 'src/setup/jest.ts'),
  'agents-testkit': join(root, 'src/index.ts'),
};

const shared = {
  globals: true,
  setupFiles: [join(root, 'src/setup/vitest.ts')],
};

export default defineConfig({
  resolve: { alias },
  test: {
    // Each runner keeps its own snapshot files; scripts/compare-snapshots.mjs checks they agree.
    // Vitest reads this option from the root config only: inside a project it is silently ignored.
    resolveSnapshotPath: (testPath: string, extension: string) =>
      join(dirname(testPath), '__snapshots__', 'vitest', `${basename(testPath)}${extension}`),
    projects: [
      { resolve: { alias }, test: { ...shared, name: 'unit', include: ['test/**/*.test.ts'] } },
      { resolve: { alias }, test: { ...shared, name: 'examples', include: ['examples/**/*.test.ts'] } },
    ],
  },
});
