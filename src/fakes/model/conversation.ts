import type { MismatchSpec } from '../../errors/MismatchError';
import type { AgentInputItem, ModelRequest } from '@openai/agents';

/**
 * How far a request was read: its length then, and the call ids the conversation held up to there:
 * collected only once a later request continues it (`undefined` until then).
 */
interface Mark {
  readonly end: number;
  /** Shared along one conversation as it grows; `count` says how many of its ids (in insertion order) were there. */
  ids: Set<string> | undefined;
  count: number;
}

/** An item whose call id the conversation holds: a call of any kind (outputs carry their call's id). */
function holdsId(item: AgentInputItem): item is AgentInputItem & { callId: string } {
  return 'callId' in item && typeof item.callId === 'string' && item.type !== 'function_call_result';
}

/** The call ids of `items` up to `end`. */
function idsIn(items: readonly AgentInputItem[], end: number): Set<string> {
  const ids = new Set<string>();
  for (let index = 0; index < end; index += 1) {
    const item = items[index] as AgentInputItem;
    if (holdsId(item)) ids.add(item.callId);
  }
  return ids;
}

/** What a request brings that no earlier request of the double did, and the call ids its whole conversation holds. */
export class Reading {
  readonly fresh: readonly AgentInputItem[];
  readonly #input: readonly AgentInputItem[];
  /** Known when the request continued one read before; otherwise collected only if asked for. */
  #ids: Set<string> | undefined;

  constructor(fresh: readonly AgentInputItem[], input: readonly AgentInputItem[], ids: Set<string> | undefined) {
    this.fresh = fresh;
    this.#input = input;
    this.#ids = ids;
  }

