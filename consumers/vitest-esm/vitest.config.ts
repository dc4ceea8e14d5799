import { defineConfig } from 'vitest/config';

// As the README's Install section says; no globals: specs import `test` and `expect` from 'vitest'.
export default defineConfig({ test: { setupFiles: ['agents-testkit/vitest'] } });
