const DEFAULT_WIDTH = 72;

/** Cuts `text` to `width` characters, marking the cut with an ellipsis. */
export function truncate(text: string, width = DEFAULT_WIDTH): string {
  return text.length <= width ? text : `${text.slice(0, width - 1)}…`;
}

/** A one-line, JSON-like rendering of a value for messages: `{"city":"Tokyo"}`, `"Paris…"`. */
export function brief(value: unknown, width = DEFAULT_WIDTH): string {
  return truncate(oneLine(value), width);
}

function oneLine(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'function') return value.name ? `[Function ${value.name}]` : '[Function]';
  if (typeof value === 'bigint') return `${value}n`;
  // JSON would print NaN and ±Infinity as null.
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  if (typeof value === 'symbol') return value.toString();
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (value instanceof RegExp) return String(value);
  if (isAsymmetricMatcher(value)) return asymmetricName(value);
  try {
    const json = JSON.stringify(value, (_key, inner: unknown) =>
      isAsymmetricMatcher(inner) ? asymmetricName(inner) : typeof inner === 'bigint' ? `${inner}n` : inner,
    );
    return json ?? String(value);
  } catch {
    return String(value);
  }
}

/** Both runners mark asymmetric matchers (`expect.any(String)`) with this symbol. */
const ASYMMETRIC = Symbol.for('jest.asymmetricMatcher');

export function isAsymmetricMatcher(value: unknown): value is { asymmetricMatch(other: unknown): boolean } {
  return (
    typeof value === 'object' &&
    value !== null &&
    ((value as { $$typeof?: unknown }).$$typeof === ASYMMETRIC ||
      typeof (value as { asymmetricMatch?: unknown }).asymmetricMatch === 'function')
  );
}

function asymmetricName(value: object): string {
  const described = (value as { toString?: () => string }).toString?.();
  return described && described !== '[object Object]' ? described : 'AsymmetricMatcher';
}

/** A property name as code writes it: bare when it is an identifier, quoted otherwise. */
export function propertyKey(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : jsString(name);
}

/** A single-quoted JavaScript string literal. */
export function jsString(text: string): string {
  return `'${JSON.stringify(text).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}
