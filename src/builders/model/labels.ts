import { brief } from '../../format/brief';

// Turn labels are made when a message first shows the turn, not while the script is written:
// most turns play without one, and making them was a measurable part of a turn's cost (issue 27).

/** `make`, run once, on the first call. */
export function once(make: () => string): () => string {
  let made: string | undefined;
  return () => (made ??= make());
}

/** `turn(replies(…), calls(…))` for a `turn()`, `thenCalls(get_weather, {…})` for a one-item verb. */
export function itemsLabel(verb: string, labels: readonly (() => string)[], isTurn: boolean): string {
  if (isTurn) return `${verb}(${labels.map((make) => make()).join(', ')})`;
  const only = (labels[0] as () => string)();
  return `${verb}${only.slice(only.indexOf('('))}`;
}

/** `replies("Done")`: an object reply is sent as the JSON it was when written, so its label is made now. */
export function replyLabel(verb: string, text: string | Record<string, unknown>, shown: string): () => string {
  const written = typeof text === 'string' ? undefined : brief(text);
  return once(() => `${verb}(${written ?? brief(text)}${shown})`);
}
