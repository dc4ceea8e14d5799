import type { PendingStep } from '../core/ledger';
import type { PlannedTurn } from './turn';

/** How many left-over copies of a repeated turn a report lists one by one; past it, one line says how many more. */
const LISTED_COPIES = 10;

/**
 * A stretch of the plan: one turn, or `count` copies of a repeated turn (`times(n)`), made only
 * when a call plays or a message names one, so that `times(2e6)` costs one entry, not two million.
 * Copies of one entry are always played in order (the cursor walks them in order, and a keyed
 * entry gives the first unplayed copy), so `played` is all an entry needs to remember.
 */
interface Entry {
  /** The position of its first turn in the whole plan. */
  start: number;
  count: number;
  played: number;
  /** The turn itself (a single turn), or the first copy (a repeat, for its key and `optional`). */
  turn: PlannedTurn;
  /** The copy at an offset into the entry. */
  make?: (offset: number) => PlannedTurn;
}

/**
 * The planned turns of a `model()` script, by position (the step number messages show, from 0),
 * with which of them calls consumed: in order, except keyed turns, which answer calls by content.
 */
export class TurnPlan {
  readonly #entries: Entry[] = [];
  #length = 0;
  #keyed = 0;
  /** The first entry in order that may have a turn left to play in order (every one before it is played, or keyed). */
  #cursorEntry = 0;

  get length(): number {
    return this.#length;
  }

  /** Whether a keyed turn is left to play: only then does `take` ask a key. */
  get keyed(): boolean {
    return this.#keyed > 0;
  }

  /** Appends a turn; returns its position. */
  append(turn: PlannedTurn): number {
    return this.#push({ start: this.#length, count: 1, played: 0, turn });
  }

  /** Appends `count` copies of a turn, `make(offset)` giving each; returns the position of the last. */
  appendCopies(count: number, make: (offset: number) => PlannedTurn): number {
    return this.#push({ start: this.#length, count, played: 0, turn: make(0), make });
  }

  #push(entry: Entry): number {
    this.#entries.push(entry);
    this.#length += entry.count;
    if (entry.turn.key) this.#keyed += entry.count;
    return this.#length - 1;
  }

  /** The turn at a position, made now if it is a copy. */
  at(position: number): PlannedTurn | undefined {
    const entry = this.#entryAt(position);
    if (!entry) return undefined;
    return entry.make ? entry.make(position - entry.start) : entry.turn;
  }

  /**
   * Replaces the turn at the last position with its finished form (a key or `optional()` added),
   * while no call has consumed it. The last copy of a repeat is split off into a turn of its own.
   */
  replaceLast(turn: PlannedTurn): boolean {
    const entry = this.#entries.at(-1);
    if (!entry || entry.played === entry.count) return false;
    if (entry.count === 1) {
      if (turn.key && !entry.turn.key) this.#keyed += 1;
      entry.turn = turn;
      return true;
    }
    entry.count -= 1;
    this.#length -= 1;
    if (entry.turn.key) this.#keyed -= 1;
    this.#push({ start: this.#length, count: 1, played: 0, turn });
    return true;
  }

  /**
   * The position that answers a call: the first keyed turn whose key accepts it (`accepts` is asked
   * once per keyed entry), otherwise the next turn in order. Marks it consumed.
   */
  take(accepts: ((turn: PlannedTurn) => boolean) | undefined): number | undefined {
    if (this.#keyed > 0 && accepts) {
      for (const entry of this.#entries) {
        if (entry.turn.key === undefined || entry.played === entry.count) continue;
        const position = entry.start + entry.played;
        if (accepts(this.at(position) as PlannedTurn)) return this.#consume(entry);
      }
    }
    for (;;) {
      const entry = this.#entries[this.#cursorEntry];
      if (!entry) return undefined;
      if (entry.turn.key === undefined && entry.played < entry.count) return this.#consume(entry);
      this.#cursorEntry += 1;
    }
  }

  #consume(entry: Entry): number {
    entry.played += 1;
    if (entry.turn.key) this.#keyed -= 1;
    return entry.start + entry.played - 1;
  }

  /** The number of turns not consumed yet that must be. */
  get remaining(): number {
    let remaining = 0;
    for (const entry of this.#entries) if (!entry.turn.optional) remaining += entry.count - entry.played;
    return remaining;
  }

  /** The turns not consumed yet that must be; a long run of copies as one line that says how many more. */
  pending(): PendingStep[] {
    const steps: PendingStep[] = [];
    for (const entry of this.#entries) {
      const left = entry.count - entry.played;
      if (left === 0 || entry.turn.optional) continue;
      const first = entry.start + entry.played;
      const listed = left > LISTED_COPIES ? 1 : left;
      for (let position = first; position < first + listed; position += 1) steps.push({ index: position, label: (this.at(position) as PlannedTurn).label });
      if (listed < left) {
        const step = steps.at(-1) as PendingStep;
        steps[steps.length - 1] = { index: step.index, label: `${step.label} … and ${left - listed} more`, more: left - listed };
      }
    }
    return steps;
  }

  #entryAt(position: number): Entry | undefined {
    if (!Number.isInteger(position) || position < 0 || position >= this.#length) return undefined;
    // Entries are in position order: a binary search, since a script of many turns has many entries.
    let low = 0;
    let high = this.#entries.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((this.#entries[middle] as Entry).start <= position) low = middle;
      else high = middle - 1;
    }
    return this.#entries[low];
  }
}
