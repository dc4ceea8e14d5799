// README, "Record and replay" ("In CI"): under CI, record-missing does not record. A test whose
// recording is missing fails naming the file, its test and the command that records it on a
// developer machine; nothing reaches the model server, no MCP server is made, and no file (or
// partial file) is written. AGENTS_TESTKIT_RECORD_IN_CI=1 is the opt-in that records in CI anyway.
export const promise = 'CI never records: a missing recording fails with the command to record it, and no request is made';

export async function play(t) {
  const refused = await t.run({ specs: ['refused.test.ts'], env: { CI: 'true', AGENTS_TESTKIT_CASSETTE_MODE: 'record-missing' } });
  t.judge(refused, { label: 'CI run' });
  let reached;
  try {
    reached = JSON.parse(t.read('reached.json') ?? 'null');
  } catch {
    reached = undefined;
  }
  t.check('the CI run reached no server: no request, no real model or MCP server made', reached?.requests === 0 && reached?.modelsMade === 0 && reached?.mcpServersMade === 0, JSON.stringify(reached));
  const written = t.files(/^refused-/);
  t.check('the CI run wrote no recording and no partial file', written.length === 0, written.join(', '));

  const opted = await t.run({ specs: ['opt-in.test.ts'], env: { CI: 'true', AGENTS_TESTKIT_CASSETTE_MODE: 'record-missing', AGENTS_TESTKIT_RECORD_IN_CI: '1' } });
  t.judge(opted, { label: 'CI run with the opt-in' });
  t.check('with the opt-in, CI wrote both recordings', t.read('opted-weather.json') !== undefined && t.read('opted-stations.json') !== undefined, t.files(/^opted-/).join(', '));
}
