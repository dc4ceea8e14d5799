import { ScriptError } from '../../errors/ScriptError';
import { kindOf } from '../../format/kindOf';
import { after, afterMicrotasks, nextMacrotask } from '../core/realTimers';

/** How long `settled()` waits unless told otherwise. */
export const DEFAULT_TIMEOUT_MS = 2000;

/** The longest wait a timer can honour: Node fires longer ones at once. */
export const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** Why a `timeoutMs` cannot be used, or `undefined` when it can: a number of ms above 0 that a timer can honour. */
export function timeoutProblem(timeoutMs: unknown, subject = 'timeoutMs'): string | undefined {
  if (typeof timeoutMs === 'number' && timeoutMs > 0 && timeoutMs <= MAX_TIMEOUT_MS) return undefined;
  return `${subject} must be a number of milliseconds above 0 and at most ${MAX_TIMEOUT_MS} (2^31 - 1, the longest a timer waits); got ${kindOf(timeoutMs)}.`;
}

/** The mismatches recorded so far: the first rejects every wait. */
interface Mismatches {
  readonly mismatches: readonly Error[];
}

/** Whether every step has been played, and how many have been. */
interface Progress {
  done(): boolean;
  readonly cursor: number;
}

interface Waiter {
  resolve(): void;
  reject(error: unknown): void;
  /** Clears the timeout once one is armed. */
  cancel: (() => void) | undefined;
  draining: boolean;
  timeoutMs: number;
}

/**
 * The `settled()` waits of a double: each resolves once every step has been played and the
 * session's immediate reactions to the last of them have come in, rejects with the first
 * mismatch as soon as one is recorded, and gives up after its `timeoutMs`.
 */
export class Settling {
  readonly #ledger: Mismatches;
  readonly #plan: Progress;
  /** The error a wait rejects with when its time is up (read only then). */
  readonly #timeoutError: (timeoutMs: number) => Error;
  readonly #waiters = new Set<Waiter>();
  /** Where the script stood when a wait last resolved (none yet: -1). */
  #settledAt = -1;
  /** Bumped by every call, delivery and mismatch (`notify`). */
  #moves = 0;

  constructor(ledger: Mismatches, plan: Progress, timeoutError: (timeoutMs: number) => Error) {
    this.#ledger = ledger;
    this.#plan = plan;
    this.#timeoutError = timeoutError;
  }

  wait(timeoutMs: number, label: string): Promise<void> {
    const problem = timeoutProblem(timeoutMs);
    if (problem !== undefined) {
      return Promise.reject(new ScriptError({ reason: 'invalid_option', double: label, message: `${label}.settled(): ${problem}` }));
    }
    return new Promise<void>((resolve, reject) => {
      // The promise's own functions: settling goes through #resolve and #reject, which also forget the waiter.
      const waiter: Waiter = { resolve, reject, cancel: undefined, draining: false, timeoutMs };
      this.#waiters.add(waiter);
      const mismatch = this.#ledger.mismatches[0];
      if (mismatch) this.#reject(waiter, mismatch);
      else this.#drain(waiter);
    });
  }

  /** Something happened (a call, a delivery, a mismatch): every wait looks again. */
  notify(): void {
    this.#moves += 1;
    if (this.#waiters.size === 0) return;
    // Each wait arms its timeout after its first drain; only a mismatch or the end of the script changes it now.
    const mismatch = this.#ledger.mismatches[0];
    if (mismatch === undefined && !this.#plan.done()) return;
    for (const waiter of [...this.#waiters]) {
      if (mismatch) this.#reject(waiter, mismatch);
      else if (!waiter.draining) this.#drain(waiter);
    }
  }

  /**
   * Waits until the microtask queue is empty, so that the session's immediate reactions to the
   * last events come in (an unplanned call they make still fails the wait), then settles the
   * waiter or arms its timeout. A turn that settles at once never starts a timer. When the script
   * has not moved since a wait last resolved, it waits one macrotask instead: a loop of waits
   * for something else (a timer the app set) then lets the event loop turn, and never spins.
   * Something that happened meanwhile (events delivered in a tick queued just before this one)
   * is waited for again: the session's reactions to it run only once the ticks have.
   */
  #drain(waiter: Waiter): void {
    waiter.draining = true;
    const moves = this.#moves;
    const check = (): void => {
      waiter.draining = false;
      if (!this.#waiters.has(waiter)) return;
      const mismatch = this.#ledger.mismatches[0];
      if (mismatch) this.#reject(waiter, mismatch);
      else if (this.#moves !== moves) this.#drain(waiter);
      else if (this.#plan.done()) this.#resolve(waiter);
      else this.#arm(waiter);
    };
    if (this.#plan.cursor === this.#settledAt) nextMacrotask(check);
    else afterMicrotasks(check);
  }

  #resolve(waiter: Waiter): void {
    this.#settledAt = this.#plan.cursor;
    this.#forget(waiter);
    waiter.resolve();
  }

  #reject(waiter: Waiter, error: unknown): void {
    this.#forget(waiter);
    waiter.reject(error);
  }

  #forget(waiter: Waiter): void {
    this.#waiters.delete(waiter);
    waiter.cancel?.();
  }

  #arm(waiter: Waiter): void {
    if (waiter.cancel !== undefined) return;
    waiter.cancel = after(waiter.timeoutMs, () => this.#reject(waiter, this.#timeoutError(waiter.timeoutMs)));
  }
}
