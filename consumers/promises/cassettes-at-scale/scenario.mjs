// docs/record-and-replay.md, "Cassettes at scale": `cassettes check` fails on an orphaned
// conversation and on a leftover partial file, `prune --dry-run` lists exactly what `prune`
// removes, and `status` shows each conversation's provenance; the runner's own JSON report says
// which tests exist, and names them as the kit names their conversations.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export const promise = 'cassettes check fails on orphans and leftovers; prune --dry-run lists what prune removes';

const call = {
  request: { input: 'Gone.', tools: [], handoffs: [], outputType: 'text', settings: {} },
  streamed: false,
  response: { output: [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Gone.' }] }], usage: { requests: 1, inputTokens: 1, outputTokens: 1, totalTokens: 2 } },
};

export async function play(t) {
  // A conversation of a test that no longer exists (recorded before provenance), and a partial file a crashed run left.
  t.write('weather.json', `${JSON.stringify({ version: 2, conversations: { 'weather a deleted test': { calls: [call] } } }, null, 2)}\n`);
  t.write('weather.json.partial-999999.json', JSON.stringify({ version: 2, conversations: { 'weather a deleted test': { calls: [call] } } }));
  const outcome = await t.run({ env: { AGENTS_TESTKIT_RECORD_IN_CI: '1' } });
  t.judge(outcome);
  if (outcome.report === undefined) return;
  t.write('report.json', JSON.stringify(outcome.report));

  const bin = join(t.dir, '..', '..', 'node_modules', 'agents-testkit', 'dist', 'cli.js');
  const cli = (...args) => {
    const done = spawnSync(process.execPath, [bin, 'cassettes', ...args], { cwd: t.dir, encoding: 'utf8', timeout: 30_000 });
    let json;
    try {
      json = JSON.parse(done.stdout);
    } catch {
      json = undefined;
    }
    return { code: done.status, json, output: `${done.stdout}${done.stderr}` };
  };

  const check = cli('check', 'weather.json', '--report', 'report.json', '--json');
  const findings = JSON.stringify(check.json?.findings ?? []);
  t.check('check fails (exit 1)', check.code === 1, check.output);
  t.check('check names the orphaned conversation', findings.includes('"kind":"orphaned","path":"weather.json","conversation":"weather a deleted test"'), check.output);
  t.check('check names the leftover partial file', findings.includes('"kind":"partial","path":"weather.json.partial-999999.json"'), check.output);
  t.check('the conversation this run recorded is its test\'s, as the report names it', !findings.includes('answers for Tokyo'), check.output);

  const status = cli('status', 'weather.json', '--json');
  const tokyo = status.json?.files?.[0]?.conversations?.find((c) => c.name === 'weather answers for Tokyo');
  t.check('status shows the recorded conversation with its provenance', tokyo?.calls === 1 && /^\d+\.\d+\.\d+/.test(tokyo?.sdkVersion ?? '') && tokyo?.model === 'gpt-test' && typeof tokyo?.recordedAt === 'string', status.output);

  const dry = cli('prune', 'weather.json', '--report', 'report.json', '--dry-run', '--json');
  const before = t.read('weather.json');
  const pruned = cli('prune', 'weather.json', '--report', 'report.json', '--json');
  t.check('prune --dry-run changed nothing and lists the orphan', dry.code === 1 && dry.json?.removed?.length === 1 && before.includes('weather a deleted test'), dry.output);
  t.check('prune removes exactly what --dry-run listed', pruned.code === 0 && JSON.stringify(pruned.json?.removed) === JSON.stringify(dry.json?.removed), `${dry.output}\n${pruned.output}`);
  t.check('the test\'s own conversation is kept', Object.keys(JSON.parse(t.read('weather.json') ?? '{}').conversations ?? {}).join() === 'weather answers for Tokyo', t.read('weather.json') ?? '');
}
