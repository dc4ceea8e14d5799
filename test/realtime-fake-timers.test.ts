import { runFixtures, type FixtureOutcome } from './support/fixtureRuns';
import { beforeAll, expect, test } from './support';

// Fake timers installed before the kit loaded (Jest's `fakeTimers: { enableGlobally: true }`, a
// Vitest setup file calling `vi.useFakeTimers()`) must not freeze settled(), nor the file's end (the
// setup entry's wait for work a test left going). Only a real run of the runner shows what its fake
// timers replace, so the fixture runs under it in a child process.
// Vitest sets VITEST in its workers; `jest` is no global under Jest 30, so the variable tells them apart.
const runner = process.env.VITEST ? 'vitest' : 'jest';
let outcome: FixtureOutcome;

beforeAll(() => {
  outcome = runFixtures(runner, 'realtime-fake-timers');
}, 120_000);

test.each([
  'passes: the timers of this test are fake',
  'passes: a script written in one chain settles',
  'passes: a script that stalls gives up within its timeout',
])(`under ${runner}'s fake timers, %s`, (title) => {
  const result = outcome.tests.get(title);
  expect(result?.failure).toBe('');
  expect(result?.status).toBe('passed');
});

test(`under ${runner}'s fake timers, the file passes: its end waits on the real clock`, () => {
  // The fake clock stands still: a wait measured on it would last until the runner's hook timeout (10 s), failing the file.
  expect(outcome.files.get('realtime.spec.ts')).toBe('passed');
  expect(outcome.exitCode).toBe(0);
});
