// docs/coverage.md, "Agent coverage" and "Sharded suites": the suite runs whole (the table, the
// JSON and the HTML show exactly what its tests exercised of a known agent graph; a threshold it
// misses fails the run though every test passed), then as three shards whose agent coverage is
// merged (Vitest: blob reports and `vitest --merge-reports`; Jest: each shard's part and
// `agents-testkit coverage merge`); the merged table, JSON and HTML equal the whole run's, and the
// threshold fails the merged total only, never a shard.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';

export const promise = 'three shards merged give the whole run\'s agent coverage, and the threshold applies to the merged total';

const TABLE = [
  'Agent coverage',
  'agent    tools        handoffs   guardrails  approvals  never exercised',
  'Billing  0/1          -          -           -          tools: invoice',
  'Support  -            -          -           -',
  'Triage   2/2          1/2        1/1         1/2        handoffs: Support; approvals: refund rejected',
  'all      2/3 (66.7%)  1/2 (50%)  1/1 (100%)  1/2 (50%)',
].join('\n');
const SUMMARY = {
  tools: { exercised: 2, offered: 3, missed: ['Billing: invoice'] },
  handoffs: { exercised: 1, offered: 2, missed: ['Triage: Support'] },
  guardrails: { exercised: 1, offered: 1, missed: [] },
  approvals: { exercised: 1, offered: 2, missed: ['Triage: refund rejected'] },
};
const ALL_PASSED = 'passed, passed, passed, passed';
const tableOf = (output) => /Agent coverage\n[\s\S]*?\nall .*/.exec(output)?.[0];
const statuses = (outcome) => [...(outcome.tests?.values() ?? [])].map((test) => test.status).join(', ');
const json = (text) => (text === undefined ? undefined : JSON.parse(text));

/** The suite is the kit's own coverage fixture (test/fixtures/coverage), its specs named as a user's. */
const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'test', 'fixtures', 'coverage');

