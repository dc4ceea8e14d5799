// Agent coverage of a sharded run: the coverage fixture (test/fixtures/coverage, three test files)
// runs whole, then as three shards whose coverage is merged, and the merged table, JSON and HTML
// must equal the whole run's byte for byte, with the threshold applied to the merged total only.
// Under Vitest the shards write blob reports and `vitest --merge-reports` merges them (the
// reporter reads each file's coverage from the meta the blobs carry); under Jest each shard's
// reporter writes its part and `agents-testkit coverage merge` merges them. The fixture runs under
// the runner that runs this spec (`npm test` runs it under both), as coverage-reporters.test.ts does;
// the Jest reporter loads from the build (npm run build). Then the merge's refusals, in process.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkBlobShards, mergeFileCoverage, mergeParts, META_KEY, partOf, readPart, type CoveragePart } from '../src/coverage/parts';
import { CoverageMergeError } from '../src/errors/CoverageMergeError';
import { summarizeGraph, percent, type GraphCoverage } from '../src/coverage/graph';
import { cli } from './support/cli';
import { runFixtures, type FixtureOutcome } from './support/fixtureRuns';
import { afterAll, beforeAll, describe, expect, makeTempDir, removeTempDirs, runner, test, thrownBy } from './support';

afterAll(removeTempDirs);

const root = join(__dirname, '..');
const options = (outputDir: string, threshold?: unknown) => ({ AGENTS_TESTKIT_FIXTURE_COVERAGE: JSON.stringify({ outputDir, threshold }) });
/** The table a run printed, without the `Written:` line (its paths are the run's own). */
const tableOf = (output: string) => /Agent coverage\n[\s\S]*?\nall .*/.exec(output)?.[0];
const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');

