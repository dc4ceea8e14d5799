/**
 * Two versions of a long string, shown where they differ: both cut to the same window, from a few
 * words before the first difference to a few words after it, so that a prompt that changed after
 * its first 600 characters does not print as two identical beginnings.
 */

/** Characters of shared text shown before the first difference (widened to a word start). */
const BEFORE = 24;
/** Characters shown from the first difference on (widened to a word end), at most. */
const AFTER = 56;

/** `"…in the background. Answer in one sentence."`, and where the window starts (1-based), for each side. */
export interface ChangedText {
  before: string;
  after: string;
  /** The 1-based position of the first character that differs. */
  at: number;
}

/**
 * The window of both strings around their first difference, each JSON-quoted with `…` marking
 * what is cut, or `undefined` when both fit in `width` as they are (then print them whole).
 */
export function changedText(before: string, after: string, width: number): ChangedText | undefined {
  if (JSON.stringify(before).length <= width && JSON.stringify(after).length <= width) return undefined;
  let prefix = 0;
  const shorter = Math.min(before.length, after.length);
  while (prefix < shorter && before[prefix] === after[prefix]) prefix += 1;
  let suffix = 0;
  while (suffix < shorter - prefix && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix += 1;

  let start = Math.max(0, prefix - BEFORE);
  // Start at a word: back to the space before, unless that reaches too far.
  if (start > 0) {
    const space = before.lastIndexOf(' ', start);
    start = space !== -1 && prefix - space <= BEFORE * 2 ? space + 1 : start;
  }
  return { before: windowOf(before, start, before.length - suffix), after: windowOf(after, start, after.length - suffix), at: prefix + 1 };
}

/** `text` from `start` to a little past `changedEnd` (the end of what differs), cut at a word. */
function windowOf(text: string, start: number, changedEnd: number): string {
  let end = Math.min(text.length, Math.max(changedEnd, start + 1) + 16);
  end = Math.min(end, start + BEFORE + AFTER);
  if (end < text.length) {
    // End at a word: on to the next space, or to the end of the text when that is as near.
    const space = text.indexOf(' ', end);
    const next = space === -1 ? text.length : space;
    if (next - end <= 12) end = next;
  }
  const quoted = JSON.stringify(text.slice(start, end));
  return `"${start > 0 ? '…' : ''}${quoted.slice(1, -1)}${end < text.length ? '…' : ''}"`;
}
