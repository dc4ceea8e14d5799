import type { ExpectedStep, RealtimeStep } from './step';

/**
 * The steps of a `realtime()` script and how far they have been played. Steps are played strictly
 * in order: an expected call waits for the events scripted before it to be delivered, and events
 * wait for the calls scripted before them, so one cursor says where the script is. Steps are
 * frozen when they are handed over; the one change allowed afterwards is replacing the last step
 * while it has not been played (the builder's `.fails()`).
 */
export class RealtimePlan {
  readonly #steps: RealtimeStep[] = [];
  /** The first step not played yet, or the end. */
  #cursor = 0;
  /** The cursor's step has started (audio taken so far); it can no longer be replaced. */
  #started = false;

  get length(): number {
    return this.#steps.length;
  }

  get cursor(): number {
    return this.#cursor;
  }

  /** The step the script waits on: an expected call, or events to deliver. */
  get current(): RealtimeStep | undefined {
    return this.#steps[this.#cursor];
  }

  at(index: number): RealtimeStep | undefined {
    return this.#steps[index];
  }

  get last(): RealtimeStep | undefined {
    return this.#steps[this.#steps.length - 1];
  }

  append(step: RealtimeStep): number {
    return this.#steps.push(Object.freeze(step)) - 1;
  }

  /** Puts `step` in place of the last step, unless that step has been played or started. */
  replaceLast(step: RealtimeStep): boolean {
    const index = this.#steps.length - 1;
    if (index < this.#cursor || (index === this.#cursor && this.#started) || index < 0) return false;
    this.#steps[index] = Object.freeze(step);
    return true;
  }

  /** The cursor's step took part of what it needs (some of its audio). */
  start(): void {
    this.#started = true;
  }

  advance(): void {
    this.#cursor += 1;
    this.#started = false;
  }

  done(): boolean {
    return this.#cursor >= this.#steps.length;
  }

  /** The first expected step at or after the cursor, skipping events not delivered yet. */
  nextExpected(): number | undefined {
    for (let index = this.#cursor; index < this.#steps.length; index += 1) {
      if ((this.#steps[index] as RealtimeStep).kind !== 'emit') return index;
    }
    return undefined;
  }

  /** How many steps expect something of the session: for "all N expected calls came before it". */
  expectedCount(): number {
    return this.#steps.filter((step): step is ExpectedStep => step.kind !== 'emit').length;
  }

  /** The zero-based positions of the steps not played yet. */
  pendingIndexes(): number[] {
    const pending: number[] = [];
    for (let index = this.#cursor; index < this.#steps.length; index += 1) pending.push(index);
    return pending;
  }
}