describe(`a sharded run's agent coverage under ${runner}`, () => {
  let whole: FixtureOutcome;
  let shards: FixtureOutcome[];
  let wholeDir: string;
  /** Where the shards' reporters write their parts. */
  let shardDir: string;
  let mergedDir: string;
  /** Vitest: the merge, under a threshold of 70% for tools that the merged total (66.7%) misses. */
  let merged: FixtureOutcome | undefined;
  /** Vitest: a merge of the blobs of shards 1 and 3 only. */
  let mergedWithoutShard2: FixtureOutcome | undefined;

  beforeAll(() => {
    wholeDir = makeTempDir();
    mergedDir = makeTempDir();
    const cwd = makeTempDir();
    whole = runFixtures(runner, 'coverage', { env: options(wholeDir), configReporters: true });
    if (runner === 'vitest') {
      // The documented shard command: blob reports, and the coverage reporter with its defaults (coverage/agents in the working directory).
      const blobs = makeTempDir();
      shardDir = join(cwd, 'coverage', 'agents');
      shards = [1, 2, 3].map((index) =>
        runFixtures('vitest', 'coverage', {
          cwd,
          configReporters: true,
          args: [`--shard=${index}/3`, '--reporter=blob', '--reporter=json', `--reporter=${join(root, 'src/coverage/vitest.ts')}`, `--outputFile.blob=${join(blobs, `blob-${index}-3.json`)}`],
        }),
      );
      merged = runFixtures('vitest', 'coverage', { env: options(mergedDir, { tools: 70 }), configReporters: true, args: [`--merge-reports=${blobs}`] });
      const gathered = makeTempDir();
      for (const index of [1, 3]) copyFileSync(join(blobs, `blob-${index}-3.json`), join(gathered, `blob-${index}-3.json`));
      mergedWithoutShard2 = runFixtures('vitest', 'coverage', { env: options(makeTempDir()), configReporters: true, args: [`--merge-reports=${gathered}`] });
    } else {
      // Each shard's reporter has the threshold of the config: a shard alone is under it, and must not fail.
      shardDir = makeTempDir();
      shards = [1, 2, 3].map((index) => runFixtures('jest', 'coverage', { env: options(shardDir, { tools: 60 }), configReporters: true, args: [`--shard=${index}/3`] }));
    }
  }, 300_000);

  test('each shard runs its own test files, passes, and leaves a part of its own coverage', () => {
    expect(shards.map((shard) => shard.exitCode)).toEqual([0, 0, 0]);
    expect(shards.map((shard) => shard.tests.size).reduce((a, b) => a + b)).toBe(whole.tests.size);
    expect(shards.every((shard) => shard.tests.size > 0)).toBe(true);
    for (const [at, shard] of shards.entries()) expect(shard.output).toContain(`Agent coverage of shard ${at + 1}/3: written to`);
    expect(shards.map((shard) => tableOf(shard.output))).toEqual([undefined, undefined, undefined]);
    const parts = [1, 2, 3].map((index) => readPart(join(shardDir, `agent-coverage.shard-${index}-of-3.json`)));
    expect(parts.map((part) => part.shard)).toEqual([1, 2, 3].map((index) => ({ index, count: 3 })));
    // The Jest reporter is the build, which tsup gives the package's version; the Vitest one runs from source.
    const { version } = JSON.parse(read(root, 'package.json')) as { version: string };
    expect(parts.map((part) => part.kitVersion)).toEqual(Array(3).fill(runner === 'jest' ? version : 'source'));
    // A threshold of 60% for tools (the Jest shards' config has it) is met by the total only: some shard alone is under it.
    expect(Math.min(...parts.map((part) => percent(summarizeGraph(part.graph).tools)))).toBeLessThan(60);
  });

  test('the merged table, JSON and HTML equal the whole run\'s', () => {
    let mergedOutput: string;
    if (runner === 'vitest') mergedOutput = merged!.output;
    else {
      const done = cli('coverage', 'merge', shardDir, '--output-dir', mergedDir, '--threshold', 'tools=60');
      expect(done.stderr).toBe('');
      expect(done.code).toBe(0);
      mergedOutput = done.stdout;
    }
    expect(tableOf(whole.output)).toContain('Triage   2/2          1/2        1/1         1/2        handoffs: Support; approvals: refund rejected');
    expect(tableOf(mergedOutput)).toBe(tableOf(whole.output));
    expect(read(mergedDir, 'agent-coverage.json')).toBe(read(wholeDir, 'agent-coverage.json'));
    expect(read(mergedDir, 'agent-coverage.html')).toBe(read(wholeDir, 'agent-coverage.html'));
    if (runner === 'vitest') {
      // The Vitest shards' parts merge with the command too, for blob reports that were not kept.
      const byCommand = makeTempDir();
      expect(cli('coverage', 'merge', shardDir, '--output-dir', byCommand).code).toBe(0);
      expect(read(byCommand, 'agent-coverage.json')).toBe(read(wholeDir, 'agent-coverage.json'));
    }
  });

  test('the threshold applies to the merged total: the merge fails under it, naming the measure', () => {
    const under = runner === 'vitest' ? { code: merged!.exitCode, output: merged!.output } : (() => {
      const done = cli('coverage', 'merge', shardDir, '--output-dir', makeTempDir(), '--threshold', 'tools=70');
      return { code: done.code, output: `${done.stdout}\n${done.stderr}` };
    })();
    expect(under.code).toBe(1);
    expect(under.output).toContain('agents-testkit: agent coverage is under its threshold:\n  tools: 66.7% is under the threshold of 70%\n');
    expect(under.output).not.toContain('handoffs: 50% is under');
    if (runner === 'vitest') expect([...merged!.tests.values()].map((test) => test.status)).toEqual(['passed', 'passed', 'passed', 'passed']);
  });

  // Vitest merges whichever blobs it finds: a total without a shard's test files could pass its threshold.
  (runner === 'vitest' ? test : test.skip)('vitest --merge-reports without a shard\'s blob fails, naming the shard', () => {
    expect(mergedWithoutShard2!.exitCode).toBe(1);
    expect(mergedWithoutShard2!.output).toContain('shard 2 of 3 left no part (given: blob-1-3.json, blob-3-3.json): the total would miss its tests.');
  });
});

