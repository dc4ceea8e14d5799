import type { RealtimeItem, TransportToolCallEvent } from '@openai/agents/realtime';
import type { ScriptedRealtimeTransport } from '@openai/agents/realtime/testing';
import { inToolSpan } from '../../sdk/coupling';
import { noteActivity } from '../core/activity';
import { watchToolSpan, type ToolFailureKind } from '../core/toolFailures';
import type { Ledger } from '../core/ledger';
import { afterMicrotasks, nextMacrotask } from '../core/realTimers';
import { listenerFailed, notOffered, offeredAfterAll, type MismatchWords } from './matching';
import type { RealtimePlan } from './plan';
import type { SessionConfigView } from './sessionConfig';
import type { Settling } from './settling';
import type { EmitStep } from './step';

/**
 * When and how the script's events reach the session. The session listens only once
 * `session.connect()` has resolved, so events wait for that (upstream drops them silently). And
 * each step's events wait, after the call or events before them, until the microtask queue is
 * empty, so that the session has finished reacting to those (its promise chains have run) before it sees the next:
 * a script written in one chain then reaches the same SDK code paths as one split at
 * `await rt.settled()`. The events inside one step go out back to back, as the server streams
 * one response.
 */
export class EventDelivery {
  readonly #inner: ScriptedRealtimeTransport;
  readonly #plan: RealtimePlan;
  readonly #config: SessionConfigView;
  readonly #ledger: Ledger<unknown>;
  readonly #settling: Settling;
  /** How the tool of a call failed, by the call's keys (the SDK turned the failure into the output it sends). */
  readonly #failedCalls = new Map<string, ToolFailureKind>();
  /** The session can observe events: connected, and `connect()` has resolved for everyone awaiting it. */
  #ready = false;
  /** Bumped by every connect, close and dropped connection, so that a late readiness check is ignored. */
  #generation = 0;
  #queued = false;

  // Delivery plays the events itself; it reads the plan and the config and reports to the ledger and the waits.
  constructor(inner: ScriptedRealtimeTransport, plan: RealtimePlan, config: SessionConfigView, ledger: Ledger<unknown>, settling: Settling) {
    this.#inner = inner;
    this.#plan = plan;
    this.#config = config;
    this.#ledger = ledger;
    this.#settling = settling;
  }

  /** A connection is being opened: events wait for it. Returns the connection's generation. */
  beginConnect(): number {
    this.#ready = false;
    return ++this.#generation;
  }

