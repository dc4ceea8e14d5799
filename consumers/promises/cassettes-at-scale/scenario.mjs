// docs/record-and-replay.md, "Cassettes at scale": `cassettes check` fails on an orphaned
// conversation and on a leftover partial file, `prune --dry-run` lists exactly what `prune`
// removes, and `status` shows each conversation's provenance; the runner's own JSON report says
// which tests and test files ran, and names them as the kit names their conversations. The report
// of a run filtered to one file, or of one shard, never gets another file's conversations pruned.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export const promise = 'cassettes check fails on orphans and leftovers; prune --dry-run lists what prune removes; a filtered run or a shard prunes no other file\'s conversation';

const call = {
  request: { input: 'Gone.', tools: [], handoffs: [], outputType: 'text', settings: {} },
  streamed: false,
  response: { output: [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Gone.' }] }], usage: { requests: 1, inputTokens: 1, outputTokens: 1, totalTokens: 2 } },
};
const provenance = { sdkVersion: '0.19.2', recordedAt: '2026-11-30T10:00:00.000Z' };
const TOKYO = 'weather answers for Tokyo';
const OSLO = 'other answers for Oslo';
const DELETED = 'weather a deleted test';
const OLD = 'weather a test recorded before provenance';

export async function play(t) {
  // A conversation of a test of weather.test.ts that no longer exists, one recorded before provenance (its file unknown), and a partial file a crashed run left.
  const conversations = {
    [DELETED]: { provenance: { ...provenance, test: DELETED, file: 'weather.test.ts' }, calls: [call] },
    [OLD]: { calls: [call] },
  };
  t.write('weather.json', `${JSON.stringify({ version: 2, conversations }, null, 2)}\n`);
  t.write('weather.json.partial-999999.json', JSON.stringify({ version: 2, conversations: { [DELETED]: { calls: [call] } } }));
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
  const names = (list) => (list ?? []).map((entry) => entry.conversation);

  const check = cli('check', 'weather.json', '--report', 'report.json', '--json');
  const findings = JSON.stringify(check.json?.findings ?? []);
  t.check('check fails (exit 1)', check.code === 1, check.output);
  t.check('check names the orphaned conversation', findings.includes(`"kind":"orphaned","path":"weather.json","conversation":"${DELETED}"`), check.output);
  t.check('check names the leftover partial file', findings.includes('"kind":"partial","path":"weather.json.partial-999999.json"'), check.output);
  t.check('the conversations this run recorded are their tests\', as the report names them', !findings.includes('answers for'), check.output);
  t.check('a conversation recorded before provenance is unknown, not a finding', names(check.json?.unknown).join() === OLD && !findings.includes(OLD), check.output);

  const status = cli('status', 'weather.json', '--json');
  const tokyo = status.json?.files?.[0]?.conversations?.find((c) => c.name === TOKYO);
  t.check('status shows the recorded conversation with its provenance', tokyo?.calls === 1 && /^\d+\.\d+\.\d+/.test(tokyo?.sdkVersion ?? '') && tokyo?.model === 'gpt-test' && typeof tokyo?.recordedAt === 'string', status.output);
  t.check('provenance names the recording test file, relative to the project root', tokyo?.file === 'weather.test.ts', status.output);

  // One shard of two: whichever file it ran, the other file's conversations are never pruned by its report.
  const shard = await t.run({ args: ['--shard=1/2'] });
  t.judge(shard, { label: 'shard 1/2' });
  if (shard.report !== undefined) {
    t.write('report-shard.json', JSON.stringify(shard.report));
    const ran = shard.report.testResults.map((file) => file.name.split(/[\\/]/).at(-1));
    const dryShard = cli('prune', 'weather.json', '--report', 'report-shard.json', '--dry-run', '--json');
    const expected = ran.includes('weather.test.ts') ? [DELETED] : [];
    t.check(`prune with one shard's report (it ran ${ran.join(', ')}) would remove only that shard's orphans`, ran.length === 1 && names(dryShard.json?.removed).join() === expected.join(), `${dryShard.output}\nran: ${ran.join(', ')}`);
  }

  // A run filtered to weather.test.ts: other.test.ts's conversation is not in its report, and stays.
  const filtered = await t.run({ specs: ['weather.test.ts'] });
  t.judge(filtered, { label: 'filtered run' });
  if (filtered.report === undefined) return;
  t.write('report-filtered.json', JSON.stringify(filtered.report));
  const before = t.read('weather.json');
  const dry = cli('prune', 'weather.json', '--report', 'report-filtered.json', '--dry-run', '--json');
  t.check('prune --dry-run changed nothing and lists the orphan of the file that ran', dry.code === 1 && names(dry.json?.removed).join() === DELETED && t.read('weather.json') === before, dry.output);
  t.check('prune --dry-run lists the other file\'s conversation as unknown, not removed', names(dry.json?.unknown).includes(OSLO) && !names(dry.json?.removed).includes(OSLO), dry.output);
  const pruned = cli('prune', 'weather.json', '--report', 'report-filtered.json', '--json');
  t.check('prune removes exactly what --dry-run listed', pruned.code === 0 && JSON.stringify(pruned.json?.removed) === JSON.stringify(dry.json?.removed), `${dry.output}\n${pruned.output}`);
  const kept = Object.keys(JSON.parse(t.read('weather.json') ?? '{}').conversations ?? {}).sort();
  t.check('the tests\' own conversations, the other file\'s and the unknown one are kept', kept.join('|') === [OSLO, OLD, TOKYO].sort().join('|'), t.read('weather.json') ?? '');
}
