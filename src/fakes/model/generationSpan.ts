import { createGenerationSpan, type ModelRequest, type ModelResponse, type StreamEvent } from '@openai/agents';
import { isNoopTracingParent, modelTracingParent } from '../../sdk/coupling';

/**
 * A scripted model call traced as the SDK's own models trace theirs: one `generation` span under
 * the runner's turn, holding the request's input and the response's output when the run traces
 * data (`tracing: true`). With tracing off (every test without `traces()`) the runner's spans are
 * no-ops, the SDK would hand out a span under them that records nothing, and no span is made at all:
 * a call then costs what the SDK's `ScriptedModel`'s does (bench/README.md, issue 27).
 */
export function isTraced(request: ModelRequest): boolean {
  return Boolean(request.tracing) && !isNoopTracingParent(modelTracingParent(request));
}

function startSpan(request: ModelRequest) {
  const span = createGenerationSpan(undefined, modelTracingParent(request) as Parameters<typeof createGenerationSpan>[1]);
  if (request.tracing === true) span.spanData.input = Array.isArray(request.input) ? (request.input as Record<string, unknown>[]) : [{ role: 'user', content: request.input }];
  span.start();
  return span;
}

/** Marks the span failed, as the SDK's models do, and throws the error on. */
function failed(span: ReturnType<typeof startSpan> | undefined, message: string, error: unknown): never {
  span?.setError({ message, data: { error: String(error) } });
  throw error;
}

/**
 * `getResponse` inside a generation span, for a call `isTraced` says is traced. Callers ask
 * `isTraced` first and call the inner model directly otherwise: no closure per untraced call.
 */
export async function tracedResponse(request: ModelRequest, respond: () => Promise<ModelResponse>): Promise<ModelResponse> {
  const span = startSpan(request);
  try {
    const response = await respond();
    if (span && request.tracing === true) span.spanData.output = response.output as unknown as Record<string, unknown>[];
    return response;
  } catch (error) {
    return failed(span, 'Error getting response', error);
  } finally {
    span?.end();
  }
}

/** `getStreamedResponse` inside a generation span, ended when the stream ends, for a call `isTraced` says is traced. */
export async function* tracedStream(request: ModelRequest, stream: () => AsyncIterable<StreamEvent>): AsyncIterable<StreamEvent> {
  const span = startSpan(request);
  try {
    for await (const event of stream()) {
      if (span && request.tracing === true && event.type === 'response_done') span.spanData.output = event.response.output as unknown as Record<string, unknown>[];
      yield event;
    }
  } catch (error) {
    failed(span, 'Error streaming response', error);
  } finally {
    span?.end();
  }
}
