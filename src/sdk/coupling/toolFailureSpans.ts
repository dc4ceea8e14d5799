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
 */

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
export function watchToolFailureSpans(copy: SpanClasses, onFailure: (failure: ToolFailureSpan) => void): void {
  for (const SpanClass of [copy.Span, copy.NoopSpan]) {
    if (typeof SpanClass !== 'function') continue;
    const proto = SpanClass.prototype as { setError?: SetError };
    if (!Object.prototype.hasOwnProperty.call(proto, 'setError') || typeof proto.setError !== 'function' || proto.setError[WRAPPED]) continue;
    const original = proto.setError;
    const wrapped: SetError = function (this: unknown, error: unknown) {
      const failure = toolFailureOf(this, error);
      if (failure !== undefined) onFailure(failure);
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
