// docs/offline-and-providers.md, "Offline guard and scripted providers": a provider the app sets with
// setDefaultModelProvider() at module scope is the app's: run() uses it (routes a test installs
// come first), while the SDK's own OpenAI provider stays blocked. Under Vitest's `isolate: false`
// the app's module runs once for every file of the worker, and its provider serves them all.
export const promise = "the app's own default provider is used, the SDK's own is blocked";

export async function play(t) {
  const outcome = await t.run();
  t.judge(outcome, { label: 'one run' });
  // The kit meets the test file's copy of the SDK before the file loads (under Jest's native ESM too,
  // from Jest 30: the setup entry hands over to the kit's ES module build), so it tells an
  // OpenAIProvider the app set from the SDK's own, and the blocked run does not ask to set it again.
  const blocked = outcome.tests.get("the SDK's own OpenAI provider is still blocked")?.failure ?? '';
  t.check('the blocked run does not say how to keep an OpenAIProvider the app set', !blocked.includes('set it again in a beforeAll hook'), blocked);
  if (t.runner === 'vitest') {
    const shared = await t.run({ specs: ['app.test.ts', 'app-again.test.ts'], config: { test: { isolate: false, fileParallelism: false, maxWorkers: 1 } } });
    t.judge(shared, { label: 'isolate: false' });
  }
}
