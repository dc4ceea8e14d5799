import type { RealtimeItem, TransportToolCallEvent } from '@openai/agents/realtime';
import type { ScriptedRealtimeTransport } from '@openai/agents/realtime/testing';
import { nextMacrotask } from './realTimers';
import type { EmitStep } from './realtimeStep';

/** What delivery reports back to the double. */
export interface DeliveryHooks {
  /** A listener threw while an event was delivered: `anchor` says where (`step 3`). */
  listenerFailed(anchor: string, event: string, error: unknown, stepIndex?: number): void;
  /** The macrotask a delivery waited for has come: deliver the next events, if any are due. */
  due(): void;
}

/**
 * When and how the script's events reach the session. The session listens only once
 * `session.connect()` has resolved, so events wait for that (upstream drops them silently). And
 * each step's events wait one macrotask after the call or events before them, so that the
 * session has finished reacting to those (its promise chains have run) before it sees the next:
 * a script written in one chain then reaches the same SDK code paths as one split at
 * `await rt.settled()`. The events inside one step go out back to back, as the server streams
 * one response.
 */
export class EventDelivery {
  readonly #inner: ScriptedRealtimeTransport;
  readonly #hooks: DeliveryHooks;
  /** The session can observe events: connected, and `connect()` has resolved for everyone awaiting it. */
  #ready = false;
  /** Bumped by every connect, close and dropped connection, so that a late readiness check is ignored. */
  #generation = 0;
  #queued = false;

  constructor(inner: ScriptedRealtimeTransport, hooks: DeliveryHooks) {
    this.#inner = inner;
    this.#hooks = hooks;
  }

  get ready(): boolean {
    return this.#ready;
  }

  /** Whether `step` may be delivered now. */
  canDeliver(step: EmitStep): boolean {
    return this.#ready || step.evenIfClosed === true;
  }

  /** A connection is being opened: events wait for it. Returns the connection's generation. */
  beginConnect(): number {
    this.#ready = false;
    return ++this.#generation;
  }

  /** `whenReady` runs once the session can observe events on the connection `opened` opens. */
  readyAfter(opened: Promise<void>, generation: number, whenReady: () => void): Promise<void> {
    return opened.then(() => {
      // The session reads `connect()`'s result in its own continuation and only then accepts
      // events; one macrotask later every such continuation has run.
      nextMacrotask(() => {
        if (generation !== this.#generation || this.#inner.status !== 'connected') return;
        this.#ready = true;
        whenReady();
      });
    });
  }

  /** The connection is closing or dropped: events wait for the next one. Returns how to undo it (a close that failed). */
  closing(): () => void {
    const wasReady = this.#ready;
    this.#generation += 1;
    this.#ready = false;
    return () => {
      if (this.#inner.status === 'connected') this.#ready = wasReady;
    };
  }

  /** Asks for `due()` one macrotask from now (once, however often it is asked). */
  queue(): void {
    if (this.#queued) return;
    this.#queued = true;
    nextMacrotask(() => {
      this.#queued = false;
      this.#hooks.due();
    });
  }

  /** Emits the events of `step` in order; stops at the first listener that throws. */
  deliver(step: EmitStep, index: number): void {
    for (const event of step.events) {
      try {
        if (event.type === 'disconnect') {
          this.closing();
          if (event.hasError) this.#inner.disconnect(event.error);
          else this.#inner.disconnect();
        } else {
          this.#inner.emit(event.name, ...(event.args as never[]));
        }
      } catch (error) {
        this.#hooks.listenerFailed(`step ${index + 1}`, event.type === 'event' ? event.name : 'error', error, index);
        return;
      }
    }
  }

  /** As the SDK's OpenAI transport does, a function call's history item is completed with its output. */
  completeToolItem(toolCall: TransportToolCallEvent, output: string): void {
    if (typeof toolCall.id !== 'string') return;
    const { id, previousItemId, name, arguments: args } = toolCall;
    const item = { itemId: id, ...(previousItemId === undefined ? {} : { previousItemId }), type: 'function_call', status: 'completed', arguments: args, name, output };
    try {
      this.#inner.emit('item_update', item as RealtimeItem);
    } catch (error) {
      this.#hooks.listenerFailed(`delivering the completed item of ${name} ${toolCall.callId}`, 'item_update', error);
    }
  }
}
