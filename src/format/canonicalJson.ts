/** A value's JSON with every object's keys sorted: one text for every key order. */
export function canonicalJson(value: unknown): string {
  return (
    JSON.stringify(value, (_key, inner: unknown) =>
      typeof inner === 'object' && inner !== null && !Array.isArray(inner)
        ? Object.fromEntries(Object.keys(inner).sort().map((key) => [key, (inner as Record<string, unknown>)[key]]))
        : inner,
    ) ?? 'undefined'
  );
}

/** Equal as JSON, whatever the key order (and whichever realm made the objects, unlike `isDeepStrictEqual`). */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}
