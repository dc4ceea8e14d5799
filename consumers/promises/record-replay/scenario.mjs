// docs/record-and-replay.md, "Record and replay": a record-mode run of the recipe writes the cassette once its test
// passed, and the next run replays it without a server.
export const promise = 'a passing record-mode test writes its cassette, and the replay passes';

export async function play(t) {
  const recording = await t.run({ env: { AGENTS_TESTKIT_CASSETTE_MODE: 'record' } });
  t.judge(recording, { label: 'record run' });
  const file = t.read('weather.json');
  t.check('the record run wrote weather.json', file !== undefined, recording.output.split('\n').slice(-15).join('\n'));
  if (file !== undefined) {
    const conversation = JSON.parse(file).conversations?.['the agent replays its recorded conversation'];
    t.check('weather.json holds the test\'s conversation with both model calls', conversation?.calls?.length === 2, file.slice(0, 400));
  }
  t.check('no partial recording is left beside it', t.files(/\.partial-/).length === 0, t.files(/\.partial-/).join(', '));
  t.check('nothing says the recording was not committed', !/did not pass|left .* as it was/.test(recording.output), recording.output.slice(-800));

  const replay = await t.run();
  t.judge(replay, { label: 'replay run' });
}
