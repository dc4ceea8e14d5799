// docs/record-and-replay.md, "Record and replay" and "Recording a real MCP server": a recording reaches its file only
// when its test passed. A re-record that loses its connection midway (the Responses server drops
// it, the MCP server exits) fails its test, leaves the good file byte for byte, and says where the
// new recording was kept.
export const promise = 'a re-record that loses its connection midway keeps the old file and says where the new recording went';

const FILES = { 'weather.json': 'the weather agent answers from its recording', 'notes-mcp.json': 'the assistant reads two notes from the recorded server' };

export async function play(t) {
  const first = await t.run({ env: { AGENTS_TESTKIT_CASSETTE_MODE: 'record' } });
  t.judge(first, { label: 'record run' });
  const before = Object.fromEntries(Object.keys(FILES).map((file) => [file, t.read(file)]));
  for (const [file, text] of Object.entries(before)) t.check(`the record run wrote ${file}`, text !== undefined, first.output.slice(-1500));

  const again = await t.run({ env: { AGENTS_TESTKIT_CASSETTE_MODE: 'record', DROP: '1' } });
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
