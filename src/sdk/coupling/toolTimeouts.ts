/**
 * Where the SDK says a tool timed out when the tool's own `timeoutErrorFunction` hands the model
 * text instead. Part of the SDK coupling (see index.ts).
 *
 * A function tool with `timeoutMs` that takes longer is cut off, and the SDK hands the model the
 * text of the tool's `timeoutErrorFunction` (or its own "Tool '…' timed out after …ms.", which the
 * kit recognises): the run goes on, and the SDK marks no span. The function is read off the tool
 * object each time a call is invoked (tool.ts `invokeFunctionTool`, for a run's calls and a
 * Realtime session's alike), and every tool a run or a session offers comes from its agent's
 * `getAllTools()` (toolsOffered.ts): the kit wraps each tool's function as it is offered, to be
 * told of the timeout first.
 */
import { getCurrentSpan } from '@openai/agents';
import type { ToolFailureSpan } from './toolFailureSpans';
import { onToolsOffered } from './toolsOffered';

const WRAPPED = Symbol.for('agents-testkit.tool-timeouts');

type Marked<F> = F & { [WRAPPED]?: true };
type TimeoutErrorFunction = (this: unknown, context: unknown, error: unknown, details?: { toolCall?: { arguments?: unknown } }) => unknown;

/**
 * Has `onTimeout` told of every call a tool of one copy of the SDK's `Agent` class answers with its
 * own `timeoutErrorFunction`, for the rest of the process: the tool's name and the call's arguments
 * (`''` when the SDK gives none), and the span current as the function runs (the run's function
 * span, or the one `inToolSpan` handed a Realtime session's call under; every copy keeps its trace
 * context in one store). What the function returns, the model still gets.
 */
export function watchToolTimeouts(Agent: unknown, onTimeout: (failure: ToolFailureSpan, span: object | null) => void): void {
  onToolsOffered(Agent, WRAPPED, (tools) => {
    for (const tool of tools) wrapTimeoutErrorFunction(tool, onTimeout);
  });
}

function wrapTimeoutErrorFunction(tool: unknown, onTimeout: (failure: ToolFailureSpan, span: object | null) => void): void {
  const own = tool as { type?: unknown; name?: unknown; timeoutErrorFunction?: Marked<TimeoutErrorFunction> } | null;
  const original = own?.timeoutErrorFunction;
  if (own?.type !== 'function' || typeof own.name !== 'string' || typeof original !== 'function' || original[WRAPPED]) return;
  const name = own.name;
  const wrapped: Marked<TimeoutErrorFunction> = function (this: unknown, context, error, details) {
    const input = details?.toolCall?.arguments;
    onTimeout({ tool: name, input: typeof input === 'string' ? input : '' }, getCurrentSpan());
    return original.call(this, context, error, details);
  };
  wrapped[WRAPPED] = true;
  own.timeoutErrorFunction = wrapped;
}
