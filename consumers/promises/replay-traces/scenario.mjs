// docs/traces.md: each call a cassette() replays is traced as a generation span under traces(), as
// the recorded model's calls were; the record run writes the cassette, the replay run asserts the tree.
export const promise = 'a cassette replay is traced like the recorded model: a generation span per replayed call';

export async function play(t) {
  const recording = await t.run({ env: { AGENTS_TESTKIT_CASSETTE_MODE: 'record' } });
  t.judge(recording, { label: 'record run' });
  t.check('the record run wrote weather.json', t.read('weather.json') !== undefined, recording.output.slice(-800));
  t.judge(await t.run(), { label: 'replay run' });
}
