/**
 * Where the SDK says a tool failed when it hands the model text instead of throwing. Part of the
 * SDK coupling (see index.ts).
 *
 * A function tool that throws has its `errorFunction` turn the error into the text the model gets
 * (tool.ts `resolveToolFailure`), and the run goes on. With the SDK's default `errorFunction` that
 * text is recognisable (`isSdkToolErrorText`); with the app's own it is any text at all. The one
 * place the failure still shows is the tool's function span: the SDK calls
 * `setError({ message: 'Error running tool (non-fatal)' })` on it before the `errorFunction` runs,
 * on the `NoopSpan` it made when tracing is off as on a recorded `Span`. The span's data names the
 * tool and (unless `traceIncludeSensitiveData` is off) holds the call's arguments.
 *
 * A Realtime session runs its tools outside any span (realtimeSession.ts calls `invokeFunctionTool`
 * with no trace current), so the SDK's `setError` has nothing to mark there: `inToolSpan` gives the
 * session's handling of one tool call a span of its own to mark.
 */
import { getCurrentTrace, NoopSpan, NoopTrace, withTraceContext } from '@openai/agents';

/** The message of a function span's error when the SDK turned the tool's failure into text (tool.ts, runner/toolExecution.ts). */
export const TOOL_FAILURE_SPAN_MESSAGE = 'Error running tool (non-fatal)';

/** A tool failure the SDK noted on a function span: the tool's name, and the call's arguments (`''` when the span holds none). */
export interface ToolFailureSpan {
  readonly tool: string;
  readonly input: string;
}

/** The span classes of one copy of the SDK (`Span` and `NoopSpan`, both exported by `@openai/agents`). */
export interface SpanClasses {
  Span?: unknown;
  NoopSpan?: unknown;
}

const WRAPPED = Symbol.for('agents-testkit.span-set-error');

type SetError = ((this: unknown, error: unknown) => unknown) & { [WRAPPED]?: true };

/**
 * Has `onFailure` told of every tool failure the spans of one copy of the SDK note, for the rest of
 * the process: each class's own `setError` is wrapped once (a copy's classes wrapped again are left
 * as they are). Whatever the span does with the error, it still does.
 */
export function watchToolFailureSpans(copy: SpanClasses, onFailure: (failure: ToolFailureSpan, span: object) => void): void {
  for (const SpanClass of [copy.Span, copy.NoopSpan]) {
    if (typeof SpanClass !== 'function') continue;
    const proto = SpanClass.prototype as { setError?: SetError };
    if (!Object.prototype.hasOwnProperty.call(proto, 'setError') || typeof proto.setError !== 'function' || proto.setError[WRAPPED]) continue;
    const original = proto.setError;
    const wrapped: SetError = function (this: unknown, error: unknown) {
      const failure = toolFailureOf(this, error);
      if (failure !== undefined) onFailure(failure, this as object);
      return original.call(this, error);
    };
    wrapped[WRAPPED] = true;
    proto.setError = wrapped;
  }
}

/** The tool failure a span's error stands for, or `undefined` for any other span or error. */
export function toolFailureOf(span: unknown, error: unknown): ToolFailureSpan | undefined {
  if ((error as { message?: unknown } | null)?.message !== TOOL_FAILURE_SPAN_MESSAGE) return undefined;
  const data = (span as { spanData?: { type?: unknown; name?: unknown; input?: unknown } } | null)?.spanData;
  if (data?.type !== 'function' || typeof data.name !== 'string') return undefined;
  return { tool: data.name, input: typeof data.input === 'string' ? data.input : '' };
}

/**
 * Runs `fn` (which hands the session a tool call) with a no-op function span for `tool` current, in a
 * no-op trace, told to `watch` first: what the session starts from `fn` (the tool's run, with its
 * `errorFunction`) runs under that span, whose `setError` the SDK calls when the tool fails. When the
 * app's own trace is current, `fn` just runs: its spans are left as they are, and the call is not watched.
 * No-op spans and traces record nothing; a run the tool starts inside is as untraced as it was.
 * Every copy of the SDK keeps its trace context in one store on `globalThis`
 * (`Symbol.for('openai.agents.core.asyncLocalStorage')`), so a session of another copy (an app's
 * CommonJS module) runs its tool under this span too (consumers/promises/commonjs-app).
 */
export function inToolSpan(tool: string, watch: (span: object) => void, fn: () => void): void {
  if (getCurrentTrace() !== null) {
    fn();
    return;
  }
  const span = new NoopSpan({ type: 'function', name: tool, input: '', output: '' }, undefined as never);
  watch(span);
  withTraceContext({ trace: new NoopTrace(), span } as never, fn);
}