export async function play(t) {
  for (const [from, to] of [['agents.ts', 'agents.ts'], ['approval.spec.ts', 'approval.test.ts'], ['handoff.spec.ts', 'handoff.test.ts'], ['lookup.spec.ts', 'lookup.test.ts']]) {
    t.write(to, readFileSync(join(FIXTURE, from), 'utf8'));
  }
  const modules = t.modules;
  const bin = join(modules, 'agents-testkit', 'dist', 'cli.js');
  // Thresholds leave the table, JSON and HTML as they are: the whole run's met one is checked on the run the merges are compared with.
  const met = { outputDir: 'whole', threshold: { tools: 60, guardrails: 100 } };
  const whole = t.runner === 'vitest' ? await vitest(t, modules, [], met, 'whole.json') : await t.run({ config: jestReporters(met) });
  t.check('the whole run passes the thresholds it meets and prints the table of what its tests exercised', whole.exitCode === 0 && whole.output.includes(TABLE), whole.output.slice(-1500));
  checkWholeFiles(t);

  const missed = { outputDir: 'missed', threshold: 70 };
  const under70 = t.runner === 'vitest' ? await vitest(t, modules, [], missed, 'missed.json') : await t.run({ config: jestReporters(missed) });
  t.check('under a threshold of 70% the whole run passes every test', statuses(under70) === ALL_PASSED, statuses(under70));
  t.check(
    'under a threshold of 70% the whole run fails, naming each measure under it',
    under70.exitCode === 1 &&
      under70.output.includes(['agents-testkit: agent coverage is under its threshold:', '  tools: 66.7% is under the threshold of 70%', '  handoffs: 50% is under the threshold of 70%', '  approvals: 50% is under the threshold of 70%'].join('\n')),
    under70.output.slice(-1500),
  );
  t.check('under a threshold of 70% the whole run does not name guardrails, at 100%', !under70.output.includes('guardrails: 100%'), under70.output.slice(-1500));

  const shards = [];
  for (const index of [1, 2, 3]) {
    shards.push(
      t.runner === 'vitest'
        ? // The guide's shard command: blob reports, and the coverage reporter with its defaults (and a JSON report, to count the shard's tests).
          await vitest(t, modules, [`--shard=${index}/3`, '--reporter=blob', '--reporter=agents-testkit/coverage/vitest'], undefined, `shard-${index}.json`)
        : // The config's reporter has a threshold of 60% for tools, which a shard alone is under: no shard may fail on it.
          await t.run({ config: jestReporters({ outputDir: 'parts', threshold: { tools: 60 } }), args: [`--shard=${index}/3`] }),
    );
  }
  for (const [at, shard] of shards.entries()) {
    t.check(`shard ${at + 1}/3 passes, writes its part and prints no table of its own`, shard.exitCode === 0 && shard.output.includes(`Agent coverage of shard ${at + 1}/3: written to`) && tableOf(shard.output) === undefined, shard.output.slice(-1500));
  }
  const counts = shards.map((shard) => shard.tests.size);
  t.check('each shard runs tests of its own, and together they run the whole run\'s', counts.every((count) => count > 0) && counts.reduce((a, b) => a + b) === whole.tests.size, `shards: ${counts.join(', ')}; whole: ${whole.tests.size}`);
  const partsDir = t.runner === 'vitest' ? join('coverage', 'agents') : 'parts';
  const parts = [1, 2, 3].map((index) => json(t.read(join(partsDir, `agent-coverage.shard-${index}-of-3.json`))));
  const { version } = JSON.parse(readFileSync(join(modules, 'agents-testkit', 'package.json'), 'utf8'));
  for (const [at, part] of parts.entries()) {
    t.check(`shard ${at + 1}/3's part names its shard and the installed kit's version`, isDeepStrictEqual(part?.shard, { index: at + 1, count: 3 }) && part.kitVersion === version, JSON.stringify({ shard: part?.shard, kitVersion: part?.kitVersion, version }));
  }
  // Else a threshold the merged total meets and every shard meets too would not show that a shard is never held to it.
  const tools = parts.map((part) => toolsPercent(part?.graph ?? {}));
  t.check('some shard alone is under the 60% for tools that the merged total meets', Math.min(...tools) < 60, tools.join(', '));

  let merged;
  let under;
  if (t.runner === 'vitest') {
    merged = await vitest(t, modules, ['--merge-reports'], { outputDir: 'merged', threshold: { tools: 60 } });
    under = await vitest(t, modules, ['--merge-reports'], { outputDir: 'under', threshold: { tools: 70 } }, 'under.json');
    t.check('a merge under a threshold its total misses still passes every test', statuses(under) === ALL_PASSED, statuses(under));
    // The shards' parts merge with the command too, for blob reports that were not kept.
    const byCommand = await t.node([bin, 'coverage', 'merge', partsDir, '--output-dir', 'by-command']);
    const expected = t.read('whole/agent-coverage.json');
    t.check('the shards\' parts merged by `agents-testkit coverage merge` give the whole run\'s JSON', byCommand.exitCode === 0 && expected !== undefined && t.read('by-command/agent-coverage.json') === expected, byCommand.output.slice(-1500));
    // A shard's blob not gathered: Vitest merges the others, and the kit must refuse the short total.
    rmSync(join(t.dir, '.vitest-reports', 'blob-2-3.json'), { force: true });
    const short = await vitest(t, modules, ['--merge-reports'], { outputDir: 'short', threshold: { tools: 60 } });
    t.check(
      'a merge without shard 2\'s blob fails, naming the shard',
      short.exitCode === 1 && short.output.includes('shard 2 of 3 left no part (given: blob-1-3.json, blob-3-3.json): the total would miss its tests.'),
      short.output.slice(-1500),
    );
  } else {
    merged = await t.node([bin, 'coverage', 'merge', partsDir, '--output-dir', 'merged', '--threshold', 'tools=60']);
    under = await t.node([bin, 'coverage', 'merge', partsDir, '--output-dir', 'under', '--threshold', 'tools=70']);
    t.check('the merge prints its table and the files it wrote, and nothing on stderr', merged.output === `${tableOf(merged.output)}\nWritten: merged/agent-coverage.json, merged/agent-coverage.html\n`, merged.output.slice(-1500));
  }
  t.check('the merge passes the threshold the merged total meets', merged.exitCode === 0, merged.output.slice(-1500));
  t.check('the merged table is the whole run\'s', tableOf(merged.output) !== undefined && tableOf(merged.output) === tableOf(whole.output), `whole:\n${tableOf(whole.output)}\nmerged:\n${merged.output.slice(-1500)}`);
  for (const file of ['agent-coverage.json', 'agent-coverage.html']) {
    const expected = t.read(`whole/${file}`);
    t.check(`the merged ${file} is the whole run's, byte for byte`, expected !== undefined && t.read(`merged/${file}`) === expected, (t.read(`merged/${file}`) ?? 'missing').slice(0, 600));
  }
  t.check(
    'the merge fails under a threshold the merged total misses, naming the measure',
    under.exitCode === 1 && under.output.includes('agents-testkit: agent coverage is under its threshold:\n  tools: 66.7% is under the threshold of 70%\n'),
    under.output.slice(-1500),
  );
  t.check('the merge names no measure its threshold does not set (handoffs, at 50%)', !under.output.includes('handoffs: 50% is under'), under.output.slice(-1500));
}

