/** Why agent-coverage parts could not be merged into one report. */
export type CoverageMergeReason =
  /** No part was given, or the folders given hold none. */
  | 'no_parts'
  /** A file is not a part the kit wrote (unreadable, not JSON, or another kind of file). */
  | 'not_a_part'
  /** The parts were written by different versions of the kit, whose graphs may not agree. */
  | 'kit_versions_differ'
  /** The parts come from runs split into different numbers of shards. */
  | 'shard_counts_differ'
  /** Two parts are of the same shard. */
  | 'shard_twice'
  /** A shard of the run left no part: its tests would be missing from the total. */
  | 'shard_missing'
  /** Test files of a merged Vitest run carry no coverage: their shard ran without the coverage reporter. */
  | 'files_without_coverage';

/**
 * Agent-coverage parts (`agents-testkit coverage merge`, or the coverage reporter under
 * `vitest --merge-reports`) that cannot make one report: a total missing a shard, or mixing runs,
 * would pass a threshold that the suite does not meet.
 */
export class CoverageMergeError extends Error {
  override readonly name = 'CoverageMergeError';
  readonly reason: CoverageMergeReason;
  /** The files (parts, or test files) the problem is about. */
  readonly files: readonly string[];

  constructor(reason: CoverageMergeReason, message: string, files: readonly string[] = []) {
    super(`agents-testkit coverage: ${message}`);
    this.reason = reason;
    this.files = files;
  }
}
