// docs/record-and-replay.md, "Record and replay" ("two workers recording one file keep both recordings") and
// "Recording a real MCP server": two spec files run in parallel workers, each records its own test's
// conversation into the same cassette and the same MCP recording, both commit at about the same
// time, and both conversations are kept; then both replay.
export const promise = 'two workers recording one file keep both conversations';

const TESTS = ['the north forecast', 'the south forecast'];

export async function play(t) {
  // Two workers: Vitest runs files in parallel by default; Jest needs more than one worker.
  const config = t.runner === 'vitest' ? { test: { maxWorkers: 2, fileParallelism: true } } : { maxWorkers: 2 };
  const recording = await t.run({ env: { AGENTS_TESTKIT_CASSETTE_MODE: 'record' }, config });
  t.judge(recording, { label: 'record run (two workers)' });
  const pids = t.files(/^ready-/).map((file) => t.read(file));
  t.check('the two spec files ran in two processes', pids.length === 2 && pids[0] !== pids[1], pids.join(', '));

  for (const file of ['forecast.json', 'stations-mcp.json']) {
    let names = [];
    try {
      names = Object.keys(JSON.parse(t.read(file) ?? '{}').conversations ?? {});
    } catch {}
    t.check(`${file} keeps the conversation of both workers`, TESTS.every((test) => names.includes(test)), `${file}: ${(t.read(file) ?? '(missing)').slice(0, 400)}`);
  }
  t.check('no partial recording or lock is left', t.files(/\.(partial-\d+\.json|lock)$/).length === 0, t.files(/\.(partial-|lock)/).join(', '));

  const replay = await t.run({ config });
  t.judge(replay, { label: 'replay run' });
}