  /** Every call id the conversation holds. */
  get callIds(): ReadonlySet<string> {
    return (this.#ids ??= idsIn(this.#input, this.#input.length));
  }

  /** Whether the conversation holds this call id: a look through the request when its ids were not collected (most turns ask once or not at all). */
  holds(callId: string): boolean {
    if (this.#ids !== undefined) return this.#ids.has(callId);
    // Indexed: a for…of made an iterator per look until the function was optimized.
    for (let index = 0; index < this.#input.length; index += 1) {
      const item = this.#input[index] as AgentInputItem;
      if (holdsId(item) && item.callId === callId) return true;
    }
    return false;
  }
}

const NONE = new Reading(Object.freeze([]), Object.freeze([]), new Set<string>());

/** How many marked lengths a request's walk back tries before it reads the request in full. */
const MARKS_TRIED = 4;

/**
 * Reads each model request only as far as it is new. The SDK sends a run's whole conversation on
 * every turn, so checks that read the request history on every turn (swallowed tool failures, the
 * call ids taken) would cost a run quadratic time in its turns. When a request is built from the
 * same item objects as the last one plus the items since, the last item of a request read before,
 * found at the same place in a later one, says that everything up to it was read: the walk back
 * from a request's end stops there. A conversation rebuilt from new objects (a string input, an
 * input filter, and every request of SDK 0.20, which hands the model a structured clone of each
 * item) is read in full: its call ids are then not collected, and a turn that emits a call looks
 * the call's id up in the request (a comparison per item, no set built per request). Marks are weak:
 * a finished run's items are not kept.
 */
export class ConversationReader {
  /** A mark whose ids were not collected is its length alone: no object per request read in full (every request of SDK 0.20). */
  readonly #marks = new WeakMap<object, Mark | number>();
  /**
   * The lengths marks were set at: an item is looked up only where a mark could be. The SDK (0.20)
   * hands the model a structured clone of every item on every request, so no item of an earlier
   * request is found again; a walk that looked at every length a mark was set at would make a
   * `WeakMap` lookup (and an identity hash for the clone) per turn of the history on every request.
   */
  readonly #ends = new Set<number>();

  read(input: ModelRequest['input']): Reading {
    if (typeof input === 'string' || input.length === 0) return NONE;
    let start = input.length;
    let mark: Mark | undefined;
    // A continued conversation finds its mark at the first length or two it tries (the last
    // request's, or a fork's); past a few misses the request is taken as rebuilt and read in full.
    for (let misses = 0; start > 0 && misses < MARKS_TRIED; start -= 1) {
      if (!this.#ends.has(start)) continue;
      const found = this.#marks.get(input[start - 1] as object);
      if (found !== undefined && (typeof found === 'number' ? found : found.end) === start) {
        if (typeof found === 'number') this.#marks.set(input[start - 1] as object, (mark = { end: found, ids: undefined, count: 0 }));
        else mark = found;
        break;
      }
      misses += 1;
    }
    if (mark === undefined) start = 0;
    // Read from the start (nothing continued): the ids are collected only if this conversation
    // continues, or a turn asks for them; with the SDK's clones that is never, and a turn that emits a
    // call looks its ids up in the request instead (Reading.holds).
    let ids: Set<string> | undefined;
    if (mark !== undefined) {
      ids = idsFrom(mark, input);
      for (let index = start; index < input.length; index += 1) {
        const item = input[index] as AgentInputItem;
        if (holdsId(item)) ids.add(item.callId);
      }
    }
    const last = input[input.length - 1];
    if (typeof last === 'object' && last !== null) {
      this.#marks.set(last, ids === undefined ? input.length : { end: input.length, ids, count: ids.size });
      this.#ends.add(input.length);
    }
    return new Reading(start === 0 ? input : input.slice(start), input, ids);
  }
}

/**
 * The ids as of `mark`: its conversation's set when nothing was added since, else a copy of the ids
 * it had (a conversation that forked there). A mark whose ids were not collected gets them now, from
 * the request that continues it (the same items up to the mark).
 */
function idsFrom(mark: Mark, input: readonly AgentInputItem[]): Set<string> {
  if (mark.ids === undefined) {
    mark.ids = idsIn(input, mark.end);
    mark.count = mark.ids.size;
    return mark.ids;
  }
  if (mark.ids.size === mark.count) return mark.ids;
  return new Set([...mark.ids].slice(0, mark.count));
}

/** The call ids a turn must not emit: those its conversation holds, and those it picked itself (kept apart: the conversation's set is shared). */
export class TakenIds {
  readonly #held: Reading;
  /** The turn's first pick, kept as is: most turns pick one id at most, and a set is made for a second. */
  #first: string | undefined;
  #more: Set<string> | undefined;

  constructor(held: Reading) {
    this.#held = held;
  }

  has(callId: string): boolean {
    return callId === this.#first || this.#more?.has(callId) === true || this.#held.holds(callId);
  }

  add(callId: string): void {
    if (this.#first === undefined) this.#first = callId;
    else (this.#more ??= new Set()).add(callId);
  }

  /**
   * The id a turn emits for a call planned as `callId`, now taken. Scripts number their calls alike
   * (`call_1`…), so a generated id the conversation already holds — another script's call, across a
   * handoff — moves to a free `call_1_2`; the SDK would otherwise mix the two calls up. An id the user
   * fixed (`fixed`) is never changed: `undefined` when it is taken.
   */
  pick(callId: string, fixed: boolean): string | undefined {
    let picked = callId;
    if (this.has(picked)) {
      if (fixed) return undefined;
      let suffix = 2;
      while (this.has(`${callId}_${suffix}`)) suffix += 1;
      picked = `${callId}_${suffix}`;
    }
    this.add(picked);
    return picked;
  }
}

/** The mismatch of a turn whose fixed call id (`{ callId }`) the conversation already holds. */
export function duplicateCallId(callId: string, callIndex: number, stepIndex: number, turnLabel: string): Omit<MismatchSpec, 'double'> {
  return {
    kind: 'duplicate_call_id',
    callIndex,
    stepIndex,
    actual: `a conversation that already holds call id "${callId}"`,
    expected: turnLabel,
    why: `The turn would emit "${callId}" again (given with { callId }), and the SDK would mix up the two calls`,
    fix: 'Give this call another { callId }',
  };
}
