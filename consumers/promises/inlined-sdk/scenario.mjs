// docs/offline-and-providers.md, "Every copy of the SDK": a Vitest config that inlines the SDK
// (`server.deps.inline`, as for a dependency that must be transformed) gives the test file and the
// app a copy of the SDK of their own, which the kit (in node_modules, imported by Node) does not
// hold; the setup entry finds it as the test file imports it, and guards and hears it as its own;
// one the test imports afresh after `vi.resetModules()` is met at its first model call.
// Jest has no such setting: its projects play nothing here.
export const promise = 'an SDK that Vitest inlines is guarded and heard as the kit\'s own';

const INLINED = `import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globals: true,
    setupFiles: ['agents-testkit/vitest'],
    server: { deps: { inline: [/@openai\\/agents/] } },
  },
});
`;

export async function play(t) {
  if (t.runner !== 'vitest') return;
  const outcome = await t.run({ config: INLINED, args: ['--reporter=default'] });
  t.judge(outcome, { label: 'server.deps.inline' });
  t.check(
    'vi.resetModules(): the console says what the kit cannot hear of the run of the copy it met at the model call',
    outcome.output.includes('was called from a run of a copy of @openai/agents the kit met only at this call'),
    outcome.output.slice(-3000),
  );
}
