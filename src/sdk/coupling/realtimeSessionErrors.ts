/**
 * Where a Realtime session reports the failures it swallows. Part of the SDK coupling (see index.ts).
 *
 * A `RealtimeSession` catches what fails while it handles the transport's events (a tool call of a
 * tool it does not know, a tool that throws with no `errorFunction`, an output guardrail or a
 * history update that throws, a send that throws) and emits it as an `error` event, `{ type:
 * 'error', error }`, passing the transport's own `error` events on as they came; then it carries
 * on. Only its listeners hear them, and an app that logs them leaves a test passing. Every one of
 * them goes through the session's `emit('error', …)` (realtimeSession.ts), and the session exposes
 * its transport (`session.transport`): wrapping `emit` on the class's prototype tells the
 * transport of each error, whether anything listens or not.
 */

/** The method a transport has when it wants to hear the errors of the session it serves. */
export const HEARS_SESSION_ERRORS = Symbol.for('agents-testkit.realtime-session-errors');

/** A transport that hears its session's errors: called with each `error` event, before the session's listeners. */
export interface SessionErrorHearer {
  [HEARS_SESSION_ERRORS](event: unknown): void;
}

const WRAPPED = Symbol.for('agents-testkit.realtime-session-emit');

type Emit = ((this: unknown, name: unknown, ...args: unknown[]) => boolean) & { [WRAPPED]?: true };

/**
 * Has every session of `RealtimeSession` (one copy of the SDK's class) tell its transport of each
 * `error` it emits, for the rest of the process. Wrapped once per class; what `emit` does, it still does.
 */
export function hearSessionErrorsOf(RealtimeSession: unknown): void {
  if (typeof RealtimeSession !== 'function') return;
  const proto = RealtimeSession.prototype as { emit?: Emit };
  const original = proto.emit;
  if (typeof original !== 'function' || original[WRAPPED]) return;
  const wrapped: Emit = function (this: unknown, name: unknown, ...args: unknown[]) {
    if (name === 'error') transportOf(this)?.[HEARS_SESSION_ERRORS](args[0]);
    return original.call(this, name, ...args);
  };
  wrapped[WRAPPED] = true;
  proto.emit = wrapped;
}

/** Whether `session`'s errors reach its transport (its class was wrapped by `hearSessionErrorsOf`). */
export function sessionErrorsHeard(session: unknown): boolean {
  return (session as { emit?: Emit } | null)?.emit?.[WRAPPED] === true;
}

function transportOf(session: unknown): SessionErrorHearer | undefined {
  let transport: unknown;
  try {
    transport = (session as { transport?: unknown }).transport;
  } catch {
    // A session that emits before its constructor set the transport has none to tell.
    return undefined;
  }
  return typeof (transport as Partial<SessionErrorHearer> | null)?.[HEARS_SESSION_ERRORS] === 'function' ? (transport as SessionErrorHearer) : undefined;
}
