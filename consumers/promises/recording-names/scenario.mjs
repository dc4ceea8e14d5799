// docs/record-and-replay.md, "Record and replay" ("One conversation per test") and "Recording a real MCP server": each
// test records its own conversation. Two tests with the same full name are refused, naming both and
// how to tell them apart; record-missing records a test's own conversation even when the file holds
// another test's; two tests recording one MCP file keep one conversation each.
export const promise = 'one conversation per test: same-named tests are refused, record-missing records its own';

export async function play(t) {
  const outcome = await t.run();
  t.judge(outcome, { label: 'record run' });

  const rows = (outcome.report?.testResults ?? []).flatMap((file) => file.assertionResults ?? []).filter((test) => test.title === 'reads a station');
  t.check('both rows of the test.each ran (and were judged)', rows.length === 2, rows.map((test) => test.status).join(', '));
  t.check('nothing was recorded for the same-named tests', t.read('duplicates.json') === undefined && t.read('duplicates-mcp.json') === undefined, t.files(/duplicates/).join(', '));

  const conversations = (file) => {
    try {
      return Object.keys(JSON.parse(t.read(file) ?? '{}').conversations ?? {});
    } catch {
      return [];
    }
  };
  t.check('forecast.json holds both tests\' conversations', conversations('forecast.json').length === 2, (t.read('forecast.json') ?? '(missing)').slice(0, 300));
  t.check('stations-mcp.json holds both tests\' conversations', conversations('stations-mcp.json').length === 2, (t.read('stations-mcp.json') ?? '(missing)').slice(0, 300));
}
