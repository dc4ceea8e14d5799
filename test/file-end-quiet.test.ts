// The end of a file waits until nothing reaches a double any more (untilQuiet, src/fakes/core/activity.ts),
// so that a call the file's last test left on a timer fails that file. On a loaded machine the hook
// itself can start late: a follow-up timer is then due, but has not run, when the wall clock says
// the file has been quiet long enough. The file is quiet only once the timers due have run.
import { noteActivity, noteTestStarted, QUIET_MS, untilQuiet } from '../src/fakes/core/activity';
import { expect, test } from './support';

/** Keeps the thread busy for `ms`, as a machine that runs other work does to a process. */
function busy(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // spin
  }
}

test('a follow-up due while the end of the file was held up reaches the file before it counts as quiet', async () => {
  noteTestStarted();
  noteActivity(); // the last test called a double
  let followedUp = false;
  setTimeout(() => {
    followedUp = true;
    noteActivity(); // the follow-up calls a double too
  }, 10);
  const quiet = untilQuiet();
  busy(QUIET_MS + 20);
  expect(await quiet).toEqual([]);
  expect(followedUp).toBe(true);
});

test('with nothing left to run, the end of the file still waits QUIET_MS after the last call', async () => {
  noteTestStarted();
  noteActivity();
  const began = Date.now();
  expect(await untilQuiet()).toEqual([]);
  expect(Date.now() - began).toBeGreaterThanOrEqual(QUIET_MS);
});
