import { defineConfig } from 'vitest/config';
import { alias, childProcessSpecs, shared, sharedGraphProjects } from './vitest.config';

// `npm run test:quick`, the inner loop: every spec of test/ and examples/ under Vitest from source,
// except the ones that run a test runner in a child process (`npm test` runs those, under both
// runners). Specs share one module graph per worker (`isolate: false`: a file does not re-import
// the SDK and the kit), except the ones that change process-wide state, which keep their own.
export default defineConfig({
  resolve: { alias },
  test: {
    resolveSnapshotPath: shared.resolveSnapshotPath,
    projects: sharedGraphProjects(childProcessSpecs),
  },
});