  /** The events due go out once the session can observe them on the connection `opened` opens. */
  readyAfter(opened: Promise<void>, generation: number): Promise<void> {
    return opened.then(() => {
      // The session reads `connect()`'s result in its own continuation and only then accepts
      // events; one macrotask later every such continuation has run.
      nextMacrotask(() => {
        if (generation !== this.#generation || this.#inner.status !== 'connected') return;
        this.#ready = true;
        this.#deliverDue();
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

  /** A step was played (or appended): if events are next and may go, they go once the session's promise chains have run. */
  release(): void {
    const step = this.#plan.current;
    if (step?.kind !== 'emit' || !this.#canDeliver(step) || this.#queued) return;
    this.#queued = true;
    afterMicrotasks(this.#deliverQueued);
  }

  /** What a release runs once the microtasks have run; made once, not per step. */
  readonly #deliverQueued = (): void => {
    this.#queued = false;
    this.#deliverDue();
  };

  /** As the SDK's OpenAI transport does, a function call's history item is completed with its output. */
  completeToolItem(toolCall: TransportToolCallEvent, output: string): void {
    if (typeof toolCall.id !== 'string') return;
    const { id, previousItemId, name, arguments: args } = toolCall;
    const item = { itemId: id, ...(previousItemId === undefined ? {} : { previousItemId }), type: 'function_call', status: 'completed', arguments: args, name, output };
    try {
      this.#inner.emit('item_update', item as RealtimeItem);
    } catch (error) {
      this.#failed(listenerFailed(`delivering the completed item of ${name} ${toolCall.callId}`, 'item_update', error, this.#ledger.callCount));
    }
  }

  #canDeliver(step: EmitStep): boolean {
    return this.#ready || step.evenIfClosed === true;
  }

  #deliverDue(): void {
    const step = this.#plan.current;
    if (step?.kind === 'emit' && this.#canDeliver(step)) {
      const index = this.#plan.cursor;
      // Played as delivery starts: the session's reactions to these events are calls of the steps after them.
      this.#plan.advance();
      const drift = this.#callDrift(step, index);
      if (drift) this.#ledger.mismatch(drift);
      else this.#emit(step, index);
      this.release();
    }
    this.#settling.notify();
  }

  /** Emits the events of `step` in order; stops at the first listener that throws. */
  #emit(step: EmitStep, index: number): void {
    // The session reacts to these events later (a tool it runs sends its output once done): the end of a file waits for that.
    noteActivity();
    for (const event of step.events) {
      try {
        if (event.type === 'disconnect') {
          this.closing();
          if (event.hasError) this.#inner.disconnect(event.error);
          else this.#inner.disconnect();
        } else {
          const { name, args } = event;
          if (name === 'function_call') this.#callTool(args[0] as TransportToolCallEvent);
          // Most events carry one argument: passed as it is, without spreading a copy.
          else if (args.length === 1) this.#inner.emit(name, args[0] as never);
          else this.#inner.emit(name, ...(args as never[]));
        }
      } catch (error) {
        this.#ledger.mismatch(listenerFailed(`step ${index + 1}`, event.type === 'event' ? event.name : 'error', error, this.#ledger.callCount, index));
        return;
      }
    }
  }

  /** How the tool of this call failed, if it did: the output the session sends for it is the text the app's function made of the failure. */
  toolFailure(toolCall: TransportToolCallEvent): ToolFailureKind | undefined {
    for (const key of callKeys(toolCall)) {
      const how = this.#failedCalls.get(key);
      if (how !== undefined) return how;
    }
    return undefined;
  }

  /**
   * Hands the session a tool call under a function span of its own, which the SDK marks when the
   * tool fails, as it marks a run's: a Realtime session runs its tools outside any span, so a tool's
   * own `errorFunction` text would otherwise look like an answer. (A run the tool starts makes its
   * own trace all the same: the runner takes a no-op trace for none.) Not under the app's own trace.
   */
  #callTool(toolCall: TransportToolCallEvent): void {
    const emit = (): void => void this.#inner.emit('function_call', toolCall);
    inToolSpan(toolCall.name, (span) => watchToolSpan(span, (how) => callKeys(toolCall).forEach((key) => this.#failedCalls.set(key, how))), emit);
  }

  /** A scripted model call the agent's tools contradict: upstream would answer "not found" (or run a tool the script means to be missing). */
  #callDrift(step: EmitStep, index: number): MismatchWords | undefined {
    const offered = this.#config.offered;
    if (!step.calls || offered === undefined) return undefined;
    for (const call of step.calls) {
      const isOffered = offered.includes(call.name);
      if (call.offered && !isOffered) return notOffered(step, index, call, offered, this.#ledger.callCount);
      if (!call.offered && isOffered) return offeredAfterAll(step, index, call, this.#ledger.callCount);
    }
    return undefined;
  }

  #failed(words: MismatchWords): void {
    this.#ledger.mismatch(words);
    this.#settling.notify();
  }
}

/** A call's id and its item's: a call the server sent without an id, the session answers by its item id. */
function callKeys(toolCall: TransportToolCallEvent): string[] {
  const keys = toolCall.callId ? [toolCall.callId] : [];
  if (typeof toolCall.id === 'string' && toolCall.id !== '') keys.push(`item:${toolCall.id}`);
  return keys;
}