/** The whole run's JSON and HTML: the same figures as its table, per agent and in all. */
function checkWholeFiles(t) {
  const report = json(t.read('whole/agent-coverage.json'));
  t.check('the whole run\'s JSON sums up what the tests exercised and names what they missed', isDeepStrictEqual(report?.summary, SUMMARY), JSON.stringify(report?.summary));
  const triage = report?.agents?.Triage;
  t.check(
    'the whole run\'s JSON holds each agent of the graph, with each tool, approval and guardrail as exercised',
    isDeepStrictEqual(Object.keys(report?.agents ?? {}).sort(), ['Billing', 'Support', 'Triage']) &&
      isDeepStrictEqual(triage?.tools?.refund, { kind: 'function', approval: true, called: true, approved: true, rejected: false }) &&
      triage?.tools?.lookup?.approval === false &&
      isDeepStrictEqual(triage?.guardrails, { no_spam: { type: 'input', tripped: true } }),
    JSON.stringify(report?.agents),
  );
  t.check('the whole run\'s HTML has the same figures', (t.read('whole/agent-coverage.html') ?? '').includes('<td>Triage</td><td>2/2</td><td>1/2</td><td>1/1</td><td>1/2</td>'), (t.read('whole/agent-coverage.html') ?? 'missing').slice(0, 600));
  t.check('the whole run leaves none of its test files\' parts behind', !existsSync(join(t.dir, 'whole', '.parts')));
}

/** Tools called of tools offered in a part's graph, in percent (graph.ts's measure, which the scenario cannot import). */
function toolsPercent(graph) {
  const tools = Object.values(graph).flatMap((agent) => Object.values(agent.tools));
  return tools.length === 0 ? 100 : (100 * tools.filter((tool) => tool.called).length) / tools.length;
}

function jestReporters(options) {
  return { reporters: ['default', ['agents-testkit/coverage/jest', options]] };
}

/**
 * One Vitest run in the scenario's folder, the project's config with the coverage reporter (and
 * `options`) added, or with the reporters of `args` when there are no options. With `report`, the
 * run writes a JSON report there too, and the outcome has its tests (t.node).
 */
async function vitest(t, modules, args, options, report) {
  const jsonReporter = report === undefined ? [] : ['json'];
  const reporters = options === undefined ? '' : `, reporters: ${JSON.stringify(['default', ...jsonReporter, ['agents-testkit/coverage/vitest', options]])}`;
  t.write('vitest.config.ts', `import { defineConfig, mergeConfig } from 'vitest/config';\nimport base from '../../vitest.config';\nexport default mergeConfig(base, defineConfig({ test: { include: ['*.test.ts']${reporters} } }));\n`);
  const reportArgs = report === undefined ? [] : [...(options === undefined ? ['--reporter=json'] : []), `--outputFile.json=${report}`];
  return t.node([join(modules, 'vitest', 'vitest.mjs'), 'run', ...args, ...reportArgs], { report });
}
