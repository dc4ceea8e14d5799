import { relative } from 'node:path';
import { mergeGraphs, type GraphCoverage } from './graph';
import type { Shard } from './parts';
import { takeRunParts, writeReport, writeShardPart, type CheckedOptions } from './report';

/** How a run ends for the coverage reporter. */
export interface RunEnd {
  /** The run is one shard of several: it writes its part, and leaves the table and the thresholds to the merge. */
  shard?: Shard;
  /** Coverage the run did not collect itself: what the test files of a merged Vitest run carry. */
  carried?: GraphCoverage;
  /** How the shards are merged, for the line a shard prints. */
  mergeHint?: string;
}

interface Out {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

/**
 * What both reporters do when the run ends (Vitest's `onTestRunEnd`, Jest's `onRunComplete`):
 * print the table, and under the threshold say why on stderr and return the error. How a failed
 * threshold then fails the run is each runner's own. A shard writes its part instead.
 */
export function finishRun(options: CheckedOptions, end: RunEnd = {}, out: Out = process): Error | undefined {
  const graph = takeRunParts(options);
  if (end.carried !== undefined) mergeGraphs(graph, end.carried);
  if (end.shard !== undefined) {
    const file = writeShardPart(options, graph, end.shard);
    out.stdout.write(`\nAgent coverage of shard ${end.shard.index}/${end.shard.count}: written to ${relative(process.cwd(), file)}; ${end.mergeHint ?? 'merge the shards with agents-testkit coverage merge'} for the table and the thresholds.\n`);
    return undefined;
  }
  const { table, failures } = writeReport(options, graph);
  out.stdout.write(`\n${table}`);
  return thresholdError(failures, out);
}

/** The error of a total under its threshold (said on stderr), or `undefined` when every threshold is met. */
export function thresholdError(failures: readonly string[], out: Out = process): Error | undefined {
  if (failures.length === 0) return undefined;
  const error = new Error(`agents-testkit: agent coverage is under its threshold:\n${failures.map((line) => `  ${line}`).join('\n')}`);
  out.stderr.write(`\n${error.message}\n`);
  return error;
}
