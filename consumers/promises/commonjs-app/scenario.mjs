// docs/offline-and-providers.md, "Offline guard and scripted providers": the guard, the routes and the drift checks
// reach every copy of the SDK a test file holds, also the CommonJS copy that a CommonJS module of the
// app requires while the test file imports the ES module one (Jest's native ESM, Vitest).
export const promise = "an app's CommonJS module is routed and kept offline too";

export async function play(t) {
  t.judge(await t.run());
}
