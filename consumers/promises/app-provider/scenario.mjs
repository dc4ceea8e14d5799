// README, "Offline guard and scripted providers": a provider the app sets with
// setDefaultModelProvider() at module scope is the app's: run() uses it (routes a test installs
// come first), while the SDK's own OpenAI provider stays blocked. Under Vitest's `isolate: false`
// the app's module runs once for every file of the worker, and its provider serves them all.
export const promise = "the app's own default provider is used, the SDK's own is blocked";

export async function play(t) {
  t.judge(await t.run(), { label: 'one run' });
  if (t.runner === 'vitest') {
    const shared = await t.run({ specs: ['app.test.ts', 'app-again.test.ts'], config: { test: { isolate: false, fileParallelism: false, maxWorkers: 1 } } });
    t.judge(shared, { label: 'isolate: false' });
  }
}
