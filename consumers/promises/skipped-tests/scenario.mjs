// docs/reference.md, "Verification after each test": a skipped or filtered test excuses only the steps it
// could have used (doubles made in its describe block, a block around it, or at file level),
// never a `.todo` (it has no body), never drift of doubles other tests made (test.concurrent
// included), never describe-level doubles of a block with no skipped test.
export const promise = 'a skipped test excuses only the steps it could have used';

export async function play(t) {
  // Vitest prints the specs' console output only through a reporter that shows it.
  const outcome = await t.run({ args: t.runner === 'vitest' ? ['--reporter=default'] : [] });
  t.judge(outcome);
  const excused = outcome.files.get('excused.test.ts');
  t.check('excused.test.ts passes: its skipped test could have used every step left', excused !== undefined && excused.status !== 'failed', excused?.message);
  for (const name of ['file-level-script', 'made-in-beforeAll', 'outer-block-script', 'support-script']) {
    t.check(`the kit reports the steps of model("${name}") it excused`, outcome.output.includes(`model("${name}")`), outcome.output.slice(-3000));
  }
  const unrelated = outcome.files.get('unrelated-skip.test.ts')?.message ?? '';
  t.check('unrelated-skip.test.ts fails on the billing script only, not on the one its skipped test could have used',
    !unrelated.includes('model("support-script") was not complete') && !/model\("support-script"\) has 1 step/.test(unrelated), unrelated);
}
