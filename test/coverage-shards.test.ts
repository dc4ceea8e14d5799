// What `agents-testkit coverage merge` and the Vitest merge refuse (a shard missing or twice, mixed
// splits or kit versions, a file that is not a part, a test file whose shard ran without the
// reporter), in process. A sharded run merged end to end, under both runners and from the packed
// package, is the promise consumers/promises/sharded-coverage (scripts/consumers.mjs).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkBlobShards, mergeFileCoverage, mergeParts, META_KEY, partOf, readPart, type CoveragePart } from '../src/coverage/parts';
import { CoverageMergeError } from '../src/errors/CoverageMergeError';
import type { GraphCoverage } from '../src/coverage/graph';
import { cli } from './support/cli';
import { afterAll, describe, expect, makeTempDir, removeTempDirs, test, thrownBy } from './support';

afterAll(removeTempDirs);

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