describe('what a merge refuses', () => {
  const graph = (called: boolean): GraphCoverage => ({ Triage: { tools: { lookup: { kind: 'function', approval: false, called, approved: false, rejected: false } }, handoffs: {}, guardrails: {} } });
  const part = (index: number, count = 2, kitVersion?: string): CoveragePart => ({ ...partOf(graph(index === 1), { index, count }), ...(kitVersion === undefined ? {} : { kitVersion }) });
  const given = (...parts: CoveragePart[]) => parts.map((one, at) => ({ file: `part-${at + 1}.json`, part: one }));
  const reasonOf = (body: () => unknown) => {
    const error = thrownBy(body);
    expect(error).toBeInstanceOf(CoverageMergeError);
    return error as CoverageMergeError;
  };

  test('merges one part per shard, in any order', () => {
    expect(mergeParts(given(part(2), part(1))).Triage?.tools.lookup?.called).toBe(true);
  });

  test('a shard missing, a shard twice, different splits, different kit versions', () => {
    const missing = reasonOf(() => mergeParts(given(part(1, 3), part(3, 3))));
    expect([missing.reason, missing.message]).toEqual(['shard_missing', expect.stringContaining('shard 2 of 3 left no part (given: part-1.json, part-2.json): the total would miss its tests')]);
    const twice = reasonOf(() => mergeParts(given(part(1), part(1))));
    expect([twice.reason, twice.files]).toEqual(['shard_twice', ['part-1.json', 'part-2.json']]);
    expect(reasonOf(() => mergeParts(given(part(1, 2), part(1, 3)))).reason).toBe('shard_counts_differ');
    const versions = reasonOf(() => mergeParts(given(part(1, 2, '0.1.0'), part(2, 2, '0.2.0'))));
    expect([versions.reason, versions.message]).toEqual(['kit_versions_differ', expect.stringContaining('different versions of agents-testkit: 0.1.0 (part-1.json); 0.2.0 (part-2.json)')]);
  });

  test('a file that is not a part, and no part at all, from the command', () => {
    const dir = makeTempDir();
    writeFileSync(join(dir, 'agent-coverage.json'), JSON.stringify({ summary: {}, agents: {} }));
    const report = cli('coverage', 'merge', join(dir, 'agent-coverage.json'));
    expect(report.code).toBe(2);
    expect(report.stderr).toContain('is not an agent-coverage part (it has no "format": "agents-testkit/agent-coverage-part"). Merge the agent-coverage.shard-*.json files');
    const empty = join(dir, 'empty');
    mkdirSync(empty);
    const none = cli('coverage', 'merge', empty);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('holds no agent-coverage.shard-*.json file');
    expect(reasonOf(() => readPart(join(dir, 'agent-coverage.json'))).reason).toBe('not_a_part');
    const usage = cli('coverage', 'merge', empty, '--threshold', 'lots');
    expect([usage.code, usage.stderr.split('\n')[0]]).toEqual([2, 'agents-testkit coverage: --threshold takes a percentage (80) or measures with percentages (tools=80,approvals=100); got "lots".']);
    expect(cli('coverage', 'merge', empty, '--threshold', '120').stderr.split('\n')[0]).toBe('agents-testkit coverage: --threshold must be a percentage from 0 to 100; got 120.');
  });

  test('under vitest --merge-reports: a folder of blobs missing a shard, or mixing splits', () => {
    const blobs = makeTempDir();
    for (const name of ['blob-1-3.json', 'blob-3-3.json', 'notes.txt']) writeFileSync(join(blobs, name), '{}');
    const missing = reasonOf(() => checkBlobShards(blobs));
    expect([missing.reason, missing.files]).toEqual(['shard_missing', ['blob-1-3.json', 'blob-3-3.json']]);
    expect(missing.message).toContain(`Gather every shard's blob report (${blobs})`);
    writeFileSync(join(blobs, 'blob-2-3.json'), '{}');
    expect(() => checkBlobShards(blobs)).not.toThrow();
    writeFileSync(join(blobs, 'blob-1-2.json'), '{}');
    expect(reasonOf(() => checkBlobShards(blobs)).reason).toBe('shard_counts_differ');
    const unsharded = makeTempDir();
    writeFileSync(join(unsharded, 'blob.json'), '{}');
    expect(() => checkBlobShards(unsharded)).not.toThrow();
  });

  test('under vitest --merge-reports: a test file whose shard ran without the coverage reporter', () => {
    const carried = { [META_KEY]: { kitVersion: '0.1.0', graph: graph(true) } };
    expect(mergeFileCoverage([{ file: 'a.test.ts', meta: carried }]).Triage?.tools.lookup?.called).toBe(true);
    const error = reasonOf(() => mergeFileCoverage([{ file: 'a.test.ts', meta: carried }, { file: 'b.test.ts', meta: {} }]));
    expect([error.reason, error.files]).toEqual(['files_without_coverage', ['b.test.ts']]);
    expect(error.message).toContain('--reporter=blob --reporter=agents-testkit/coverage/vitest');
  });
});
