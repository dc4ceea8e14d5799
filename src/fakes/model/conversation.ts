import type { AgentInputItem, ModelRequest } from '@openai/agents';

/** How far a request was read: its length then, and the call ids the conversation held up to there. */
interface Mark {
  readonly end: number;
  /** Shared along one conversation as it grows; `count` says how many of its ids (in insertion order) were there. */
  readonly ids: Set<string>;
  readonly count: number;
}

/** What a request brings that no earlier request of the double did, and the call ids its whole conversation holds. */
export interface Reading {
  readonly fresh: readonly AgentInputItem[];
  readonly callIds: ReadonlySet<string>;
}

const NONE: Reading = Object.freeze({ fresh: Object.freeze([]), callIds: new Set<string>() });

/**
 * Reads each model request only as far as it is new. The SDK sends a run's whole conversation on
 * every turn, so checks that read the request history on every turn (swallowed tool failures, the
 * call ids taken) would cost a run quadratic time in its turns. The SDK builds each request from
 * the same item objects as the last one plus the items since, so the last item of a request read
 * before, found at the same place in a later one, says that everything up to it was read: the walk
 * back from a request's end stops there. A conversation rebuilt from new objects (a string input,
 * an input filter) is read in full, as before. Marks are weak: a finished run's items are not kept.
 */
export class ConversationReader {
  readonly #marks = new WeakMap<object, Mark>();
  /**
   * The lengths marks were set at. The SDK (0.20) hands the model a structured clone of every item
   * on every request, so an item of an earlier request is never found again and the walk back goes
   * to the start: looking an item up only where a mark could be spares a `WeakMap` lookup (and an
   * identity hash made for the clone) per item. Numbers only, one per length seen.
   */
  readonly #ends = new Set<number>();

  read(input: ModelRequest['input']): Reading {
    if (typeof input === 'string' || input.length === 0) return NONE;
    let start = input.length;
    let mark: Mark | undefined;
    while (start > 0) {
      if (!this.#ends.has(start)) {
        start -= 1;
        continue;
      }
      const found = this.#marks.get(input[start - 1] as object);
      if (found !== undefined && found.end === start) {
        mark = found;
        break;
      }
      start -= 1;
    }
    const ids = idsFrom(mark);
    for (let index = start; index < input.length; index += 1) {
      const item = input[index] as AgentInputItem;
      if ('callId' in item && typeof item.callId === 'string' && item.type !== 'function_call_result') ids.add(item.callId);
    }
    const last = input[input.length - 1];
    if (typeof last === 'object' && last !== null) {
      this.#marks.set(last, { end: input.length, ids, count: ids.size });
      this.#ends.add(input.length);
    }
    return { fresh: start === 0 ? input : input.slice(start), callIds: ids };
  }
}

/** The ids as of `mark`: its conversation's set when nothing was added since, else a copy of the ids it had (a conversation that forked there). */
function idsFrom(mark: Mark | undefined): Set<string> {
  if (mark === undefined) return new Set();
  if (mark.ids.size === mark.count) return mark.ids;
  return new Set([...mark.ids].slice(0, mark.count));
}

/** The call ids a turn must not emit: those its conversation holds, and those it picked itself (kept apart: the conversation's set is shared). */
export class TakenIds {
  readonly #held: ReadonlySet<string>;
  readonly #picked = new Set<string>();

  constructor(held: ReadonlySet<string>) {
    this.#held = held;
  }

  has(callId: string): boolean {
    return this.#held.has(callId) || this.#picked.has(callId);
  }

  add(callId: string): void {
    this.#picked.add(callId);
  }
}
