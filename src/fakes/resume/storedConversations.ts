import { canonicalJson } from '../../format/canonicalJson';
import type { Conversation } from './Conversation';

/**
 * The conversation each stored run state belongs to, for the test that is running. An app keeps a
 * paused run as `state.toString()` between two requests, and `resume()` is handed that string, not
 * the result the conversation hangs on: two resumes of one string (a retried request) are one
 * conversation, so that an approved call run by both, or a call rejected by one and approved by
 * the other, fails as it does when one result is resumed twice. The states a resume leaves paused
 * join its conversation too. A state is known by its content, so the string a database gives back
 * with its keys reordered (Postgres `jsonb`) is the same state — and two paused runs whose states
 * are the same text (scripted runs are deterministic) are one stored state, unless both are resumed
 * as results, which tell them apart. Kept on `globalThis`, like the registry, for the kit's CJS and
 * ESM builds to share; forgotten when a test ends, because two tests that resume one fixture
 * string are two conversations.
 */
interface StoredConversationsState {
  byState: Map<string, { conversation: Conversation; result: object | undefined }>;
}

const KEY = Symbol.for('agents-testkit.storedConversations');
const scope = globalThis as typeof globalThis & { [KEY]?: StoredConversationsState };
const state: StoredConversationsState = (scope[KEY] ??= { byState: new Map() });

/**
 * The conversation a stored state (parsed JSON) belongs to, if a resume of this test saw it. When
 * the state comes as a paused `result`, a conversation another result of the same content started
 * is not its: that is another run.
 */
export function conversationOfStored(stored: unknown, result?: object): Conversation | undefined {
  const known = state.byState.get(canonicalJson(stored));
  if (known === undefined || (result !== undefined && known.result !== undefined && known.result !== result)) return undefined;
  return known.conversation;
}

/** Notes that a stored state (parsed JSON), or the paused `result` it came as, belongs to `conversation`. */
export function rememberStored(stored: unknown, conversation: Conversation, result?: object): void {
  const key = canonicalJson(stored);
  const known = state.byState.get(key);
  state.byState.set(key, { conversation, result: known?.conversation === conversation ? (known.result ?? result) : result });
}

/** Forgets every stored state; the setup entries call it when a test ends. */
export function forgetStoredStates(): void {
  state.byState.clear();
}
