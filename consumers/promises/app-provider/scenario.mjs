// docs/offline-and-providers.md, "Offline guard and scripted providers": a provider the app sets with
// setDefaultModelProvider() at module scope is the app's: run() uses it (routes a test installs
// come first), while the SDK's own OpenAI provider stays blocked. Under Vitest's `isolate: false`
// the app's module runs once for every file of the worker, and its provider serves them all.
export const promise = "the app's own default provider is used, the SDK's own is blocked";

export async function play(t) {
  const outcome = await t.run();
  t.judge(outcome, { label: 'one run' });
  // Jest's native ESM: the kit meets the test file's copy of the SDK only once the file has loaded,
  // and cannot tell an OpenAIProvider the app set from the SDK's own; the first run it stops says so.
  const blocked = outcome.tests.get("the SDK's own OpenAI provider is still blocked")?.failure ?? '';
  const unsure = t.project === 'jest-esm';
  t.check(`the blocked run ${unsure ? 'says' : 'does not say'} how to keep an OpenAIProvider the app set`, blocked.includes('set it again in a beforeAll hook') === unsure, blocked);
  if (t.runner === 'vitest') {
    const shared = await t.run({ specs: ['app.test.ts', 'app-again.test.ts'], config: { test: { isolate: false, fileParallelism: false, maxWorkers: 1 } } });
    t.judge(shared, { label: 'isolate: false' });
  }
}
