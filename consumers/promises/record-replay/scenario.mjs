// docs/record-and-replay.md, "Record and replay": a record-mode run of the recipe writes the cassette once its test
// passed, and the next run replays it without a server. The spec is the recipe itself,
// examples/record-replay.test.ts after a line that starts its OpenAI API (openaiServer.ts), with
// its committed fixture: recording again must write that fixture back but for the provenance, and
// the recipe's drift test replays from the file its first test records.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const promise = 'a passing record-mode test writes its cassette, and the replay passes';

const repo = new URL('../../../', import.meta.url);
const RECIPE = 'record-replay.test.ts';
const FIXTURE = 'examples/fixtures/weather.json';

export async function play(t) {
  const fixture = readFileSync(new URL(FIXTURE, repo), 'utf8');
  mkdirSync(join(t.dir, dirname(FIXTURE)), { recursive: true });
  t.write(FIXTURE, fixture);
  t.write(RECIPE, `import './openaiServer';\n${readFileSync(new URL(`examples/${RECIPE}`, repo), 'utf8')}`);

  const recording = await t.run({ env: { AGENTS_TESTKIT_CASSETTE_MODE: 'record', OPENAI_API_KEY: 'sk-test-recipe-0123456789abcdef' } });
  t.judge(recording, { label: 'record run' });
  const titles = [...recording.tests.keys()];
  t.check('both tests of the recipe ran', titles.length === 2, titles.join('\n'));
  t.check('only the first test asked the server, once per model call', t.read('openai-requests') === '2', t.read('openai-requests'));
  const left = [...t.files(/\.partial-/), ...readdirSync(join(t.dir, dirname(FIXTURE))).filter((file) => file !== 'weather.json')];
  t.check('no partial recording or lock is left', left.length === 0, left.join(', '));
  t.check('nothing says the recording was not committed', !/did not pass|left .* as it was/.test(recording.output), recording.output.slice(-800));

  const text = t.read(FIXTURE) ?? '{"conversations":{}}';
  const recorded = JSON.parse(text);
  const provenances = Object.values(recorded.conversations).map((conversation) => {
    const { provenance } = conversation;
    delete conversation.provenance;
    return provenance;
  });
  const wellFormed = (provenance) =>
    Object.keys(provenance ?? {}).sort().join() === 'file,model,recordedAt,sdkVersion,test' &&
    /^\d+\.\d+\.\d+/.test(provenance.sdkVersion) &&
    typeof provenance.model === 'string' &&
    /^\d{4}-\d\d-\d\dT/.test(provenance.recordedAt) &&
    typeof provenance.test === 'string' &&
    provenance.file === RECIPE;
  t.check('the record run wrote the conversation with its provenance: the SDK, the model, the time, the test and its file', provenances.length === 1 && provenances.every(wellFormed), JSON.stringify(provenances, null, 2));
  t.check(`the recording is ${FIXTURE} as committed, but for the provenance`, `${JSON.stringify(recorded, null, 2)}\n` === fixture, text.slice(0, 1500));

  const replay = await t.run();
  t.judge(replay, { label: 'replay run' });
  t.check('the replay reached no server', t.read('openai-requests') === '0', t.read('openai-requests'));
}
