// docs/sweeps.md, "Fault sweeps": the table, the point and the line that reproduces it, under every runner,
// for an app whose error path leaves a rejection behind; the printed line, pasted back, runs that
// point alone; a line that names no point fails, listing the points closest first.
export const promise = 'a sweep breaks the point whose run leaves an unhandled rejection, and its reproduction line pastes back';

export async function play(t) {
  const swept = await t.run({ specs: ['sweep.test.ts'] });
  t.judge(swept, { label: 'sweep run' });
  const typo = swept.tests.get('a reproduction line with a typo fails, naming the points there are')?.failure ?? '';
  const [closest, farther] = ["'tool lookup_order throws on call 1'", "'model call 1 fails'"].map((name) => typo.indexOf(name));
  t.check('the points are listed closest first', closest !== -1 && closest < farther, typo.slice(0, 800));

  const failure = swept.tests.get('the app answers whatever fails, and leaves no error report unsettled')?.failure ?? '';
  const line = failure.match(/sweep\(body, \{ only: .*? \}\)$/m)?.[0];
  t.check('the sweep printed a reproduction line', line !== undefined, failure.slice(0, 800));
  if (line === undefined) return;
  t.write('pasted.test.ts', t.read('pasted.test.ts.template').replace('PASTED', line));
  const pasted = await t.run({ specs: ['pasted.test.ts'] });
  t.judge(pasted, { label: 'pasted run' });
}
