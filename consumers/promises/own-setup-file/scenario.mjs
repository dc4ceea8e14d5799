// docs/troubleshooting.md, "Jest in native ESM": the setup entry may be loaded by a setup file of your own (one that sets up
// more than the kit) instead of being listed in the runner's config; the kit is installed the same.
// Under Jest that file requires `agents-testkit/jest` (CommonJS, also in a native-ESM project).
export const promise = "the kit's entry loaded by a setup file of the user's own";

export async function play(t) {
  const config =
    t.runner === 'vitest'
      ? "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { globals: true, setupFiles: ['./own-setup.ts'] } });\n"
      : { setupFilesAfterEnv: ['<rootDir>/own-setup.cjs'] };
  t.judge(await t.run({ config }));
}
