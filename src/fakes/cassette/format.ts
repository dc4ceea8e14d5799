/**
 * What the recordings registry (src/fakes/cassette/recordings.ts) needs to know of a kind of
 * recording file: `cassette()` files of model calls, `mcpCassette()` files of MCP exchanges. Both
 * keep one conversation per test, by name, under `conversations`.
 */
/** The conversation of a file of version 1 (one recording, no names), or of a recording made outside a test. */
export const DEFAULT_CONVERSATION = 'default';

export interface RecordingFormat<C> {
  /** Reads a file's text (an older version migrated): its conversations, or why it cannot. */
  parse(text: string): { ok: true; conversations: Readonly<Record<string, C>> } | { ok: false; problem: string };
  /** The text of a file holding these conversations. */
  text(conversations: Readonly<Record<string, C>>): string;
  /**
   * What a conversation holds, as the subject of a sentence ("The 2 calls it recorded"), with
   * whether it is plural; `undefined` when it holds nothing worth keeping.
   */
  kept(conversation: C): { subject: string; plural: boolean } | undefined;
  /** The models a conversation's responses name, for its provenance (none for MCP recordings). */
  models?(conversation: C): string[];
}

/**
 * `conversations` with `name` set to `value`. Written as a computed key of a literal (a data
 * property), never assigned: a conversation named `__proto__` is kept like any other.
 */
export function withConversation<C>(conversations: Readonly<Record<string, C>>, name: string, value: C): Record<string, C> {
  return { ...conversations, [name]: value };
}

/** `conversations` without `name`. */
export function withoutConversation<C>(conversations: Readonly<Record<string, C>>, name: string): Record<string, C> {
  const copy = { ...conversations };
  delete copy[name];
  return copy;
}

/** The conversation named `name`, only when the file holds it itself (never one of `Object.prototype`'s keys). */
export function conversationOf<C>(conversations: Readonly<Record<string, C>>, name: string): C | undefined {
  return Object.hasOwn(conversations, name) ? conversations[name] : undefined;
}
