import { canonicalJson } from '../format/canonicalJson';
import type { Conversation } from './Conversation';

/**
 * The conversation each stored run state belongs to, for the test that is running. An app keeps a
 * paused run as `state.toString()` between two requests, and `resume()` is handed that string, not
 * the result the conversation hangs on: two resumes of one string (a retried request) are one
 * conversation, so that an approved call run by both, or a call rejected by one and approved by
 * the other, fails as it does when one result is resumed twice. The states a resume leaves paused
 * join its conversation too. A state is known by its content, so the string a database gives back
 * with its keys reordered (Postgres `jsonb`) is the same state. Kept on `globalThis`, like the
 * registry, for the kit's CJS and ESM builds to share; forgotten when a test ends, because two
 * tests that resume one fixture string are two conversations.
 */
interface StoredConversationsState {
  byState: Map<string, Conversation>;
}

const KEY = Symbol.for('agents-testkit.storedConversations');
const scope = globalThis as typeof globalThis & { [KEY]?: StoredConversationsState };
const state: StoredConversationsState = (scope[KEY] ??= { byState: new Map() });

/** The conversation a stored state (parsed JSON) belongs to, if a resume of this test saw it. */
export function conversationOfStored(stored: unknown): Conversation | undefined {
  return state.byState.get(canonicalJson(stored));
}

/** Notes that a stored state (parsed JSON) belongs to `conversation`. */
export function rememberStored(stored: unknown, conversation: Conversation): void {
  state.byState.set(canonicalJson(stored), conversation);
}

/** Forgets every stored state; the setup entries call it when a test ends. */
export function forgetStoredStates(): void {
  state.byState.clear();
}
