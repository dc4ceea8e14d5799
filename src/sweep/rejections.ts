import { AsyncLocalStorage } from 'node:async_hooks';
import { after } from '../fakes/core/realTimers';
import { hostProcess } from '../runner/coupling';

/**
 * How long a run's window stays open after its body settled: an unhandled rejection that surfaces
 * by then (a `void report(error)` that fails a moment later) is judged with that run. One that
 * surfaces later, while the sweep still runs, is still that run's.
 */
export const REJECTION_WINDOW_MS = 20;

/** The unhandled rejections of one run of a sweep, filled in as they surface. */
export interface RunRejections {
  readonly reasons: unknown[];
}

/**
 * Hears the unhandled rejections of a sweep's runs and gives each to the run whose code made the
 * promise (Node reports a rejection in the async context its promise was made in), or, for a
 * promise made outside every run, to the run going on when it surfaced. A rejection it gives to a
 * run is the sweep's: the runner, which heard it too, is told it was handled (Jest's circus forgets
 * it then; Vitest leaves a rejection alone when someone else listens).
 */
export class SweepRejections {
  readonly #runs = new AsyncLocalStorage<RunRejections>();
  readonly #process = hostProcess();
  // The sweep starts its first run as soon as it listens, before anything is awaited: no rejection lands here.
  #current: RunRejections = { reasons: [] };

  readonly #onRejection = (reason: unknown, promise: Promise<unknown>): void => {
    (this.#runs.getStore() ?? this.#current).reasons.push(reason);
    promise.catch(() => undefined);
  };

  // Node warns of a rejection handled after it was reported unless someone listens for that.
  readonly #onHandled = (): void => undefined;

  constructor() {
    this.#process.on('unhandledRejection', this.#onRejection);
    this.#process.on('rejectionHandled', this.#onHandled);
  }

  /** Runs `work` as one run, then keeps its window open; resolves with what `work` settled to and the run's rejections. */
  async run(work: () => PromiseLike<unknown>): Promise<{ error: unknown; rejections: RunRejections }> {
    const rejections: RunRejections = { reasons: [] };
    this.#current = rejections;
    let error: unknown;
    try {
      await this.#runs.run(rejections, work);
    } catch (caught) {
      error = caught;
    }
    await new Promise<void>((resolve) => after(REJECTION_WINDOW_MS, resolve));
    return { error, rejections };
  }

  stop(): void {
    this.#process.off('unhandledRejection', this.#onRejection);
    this.#process.off('rejectionHandled', this.#onHandled);
  }
}
