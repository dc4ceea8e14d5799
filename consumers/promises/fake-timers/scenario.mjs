// docs/realtime-and-voice.md (the waits and fake timers): timers faked before the kit loaded (Jest's
// `fakeTimers: { enableGlobally: true }`, a Vitest setup file calling `vi.useFakeTimers()` listed
// before the kit's) freeze `setTimeout` and the clock, `Date.now()` included. The kit's own waits —
// a Realtime script's steps, `settled()`'s timeout, the wait at a file's end for work a test left
// going — run on real time all the same: the files pass, and a drifted test still fails.
export const promise = 'timers faked before the kit loaded freeze none of its waits: files end, drift still fails';

export async function play(t) {
  const outcome = await t.run({ config: t.runner === 'vitest' ? VITEST_CONFIG : { fakeTimers: { enableGlobally: true } } });
  // t.judge also fails a file whose hook ran out of time: a frozen clock held the file's end until
  // the runner's hook timeout, after every test of the file had passed or failed on its own.
  t.judge(outcome, { label: 'fake timers' });
}

/** The README's Vitest set-up with the user's own setup file first: it fakes the timers before the kit loads. */
const VITEST_CONFIG = `import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globals: true,
    setupFiles: ['./fake-timers.setup.ts', 'agents-testkit/vitest'],
  },
});
`;
