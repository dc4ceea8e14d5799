import { isRunResult, isStreamedResult } from '../sdk/coupling';
import { transcript } from '../format/transcript';

/** The part of a pretty-format plugin both runners call: `expect.addSnapshotSerializer(plugin)`. */
export interface SnapshotSerializer {
  test(value: unknown): boolean;
  serialize(value: unknown, config: { indent: string }, indentation: string, ...rest: unknown[]): string;
}

/**
 * Prints a `RunResult` or `StreamedRunResult` in snapshots as its transcript, so that
 * `expect(result).toMatchSnapshot()` is stable (no ids, no token counts) and readable in review.
 */
export const runSnapshotSerializer: SnapshotSerializer = {
  test: (value) => isRunResult(value),
  serialize(value, config, indentation) {
    const kind = isStreamedResult(value as Parameters<typeof isStreamedResult>[0]) ? 'StreamedRunResult' : 'RunResult';
    const inner = indentation + config.indent;
    const lines = transcript(value).split('\n').map((line) => (line === '' ? '' : inner + line));
    return `${kind} {\n${lines.join('\n')}\n${indentation}}`;
  },
};
