import { TraceProvider } from '@openai/agents';
import { newTraceProvider, takeTraceProviderSlot, type TraceProviderLike } from '../../sdk/coupling';

/** What a recorder hears: the calls a trace processor gets. */
export interface TraceListener {
  traceStarted(trace: unknown): void;
  traceEnded(trace: unknown): void;
  spanStarted(span: unknown): void;
  spanEnded(span: unknown): void;
}

interface TracingState {
  /** The kit's own trace provider: tracing on, the kit's processor its only processor. Made once. */
  provider?: TraceProviderLike;
  listeners: Set<TraceListener>;
  /** Gives the global slot back to the provider that held it (tracing off, its processors untouched). */
  giveBack?: () => void;
}

// Shared by the kit's CJS and ESM builds: one slot, one provider, one set of listeners.
const KEY = Symbol.for('agents-testkit.tracing');
const scope = globalThis as typeof globalThis & { [KEY]?: TracingState };
const state: TracingState = (scope[KEY] ??= { listeners: new Set() });

/**
 * The kit's only trace processor. It hands every trace and span to the recorders listening and
 * exports nothing: no batch, no exporter, no network.
 */
const processor = {
  async onTraceStart(trace: unknown): Promise<void> {
    for (const listener of state.listeners) listener.traceStarted(trace);
  },
  async onTraceEnd(trace: unknown): Promise<void> {
    for (const listener of state.listeners) listener.traceEnded(trace);
  },
  async onSpanStart(span: unknown): Promise<void> {
    for (const listener of state.listeners) listener.spanStarted(span);
  },
  async onSpanEnd(span: unknown): Promise<void> {
    for (const listener of state.listeners) listener.spanEnded(span);
  },
  async shutdown(): Promise<void> {},
  async forceFlush(): Promise<void> {},
};

/**
 * Turns tracing on for `listener`: the SDK's global trace provider (the one the setup entry turned
 * off, holding the SDK's OpenAI exporter and any processor the app added) steps aside for the
 * kit's, whose only processor is the kit's, while any listener listens. Every copy of the SDK
 * finds its provider in the same global slot, so the spans of each are heard.
 */
export function listen(listener: TraceListener): void {
  state.listeners.add(listener);
  if (state.giveBack !== undefined) return;
  if (state.provider === undefined) {
    const provider = newTraceProvider(TraceProvider as unknown as new () => TraceProviderLike);
    provider.setProcessors([processor]);
    provider.setDisabled(false);
    state.provider = provider;
  }
  state.giveBack = takeTraceProviderSlot(state.provider);
}

/** Stops `listener`; when none is left, the SDK's provider (tracing off) is back in its slot. */
export function unlisten(listener: TraceListener): void {
  state.listeners.delete(listener);
  if (state.listeners.size > 0 || state.giveBack === undefined) return;
  const giveBack = state.giveBack;
  state.giveBack = undefined;
  giveBack();
}

/** Whether the kit's trace provider holds the slot now (a spec checks that a recorder ends with its test). */
export function isTracingForRecorders(): boolean {
  return state.giveBack !== undefined;
}
