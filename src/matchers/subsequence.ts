/**
 * Where `patterns` occur in `entries` in order, others allowed between them: each pattern takes the
 * first entry after the previous one that fits it. As many positions as patterns when all occur.
 */
export function inOrder<E, P>(entries: readonly E[], patterns: readonly P[], fits: (entry: E, pattern: P) => boolean): number[] {
  const found: number[] = [];
  for (const pattern of patterns) {
    const from = found.length === 0 ? 0 : (found.at(-1) as number) + 1;
    const at = entries.findIndex((entry, index) => index >= from && fits(entry, pattern));
    if (at === -1) break;
    found.push(at);
  }
  return found;
}
