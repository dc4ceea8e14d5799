// The runner's own rule stands with the kit loaded: an unhandled rejection fails the run. The
// SDK's trace provider listens for unhandled rejections, which Vitest takes as the app handling
// them, so without the setup entry's care every such rejection would pass silently under Vitest.
export const promise = 'an unhandled rejection after a run() still fails the test run';

export async function play(t) {
  // Vitest's JSON report leaves errors of the run out; its default reporter prints them.
  const outcome = await t.run({ args: t.runner === 'vitest' ? ['--reporter=default'] : [] });
  t.check('the runner exits with a failure', outcome.exitCode !== 0, outcome.output.slice(-1500));
  t.check('the output names the rejection', outcome.output.includes('the audit log is down'), outcome.output.slice(-1500));
  // Jest fails the test that was running; Vitest reports the rejection as an error of the run.
  if (t.runner === 'jest') t.judge(outcome);
}
