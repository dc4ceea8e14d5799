// docs/coverage.md, "Sharded suites": the suite runs whole, then as three shards whose agent
// coverage is merged (Vitest: blob reports and `vitest --merge-reports`; Jest: each shard's part and
// `agents-testkit coverage merge`); the merged table, JSON and HTML equal the whole run's, and the
// threshold fails the merged total only, never a shard.
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const promise = 'three shards merged give the whole run\'s agent coverage, and the threshold applies to the merged total';

const TRIAGE = 'Triage   2/2          1/2        1/1         1/2        handoffs: Support; approvals: refund rejected';
const tableOf = (output) => /Agent coverage\n[\s\S]*?\nall .*/.exec(output)?.[0];

/** The suite is the kit's own coverage fixture (test/fixtures/coverage), its specs named as a user's. */
const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'test', 'fixtures', 'coverage');

export async function play(t) {
  for (const [from, to] of [['agents.ts', 'agents.ts'], ['approval.spec.ts', 'approval.test.ts'], ['handoff.spec.ts', 'handoff.test.ts'], ['lookup.spec.ts', 'lookup.test.ts']]) {
    t.write(to, readFileSync(join(FIXTURE, from), 'utf8'));
  }
  const modules = t.modules;
  const whole = t.runner === 'vitest' ? await vitest(t, modules, [], { outputDir: 'whole' }) : await t.run({ config: jestReporters({ outputDir: 'whole' }) });
  t.check('the whole run passes and prints its table', whole.exitCode === 0 && tableOf(whole.output)?.includes(TRIAGE), whole.output.slice(-1500));

  const shards = [];
  for (const index of [1, 2, 3]) {
    shards.push(
      t.runner === 'vitest'
        ? // The guide's shard command: blob reports, and the coverage reporter with its defaults.
          await vitest(t, modules, [`--shard=${index}/3`, '--reporter=blob', '--reporter=agents-testkit/coverage/vitest'])
        : // The config's reporter has a threshold of 60% for tools, which a shard alone is under: no shard may fail on it.
          await t.run({ config: jestReporters({ outputDir: 'parts', threshold: { tools: 60 } }), args: [`--shard=${index}/3`] }),
    );
  }
  for (const [at, shard] of shards.entries()) {
    t.check(`shard ${at + 1}/3 passes, writes its part and prints no table of its own`, shard.exitCode === 0 && shard.output.includes(`Agent coverage of shard ${at + 1}/3: written to`) && tableOf(shard.output) === undefined, shard.output.slice(-1500));
  }

  let merged;
  let under;
  if (t.runner === 'vitest') {
    merged = await vitest(t, modules, ['--merge-reports'], { outputDir: 'merged', threshold: { tools: 60 } });
    under = await vitest(t, modules, ['--merge-reports'], { outputDir: 'under', threshold: { tools: 70 } });
    // A shard's blob not gathered: Vitest merges the others, and the kit must refuse the short total.
    rmSync(join(t.dir, '.vitest-reports', 'blob-2-3.json'), { force: true });
    const short = await vitest(t, modules, ['--merge-reports'], { outputDir: 'short', threshold: { tools: 60 } });
    t.check('a merge without shard 2\'s blob fails, naming the shard', short.exitCode === 1 && short.output.includes('shard 2 of 3 left no part'), short.output.slice(-1500));
  } else {
    const bin = join(modules, 'agents-testkit', 'dist', 'cli.js');
    merged = await t.node([bin, 'coverage', 'merge', 'parts', '--output-dir', 'merged', '--threshold', 'tools=60']);
    under = await t.node([bin, 'coverage', 'merge', 'parts', '--output-dir', 'under', '--threshold', 'tools=70']);
  }
  t.check('the merge passes the threshold the merged total meets', merged.exitCode === 0, merged.output.slice(-1500));
  t.check('the merged table is the whole run\'s', tableOf(merged.output) !== undefined && tableOf(merged.output) === tableOf(whole.output), `whole:\n${tableOf(whole.output)}\nmerged:\n${merged.output.slice(-1500)}`);
  for (const file of ['agent-coverage.json', 'agent-coverage.html']) {
    const expected = t.read(`whole/${file}`);
    t.check(`the merged ${file} is the whole run's, byte for byte`, expected !== undefined && t.read(`merged/${file}`) === expected, (t.read(`merged/${file}`) ?? 'missing').slice(0, 600));
  }
  t.check(
    'the merge fails under a threshold the merged total misses, naming the measure',
    under.exitCode === 1 && under.output.includes('agents-testkit: agent coverage is under its threshold:\n  tools: 66.7% is under the threshold of 70%'),
    under.output.slice(-1500),
  );
}

function jestReporters(options) {
  return { reporters: ['default', ['agents-testkit/coverage/jest', options]] };
}

/** One Vitest run in the scenario's folder, the project's config with the coverage reporter (and `options`) added. */
async function vitest(t, modules, args, options) {
  const reporters = options === undefined ? '' : `, reporters: ['default', ['agents-testkit/coverage/vitest', ${JSON.stringify(options)}]]`;
  t.write('vitest.config.ts', `import { defineConfig, mergeConfig } from 'vitest/config';\nimport base from '../../vitest.config';\nexport default mergeConfig(base, defineConfig({ test: { include: ['*.test.ts']${reporters} } }));\n`);
  return t.node([join(modules, 'vitest', 'vitest.mjs'), 'run', ...args]);
}
