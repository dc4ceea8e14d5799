/** The candidate closest to `name` by edit distance, if it is close enough to be a likely typo. */
export function closest(name: string, candidates: readonly string[]): string | undefined {
  const [best] = byCloseness(name, candidates);
  const limit = Math.max(2, Math.floor(name.length / 3));
  return best !== undefined && distance(name, best) <= limit ? best : undefined;
}

/** Every candidate, the closest to `name` by edit distance first; equally close ones keep their order. */
export function byCloseness(name: string, candidates: readonly string[]): string[] {
  const ranked = candidates.map((candidate) => ({ candidate, distance: distance(name, candidate) }));
  return ranked.sort((a, b) => a.distance - b.distance).map(({ candidate }) => candidate);
}

function distance(a: string, b: string): number {
  return editDistance(a.toLowerCase(), b.toLowerCase());
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** `"a", "b" and "c"`, or `nothing` for an empty list. */
export function listNames(names: readonly string[]): string {
  const quoted = names.map((name) => `"${name}"`);
  if (quoted.length === 0) return 'nothing';
  if (quoted.length === 1) return quoted[0] as string;
  return `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
}
