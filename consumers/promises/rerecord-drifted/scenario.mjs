// docs/record-and-replay.md, "Modes" (rerecord-drifted): a run in mode rerecord-drifted replays
// every conversation whose requests still match, records again only the one that drifted (from its
// first drifted call), and leaves the other conversations and files byte for byte; CI refuses it
// like recording.
export const promise = 'rerecord-drifted records again only the drifted conversation; the others stay byte for byte';

const FORECAST = 'It is raining in Tokyo.';
const TOKYO = 'weather answers for Tokyo';
const OSLO = 'weather answers for Oslo';

export async function play(t) {
  const recording = await t.run({ env: { AGENTS_TESTKIT_CASSETTE_MODE: 'record-missing' } });
  t.judge(recording, { label: 'record run' });
  const weather = t.read('weather.json');
  const greetings = t.read('greetings.json');
  t.check('the record run wrote both cassettes', weather !== undefined && greetings !== undefined, recording.output.slice(-800));
  if (weather === undefined || greetings === undefined) return;
  const before = JSON.parse(weather).conversations;
  const text = (conversation) => JSON.stringify(conversation, null, 2);

  // The tool's output changed: a plain replay fails on the Tokyo conversation's second request.
  const replay = await t.run({ env: { FORECAST } });
  const tokyoReplay = replay.tests.get('answers for Tokyo');
  t.check('a replay fails on the drifted conversation, naming the change', tokyoReplay?.status === 'failed' && /Since it was recorded/.test(tokyoReplay?.failure ?? ''), tokyoReplay?.failure ?? replay.output.slice(-800));
  t.check('a replay passes the conversations that did not drift', replay.tests.get('answers for Oslo')?.status === 'passed' && replay.tests.get('greets')?.status === 'passed', replay.output.slice(-800));

  // CI refuses the mode like recording, and changes nothing.
  const ci = await t.run({ env: { FORECAST, CI: 'true', AGENTS_TESTKIT_CASSETTE_MODE: 'rerecord-drifted' } });
  t.check('CI refuses rerecord-drifted (RecordingInCIError), for every cassette', [...ci.tests.values()].length === 3 && [...ci.tests.values()].every((test) => test.status === 'failed' && /This is CI \(CI=true\), where nothing is recorded/.test(test.failure)), ci.output.slice(-1200));
  t.check('CI changed no cassette', t.read('weather.json') === weather && t.read('greetings.json') === greetings);

  const rerecord = await t.run({ env: { FORECAST, AGENTS_TESTKIT_CASSETTE_MODE: 'rerecord-drifted' } });
  t.judge(rerecord, { label: 'rerecord-drifted run' });
  const after = JSON.parse(t.read('weather.json') ?? '{}').conversations ?? {};
  t.check('the file of no drifted conversation is byte for byte as it was', t.read('greetings.json') === greetings);
  t.check('the undrifted conversation of the drifted file is byte for byte as it was', text(after[OSLO]) === text(before[OSLO]), t.read('weather.json') ?? '');
  t.check('the drifted conversation keeps its replayed first call as recorded', text(after[TOKYO]?.calls?.[0]) === text(before[TOKYO]?.calls?.[0]), text(after[TOKYO]));
  const second = JSON.stringify(after[TOKYO]?.calls?.[1] ?? {});
  t.check('its drifted call is recorded again: the new request, the real model\'s answer', second.includes(FORECAST) && second.includes('Rainy in Tokyo today.') && after[TOKYO]?.calls?.length === 2, text(after[TOKYO]));
  t.check('the re-recorded conversation has new provenance', typeof after[TOKYO]?.provenance?.recordedAt === 'string' && after[TOKYO].provenance.recordedAt !== before[TOKYO]?.provenance?.recordedAt, text(after[TOKYO]?.provenance));
  t.check('no partial recording is left', t.files(/\.partial-|\.lock$/).length === 0, t.files(/\.partial-|\.lock$/).join(', '));

  const replayAgain = await t.run({ env: { FORECAST } });
  t.judge(replayAgain, { label: 'replay of the re-recording' });
}
