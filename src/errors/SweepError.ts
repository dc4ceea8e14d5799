import { redactText } from '../format/secrets';
import { jsString } from '../format/brief';

/** What became of one injection point of a sweep. */
export interface SweepPoint {
  /** The point, e.g. `tool get_weather throws on call 1`. */
  readonly name: string;
  /** `held`: what the test asserts held with the fault; `broke`: it did not; `not reached`: the run never came there. */
  readonly outcome: 'held' | 'broke' | 'not reached';
  /** Why it broke: the error the body threw, an unhandled rejection, a tool that ran twice. */
  readonly error?: unknown;
}

/**
 * A fault sweep found points where the test's assertions do not hold. `points` has every point
 * with its outcome; the message has the table, and how to run the first broken point on its own.
 */
export class SweepError extends Error {
  readonly points: readonly SweepPoint[];
  /** The first point that broke, to run on its own with `sweep(body, { only })`. */
  readonly first: string;

  constructor(points: readonly SweepPoint[], table: string) {
    const broken = points.filter((point) => point.outcome === 'broke');
    const first = (broken[0] as SweepPoint).name;
    super(
      redactText(
        `The fault sweep found ${broken.length} of ${points.length} injection point${points.length === 1 ? '' : 's'} where the test does not hold.\n\n` +
          `${table}\n\nRun the first on its own: sweep(body, { only: ${jsString(first)} })`,
      ),
    );
    this.name = 'SweepError';
    this.points = points;
    this.first = first;
  }
}
