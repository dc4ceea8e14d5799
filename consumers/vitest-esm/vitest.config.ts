import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globals: true, // the recipes use `test` and `expect` without importing them
    setupFiles: ['agents-testkit/vitest'],
  },
});
