/**
 * What one shard of a sharded run leaves of its agent coverage, and how the shards' coverage is
 * merged back into one graph: from part files (`agents-testkit coverage merge`, for Jest, which has
 * no merge step of its own), or from the test files' meta that Vitest's blob reports carry
 * (`vitest --merge-reports`). A merge refuses what would make a wrong total: parts of different kit
 * versions, of different splits, a shard twice or a shard missing.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CoverageMergeError } from '../errors/CoverageMergeError';
import { KIT_VERSION } from '../version';
import { mergeGraphs, type GraphCoverage } from './graph';

/** Which shard of how many: Vitest's `--shard=2/3` and Jest's alike. */
export interface Shard {
  index: number;
  count: number;
}

/** The `format` a part file starts with: how the merge tells a part from any other JSON file. */
export const PART_FORMAT = 'agents-testkit/agent-coverage-part';

/** One shard's part file: what that shard's tests saw and exercised of the agent graph. */
export interface CoveragePart {
  format: typeof PART_FORMAT;
  kitVersion: string;
  shard: Shard;
  graph: GraphCoverage;
}

/** Where a shard's reporter writes its part, in its `outputDir`: `agent-coverage.shard-2-of-3.json`. */
export function shardPartName(shard: Shard): string {
  return `agent-coverage.shard-${shard.index}-of-${shard.count}.json`;
}

const PART_NAME = /^agent-coverage\.shard-\d+-of-\d+\.json$/;

export function partOf(graph: GraphCoverage, shard: Shard): CoveragePart {
  return { format: PART_FORMAT, kitVersion: KIT_VERSION, shard, graph };
}

/** The part files named: a folder stands for the `agent-coverage.shard-*.json` files in it. */
export function partFiles(targets: readonly string[]): string[] {
  const files = targets.flatMap((target) => {
    if (!existsSync(target)) throw new CoverageMergeError('not_a_part', `${target} does not exist. Name each shard's part file (agent-coverage.shard-<i>-of-<n>.json), or the folder that holds them.`, [target]);
    if (!statSync(target).isDirectory()) return [target];
    return readdirSync(target).filter((name) => PART_NAME.test(name)).sort().map((name) => join(target, name));
  });
  if (files.length === 0) {
    const where = targets.length === 0 ? 'no part was named' : `${targets.join(', ')} ${targets.length === 1 ? 'holds' : 'hold'} no agent-coverage.shard-*.json file`;
    throw new CoverageMergeError('no_parts', `${where}. Each shard's run writes its part into the reporter's outputDir (coverage/agents by default) when it runs with --shard; name those files, or the folder they were gathered in.`, [...targets]);
  }
  return files;
}

/** Reads one part file, refusing a file that is not one. */
export function readPart(file: string): CoveragePart {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CoverageMergeError('not_a_part', `${file} is not an agent-coverage part: ${(error as Error).message}.`, [file]);
  }
  const part = parsed as Partial<CoveragePart> | null;
  if (typeof part !== 'object' || part === null || part.format !== PART_FORMAT) {
    throw new CoverageMergeError('not_a_part', `${file} is not an agent-coverage part (it has no "format": "${PART_FORMAT}"). Merge the agent-coverage.shard-*.json files the shards wrote, not agent-coverage.json reports.`, [file]);
  }
  const { shard, graph, kitVersion } = part;
  const shardOk = typeof shard === 'object' && shard !== null && Number.isInteger(shard.index) && Number.isInteger(shard.count) && shard.index >= 1 && shard.index <= shard.count;
  if (typeof kitVersion !== 'string' || !shardOk || !isGraph(graph)) {
    throw new CoverageMergeError('not_a_part', `${file} is a damaged agent-coverage part (its kitVersion, shard or graph is not what the kit writes). Run that shard again.`, [file]);
  }
  return part as CoveragePart;
}

/** Merges the parts of every shard of one run, after checking that they make the whole run. */
export function mergeParts(parts: readonly { file: string; part: CoveragePart }[]): GraphCoverage {
  if (parts.length === 0) throw new CoverageMergeError('no_parts', 'no part to merge.');
  checkOneVersion(parts.map(({ file, part }) => ({ file, kitVersion: part.kitVersion })));
  checkShardSet(parts.map(({ file, part }) => ({ file, ...part.shard })), "every shard's agent-coverage.shard-*.json");
  const graph: GraphCoverage = {};
  for (const { part } of [...parts].sort((a, b) => a.part.shard.index - b.part.shard.index)) mergeGraphs(graph, part.graph);
  return graph;
}

/**
 * Checks that `shards` (files, each of one shard) are every shard of one run, once each: a total
 * missing a shard would pass a threshold that the suite does not meet. `gather` names what to
 * collect when one is missing.
 */
