import type { UsageInput } from '@openai/agents';
import type { PlannedItem } from '../../fakes/model/turn';
import { brief } from '../../format/brief';

// Turn labels are made when a message first shows the turn, not while the script is written:
// most turns play without one, and making them was a measurable part of a turn's cost (issue 27).

/** `turn(replies(…), calls(…))` for a `turn()`, `thenCalls(get_weather, {…})` for a one-item verb. */
export function itemsLabel(verb: string, labels: readonly (() => string)[], isTurn: boolean): string {
  if (isTurn) return `${verb}(${labels.map((make) => make()).join(', ')})`;
  const only = (labels[0] as () => string)();
  return `${verb}${only.slice(only.indexOf('('))}`;
}

/**
 * `replies("Done")`, the text cut to `width`: an object reply is sent as the JSON it was when
 * written, so its label is made now.
 */
export function replyLabel(verb: string, text: string | Record<string, unknown>, shown = '', width?: number): () => string {
  if (typeof text !== 'string') {
    const written = `${verb}(${brief(text, width)}${shown})`;
    return () => written;
  }
  return () => `${verb}(${brief(text, width)}${shown})`;
}

/**
 * A turn of output items whose label is made when first read. A class rather than an object literal
 * with a `label` getter: the literal made a getter closure per turn and took V8's slow path, more
 * so with the optional fields spread in. The optional fields are set only when the turn has them.
 */
export class OutputTurn {
  readonly kind = 'output';
  readonly items: readonly PlannedItem[];
  declare usage?: UsageInput;
  declare fixedIds?: boolean;
  declare deltas?: readonly string[];
  #label: string | (() => string);

  /** The optional fields as arguments, not an object of them: an object literal per turn written. */
  constructor(items: readonly PlannedItem[], label: () => string, usage?: UsageInput, fixedIds?: boolean, deltas?: readonly string[]) {
    this.items = items;
    this.#label = label;
    if (usage) this.usage = usage;
    if (fixedIds) this.fixedIds = true;
    if (deltas) this.deltas = deltas;
  }

  get label(): string {
    if (typeof this.#label !== 'string') this.#label = this.#label();
    return this.#label;
  }
}
