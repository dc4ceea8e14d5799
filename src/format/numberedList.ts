/** A list shows every entry up to this many; a longer one shows its head, its tail and its marked entries. */
export const LISTED_LIMIT = 30;
const HEAD = 10;
const TAIL = 5;
const MARKED = 10;

export interface NumberedListOptions {
  /** Zero-based positions to flag with an arrow (the entries a matcher found, say). */
  marked?: ReadonlySet<number>;
  /** Colours a marked line (a runner's received colour); plain text without it. */
  highlight?: (line: string) => string;
  /** What the entries are, for the gap lines: `tool call` gives `… 12 more tool calls`. */
  noun: string;
  /** The zero-based position each entry is numbered by, when the entries skip some (pending steps); its index otherwise. */
  positions?: readonly number[];
  /** The entries already start with their number (a report's lines, made with `numbered`). */
  prenumbered?: boolean;
}

/** `3. thenReplies("Done.")`: an entry at a zero-based position, numbered from 1. */
export function numbered(position: number, text: string): string {
  return `${position + 1}. ${text}`;
}

/**
 * The numbered lines of a list, the one way every message and report lists calls, steps and
 * writes: `  1. …` per entry, `→ 2. …` for a marked one. A list of thousands of entries would bury
 * the message, so past LISTED_LIMIT it keeps the first ten, the last five and the first ten marked
 * entries, and says how many entries each gap leaves out.
 */
export function numberedList(entries: readonly string[], options: NumberedListOptions): string[] {
  const marked = options.marked ?? new Set<number>();
  const highlight = options.highlight ?? ((line: string) => line);
  const lines: string[] = [];
  let next = 0;
  for (const index of shownIndices(entries.length, marked)) {
    if (index > next) lines.push(gapLine(index - next, options.noun));
    const entry = entries[index] as string;
    const line = options.prenumbered ? entry : numbered(options.positions?.[index] ?? index, entry);
    lines.push(marked.has(index) ? highlight(`→ ${line}`) : `  ${line}`);
    next = index + 1;
  }
  // The tail is always shown, so a gap is only ever before a listed entry.
  return lines;
}

function gapLine(count: number, noun: string): string {
  return `  … ${count} more ${noun}${count === 1 ? '' : 's'}`;
}

/** The positions a list of `count` entries shows: all up to LISTED_LIMIT, else its head, its tail and its first marked ones (so a caller can word only those). */
export function shownIndices(count: number, marked: ReadonlySet<number>): number[] {
  if (count <= LISTED_LIMIT) return Array.from({ length: count }, (_, index) => index);
  const shown = new Set<number>();
  for (let index = 0; index < HEAD; index++) shown.add(index);
  for (let index = count - TAIL; index < count; index++) shown.add(index);
  [...marked].sort((a, b) => a - b).slice(0, MARKED).forEach((index) => shown.add(index));
  return [...shown].sort((a, b) => a - b);
}