function checkShardSet(shards: readonly ({ file: string } & Shard)[], gather: string): void {
  const counts = new Set(shards.map((shard) => shard.count));
  if (counts.size > 1) {
    const list = shards.map(({ file, index, count }) => `${file} (shard ${index}/${count})`).join(', ');
    throw new CoverageMergeError('shard_counts_differ', `the parts come from runs split into different numbers of shards: ${list}. Merge the parts of one run only.`, shards.map(({ file }) => file));
  }
  const count = shards[0]!.count;
  const byIndex = new Map<number, string>();
  for (const { file, index } of shards) {
    const seen = byIndex.get(index);
    if (seen !== undefined) throw new CoverageMergeError('shard_twice', `${seen} and ${file} are both of shard ${index}/${count}. Merge one part per shard.`, [seen, file]);
    byIndex.set(index, file);
  }
  const missing = Array.from({ length: count }, (_, at) => at + 1).filter((index) => !byIndex.has(index));
  if (missing.length > 0) {
    throw new CoverageMergeError(
      'shard_missing',
      `${missing.length === 1 ? 'shard' : 'shards'} ${missing.join(', ')} of ${count} left no part (given: ${[...byIndex.values()].join(', ')}): the total would miss its tests. Gather ${gather} before merging.`,
      [...byIndex.values()],
    );
  }
}

/**
 * Under `vitest --merge-reports <dir>`: the blob reports of a sharded run are named
 * `blob-<index>-<count>.json` (Vitest's blob reporter), and Vitest merges whichever it finds, so a
 * shard whose blob was not gathered would vanish from the total. Unnamed blobs are not checked.
 */
export function checkBlobShards(dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return; // Vitest refuses a folder it cannot read, before any reporter reports.
  }
  const shards = names.flatMap((name) => {
    const found = /^blob-(\d+)-(\d+)\.json$/.exec(name);
    return found ? [{ file: name, index: Number(found[1]), count: Number(found[2]) }] : [];
  });
  if (shards.length > 0) checkShardSet(shards, `every shard's blob report (${dir})`);
}

/** The key of a Vitest test file's `meta` under which the setup entry leaves the file's coverage when it ends. */
export const META_KEY = 'agentsTestkitCoverage';

/** What a test file's meta carries: its graph, and which kit noted it. */
export interface FileCoverage {
  kitVersion: string;
  graph: GraphCoverage;
}

export function fileCoverage(graph: GraphCoverage): FileCoverage {
  return { kitVersion: KIT_VERSION, graph: structuredClone(graph) };
}

/**
 * Merges the coverage the test files of a merged Vitest run carry (blob reports keep each file's
 * meta). `files` are the files whose tests ran: one without coverage ran in a shard without the
 * coverage reporter, and its runs would be missing from the total.
 */
export function mergeFileCoverage(files: readonly { file: string; meta: unknown }[]): GraphCoverage {
  const without = files.filter(({ meta }) => !isFileCoverage(meta)).map(({ file }) => file);
  if (without.length > 0) {
    throw new CoverageMergeError(
      'files_without_coverage',
      `${without.length} of the ${files.length} test files of the blob reports carry no agent coverage (${without.slice(0, 5).join(', ')}${without.length > 5 ? ', …' : ''}): ` +
        'their shard ran without the coverage reporter. Run every shard with it: vitest run --shard=<i>/<n> --reporter=blob --reporter=agents-testkit/coverage/vitest.',
      without,
    );
  }
  const carried = files.map(({ file, meta }) => ({ file, ...(meta as Record<string, FileCoverage>)[META_KEY]! }));
  checkOneVersion(carried);
  const graph: GraphCoverage = {};
  for (const { graph: part } of carried) mergeGraphs(graph, part);
  return graph;
}

function checkOneVersion(parts: readonly { file: string; kitVersion: string }[]): void {
  const versions = [...new Set(parts.map(({ kitVersion }) => kitVersion))];
  if (versions.length <= 1) return;
  const list = versions.map((version) => `${version} (${parts.filter((part) => part.kitVersion === version).map(({ file }) => file).join(', ')})`).join('; ');
  throw new CoverageMergeError('kit_versions_differ', `the parts were written by different versions of agents-testkit: ${list}. Run every shard with one version of the kit.`, parts.map(({ file }) => file));
}

function isFileCoverage(meta: unknown): meta is FileCoverage {
  const carried = (meta as Record<string, unknown> | null | undefined)?.[META_KEY] as Partial<FileCoverage> | undefined;
  return typeof carried?.kitVersion === 'string' && isGraph(carried.graph);
}

function isGraph(graph: unknown): graph is GraphCoverage {
  if (typeof graph !== 'object' || graph === null || Array.isArray(graph)) return false;
  return Object.values(graph).every((entry) => ['tools', 'handoffs', 'guardrails'].every((key) => typeof (entry as Record<string, unknown> | null)?.[key] === 'object' && (entry as Record<string, unknown>)[key] !== null));
}
