// docs/record-and-replay.md, "Record and replay" and "Recording a real MCP server": a recording reaches its file only
// when its test passed. A re-record that loses its connection midway (the Responses server drops
// it, the MCP server exits) fails its test, leaves the good file byte for byte, and says where the
// new recording was kept. forecast.test.ts plays the same story within one run, with a test that
// fails after its run, another test's recording into the same file, and a replay at the end.
import { join } from 'node:path';

export const promise = 'a re-record that loses its connection midway keeps the old file and says where the new recording went';

const FILES = { 'weather.json': 'the weather agent answers from its recording', 'notes-mcp.json': 'the assistant reads two notes from the recorded server' };

export async function play(t) {
  const first = await t.run({ env: { AGENTS_TESTKIT_CASSETTE_MODE: 'record' } });
  t.judge(first, { label: 'record run' });
  const before = Object.fromEntries(Object.keys(FILES).map((file) => [file, t.read(file)]));
  for (const [file, text] of Object.entries(before)) t.check(`the record run wrote ${file}`, text !== undefined, first.output.slice(-1500));
  checkForecast(t, first);

  // forecast.test.ts told all it has to tell in the first run.
  const again = await t.run({ specs: ['weather.test.ts', 'notes.test.ts'], env: { AGENTS_TESTKIT_CASSETTE_MODE: 'record', DROP: '1' } });
  for (const [file, title] of Object.entries(FILES)) {
    const test = again.tests.get(title);
    t.check(`the re-record of ${file} fails when its connection is lost`, test?.status === 'failed', `${test?.status}\n${again.output.slice(-1500)}`);
    t.check(`${file} is left byte for byte as the first run wrote it`, t.read(file) === before[file], (t.read(file) ?? '(gone)').slice(0, 600));
    const [partial] = t.files(new RegExp(`^${file.replace('.', '\\.')}\\.partial-\\d+\\.json$`));
    t.check(`the new recording of ${file} is kept in a partial file beside it`, partial !== undefined, t.files(/./).join(', '));
    const says = new RegExp(`left \\S*${file.replace('.', '\\.')} as it was: its test failed.* kept in \\S*${file.replace('.', '\\.')}\\.partial-\\d+\\.json`);
    t.check(`the failure of "${title}" says where the new recording was kept`, says.test(test?.failure ?? ''), test?.failure ?? '');
  }
}

/** What forecast.test.ts left in forecast.json and its partial file, and what its failures say. */
function checkForecast(t, outcome) {
  const conversations = (file) => {
    try {
      return JSON.parse(t.read(file) ?? '{}').conversations ?? {};
    } catch {
      return {};
    }
  };
  const finalReply = (conversation) => JSON.stringify(conversation?.calls?.at(-1)?.response.output).match(/"text":"([^"]*)"/)?.[1];
  const OSLO = 'records the Oslo forecast into the same file';
  const kept = conversations('forecast.json');
  t.check(
    'forecast.json holds the first Tokyo recording and the Oslo one, nothing of the failed re-records',
    JSON.stringify(Object.keys(kept)) === JSON.stringify(['tokyo', OSLO]) && finalReply(kept.tokyo) === 'Sunny in Tokyo today.' && finalReply(kept[OSLO]) === 'Rainy in Oslo.',
    (t.read('forecast.json') ?? '(missing)').slice(0, 1500),
  );
  const [partial] = t.files(/^forecast\.json\.partial-\d+\.json$/);
  t.check(
    'the partial file keeps the re-record whose test failed after its run',
    partial !== undefined && finalReply(conversations(partial).tokyo) === 'Foggy in Tokyo.',
    partial === undefined ? `no partial file: ${t.files(/forecast/).join(', ')}` : t.read(partial).slice(0, 1500),
  );
  const failure = outcome.tests.get('a re-record whose test fails after the run')?.failure ?? '';
  const path = join(t.dir, 'forecast.json');
  t.check(
    'its failure says the file was left as it was and names the partial file',
    failure.includes(`cassette("forecast.json") left ${path} as it was: its test failed.`) &&
      failure.includes(`The 2 calls it recorded for conversation "tokyo" are kept in ${join(t.dir, partial ?? '(no partial file)')}.`),
    failure,
  );
}
