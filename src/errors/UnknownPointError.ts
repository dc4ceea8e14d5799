import { brief, jsString } from '../format/brief';
import { redactText } from '../format/secrets';

/**
 * `sweep(body, { only })` named a point that no run of the body reaches: a typo in a reproduction
 * line, or a body changed since its sweep printed it. Running nothing would pass, so it fails,
 * listing the points the run did pass, each quoted as `{ only }` takes it.
 */
export class UnknownPointError extends Error {
  /** The point asked for. */
  readonly point: string;
  /** The points the run passed, the closest to `point` first. */
  readonly points: readonly string[];

  constructor(point: string, points: readonly string[], runError?: unknown) {
    const asked = `sweep(body, { only: ${jsString(point)} }): no run of the body reaches that point`;
    const listed = points.length === 0 ? '; the body reaches no injection point at all.' : `. Its points, closest first:\n${points.map((name) => `  ${jsString(name)}`).join('\n')}`;
    const failed = runError === undefined ? '' : `\nThe run failed before it got further: ${brief(runError, 200)}`;
    super(redactText(`${asked}${listed}${failed}`), runError === undefined ? undefined : { cause: runError });
    this.name = 'UnknownPointError';
    this.point = point;
    this.points = points;
  }
}
