import { getCurrentTrace } from '@openai/agents';

/**
 * What the SDK's trace provider leaves on the process. Part of the SDK coupling (see index.ts).
 */

/**
 * The `unhandledRejection` listeners of the SDK's trace provider on `target`. The provider adds one
 * when it is made (turning tracing off makes it), to flush traces and exit when no one else
 * listens. Vitest takes any listener besides its own as the app handling rejections itself, and
 * then fails no test on an unhandled rejection. Found by what the listener logs (tracing/provider.ts).
 */
export function sdkRejectionListeners(target: NodeJS.Process): ((...args: unknown[]) => unknown)[] {
  return target.listeners('unhandledRejection').filter((listener) => SDK_REJECTION_LISTENER.test(Function.prototype.toString.call(listener))) as ((...args: unknown[]) => unknown)[];
}

// `process.on('unhandledRejection', async (reason, promise) => { logModelAndToolActionError(logger, 'Unhandled rejection', …); await cleanup(); … })`.
const SDK_REJECTION_LISTENER = /['"]Unhandled rejection['"][\s\S]*cleanup\(\)/;

/**
 * Where every copy of the SDK finds its trace provider: `getGlobalTraceProvider()` reads this
 * global slot on each call (tracing/provider.ts), so a provider put there is the one every span
 * and trace of every copy (CJS and ESM) is made by, until the slot is given back.
 */
const TRACE_PROVIDER_SLOT = Symbol.for('openai.agents.core.traceProvider');

/** What the kit asks of a trace provider: the public methods of the SDK's `TraceProvider`. */
export interface TraceProviderLike {
  setProcessors(processors: unknown[]): void;
  setDisabled(disabled: boolean): void;
}

/** The provider in the global slot now (the SDK makes one on first use; the setup entry's `setTracingDisabled` did). */
export function currentTraceProvider(): TraceProviderLike | undefined {
  return (globalThis as Record<symbol, unknown>)[TRACE_PROVIDER_SLOT] as TraceProviderLike | undefined;
}

/**
 * Puts `provider` in the global slot and returns what puts the one there before back. The
 * provider it replaces is left as it was (its processors, the OpenAI exporter among them, and its
 * disabled state): it hears nothing while the slot holds another.
 */
export function takeTraceProviderSlot(provider: TraceProviderLike): () => void {
  const holder = globalThis as Record<symbol, unknown>;
  const had = Object.prototype.hasOwnProperty.call(holder, TRACE_PROVIDER_SLOT);
  const before = holder[TRACE_PROVIDER_SLOT];
  holder[TRACE_PROVIDER_SLOT] = provider;
  return () => {
    if (holder[TRACE_PROVIDER_SLOT] !== provider) return;
    if (had) holder[TRACE_PROVIDER_SLOT] = before;
    else delete holder[TRACE_PROVIDER_SLOT];
  };
}

const PROVIDER_EVENTS = ['beforeExit', 'SIGINT', 'SIGTERM', 'unhandledRejection'] as const;

/**
 * A new trace provider of the SDK's own class (the class of the one in the slot, so of whichever
 * copy made it), without the process listeners its constructor adds (see `sdkRejectionListeners`:
 * one would make Vitest pass every unhandled rejection as handled).
 */
export function newTraceProvider(fallback: new () => TraceProviderLike): TraceProviderLike {
  const current = currentTraceProvider();
  const Provider = (current?.constructor ?? fallback) as new () => TraceProviderLike;
  const events = process as unknown as { listeners(event: string): Function[]; off(event: string, listener: Function): void };
  const before = new Map(PROVIDER_EVENTS.map((event) => [event, new Set(events.listeners(event))]));
  const provider = new Provider();
  for (const event of PROVIDER_EVENTS) {
    for (const listener of events.listeners(event)) if (!before.get(event)?.has(listener)) events.off(event, listener);
  }
  return provider;
}

/** One span as the SDK hands it to a trace processor, read through its public getters. */
export interface SdkSpanRead {
  id: string;
  traceId: string;
  parentId: string | null;
  data: Record<string, unknown> & { type: string };
  error: { message: string; data?: Record<string, unknown> } | null;
}

/** The fields of a span a processor receives (`Span` of tracing/spans.ts). */
export function readSpan(span: unknown): SdkSpanRead {
  const s = span as { spanId: string; traceId: string; parentId?: string | null; spanData: SdkSpanRead['data']; error?: SdkSpanRead['error'] };
  return { id: s.spanId, traceId: s.traceId, parentId: s.parentId ?? null, data: s.spanData, error: s.error ?? null };
}

/** The fields of a trace a processor receives (`Trace` of tracing/traces.ts). */
export function readTrace(trace: unknown): { id: string; name: string; groupId: string | null; metadata: Record<string, unknown> } {
  const t = trace as { traceId: string; name: string; groupId?: string | null; metadata?: Record<string, unknown> };
  return { id: t.traceId, name: t.name, groupId: t.groupId ?? null, metadata: t.metadata ?? {} };
}

/**
 * The span a model call belongs under, as the runner hands it to models in `request._internal`
 * (the SDK's own models read it there for a streamed call, openaiChatCompletionsModel.ts);
 * `undefined` leaves it to the current span.
 */
export function modelTracingParent(request: unknown): unknown {
  return (request as { _internal?: { tracingParent?: unknown } } | null)?._internal?.tracingParent;
}

/**
 * Whether a model call's tracing parent (`modelTracingParent`) is the SDK's no-op span: with tracing
 * off the runner's agent and turn spans are `NoopSpan`s (id `no-op`), and the trace provider then
 * makes every span under them a `NoopSpan` too (tracing/provider.ts `createSpan`), which records
 * nothing. A model may then skip making one. `false` when there is no parent: the SDK reads the
 * current span then.
 */
export function isNoopTracingParent(parent: unknown): boolean {
  if (typeof parent !== 'object' || parent === null) return false;
  const span = parent as { spanId?: unknown; traceId?: unknown };
  return span.spanId === NOOP_ID || span.traceId === NOOP_ID;
}

/** The id the SDK gives no-op traces and spans (tracing/utils.ts `NOOP_TRACE_OR_SPAN_ID`). */
const NOOP_ID = 'no-op';

/**
 * Whether the calling code runs under a run of some copy of the SDK: every run sets a trace current
 * (a no-op one when tracing is off), and every copy keeps its trace context in one store on
 * `globalThis` (`Symbol.for('openai.agents.core.asyncLocalStorage')`), so a run of a copy the kit
 * never met shows here too. A test that calls a model itself runs under none.
 */
export function inSomeSdkRun(): boolean {
  return getCurrentTrace() !== null;
}
