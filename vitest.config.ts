import { availableParallelism } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { processStateSpecs } from './vitest.groups';

const root = dirname(fileURLToPath(import.meta.url));

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

const exclude = [...configDefaults.exclude, ...processStateSpecs];

export default defineConfig({
  resolve: { alias },
  test: {
    // Read by the root only: projects do not apply their own resolveSnapshotPath.
    resolveSnapshotPath: shared.resolveSnapshotPath,
    // Vitest's default is one worker fewer than the cores: one on two cores, which then idles
    // while a spec waits on the child runner or loopback server it started. A worker per core.
    maxWorkers: availableParallelism(),
    // Specs share one module graph per worker (`isolate: false`): a file does not re-import the SDK
    // and the kit, which was most of Vitest's CPU time. The specs that change process-wide state keep
    // a fresh worker per file. Jest runs every spec isolated, so each spec runs both ways.
    projects: [
      { resolve: { alias }, test: { ...shared, name: 'unit', include: ['test/**/*.test.ts'], exclude, isolate: false } },
      { resolve: { alias }, test: { ...shared, name: 'examples', include: ['examples/**/*.test.ts'], exclude, isolate: false } },
      { resolve: { alias }, test: { ...shared, name: 'process-state', include: processStateSpecs, isolate: true } },
    ],
  },
});
