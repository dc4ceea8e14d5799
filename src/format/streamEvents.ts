import type { RunStreamEvent } from '@openai/agents';
import { brief } from './brief';

/**
 * Every event a streamed run emitted, kept per result by `streamEvents()` so matchers can read them
 * later; on `globalThis`, because the kit may be loaded twice in one test file (its CJS and ESM builds).
 */
const KEY = Symbol.for('agents-testkit.stream-events');
const scope = globalThis as typeof globalThis & { [KEY]?: WeakMap<object, readonly RunStreamEvent[]> };
const collected = (scope[KEY] ??= new WeakMap());

/**
 * Consumes a streamed run (`run(agent, input, { stream: true })`) and returns every event it
 * emitted, in order, once the run has finished; the result keeps them for
 * `expect(result).toHaveStreamedEvents([...])`. Bounded by the run: it ends when the stream does.
 */
export async function streamEvents(result: AsyncIterable<RunStreamEvent> & { completed?: Promise<unknown> }): Promise<readonly RunStreamEvent[]> {
  if (typeof result !== 'object' || result === null || typeof (result as AsyncIterable<unknown>)[Symbol.asyncIterator] !== 'function') {
    throw new TypeError(`streamEvents() takes a streamed run result (run(agent, input, { stream: true })); got ${brief(result, 60)}.`);
  }
  const events: RunStreamEvent[] = [];
  for await (const event of result) events.push(event);
  await result.completed;
  const frozen = Object.freeze(events);
  collected.set(result, frozen);
  return frozen;
}

/** The events `streamEvents()` collected for a result, or `undefined`. */
export function collectedEvents(result: object): readonly RunStreamEvent[] | undefined {
  return collected.get(result);
}

/** `run_item_stream_event tool_called get_weather`, `raw_model_stream_event output_text_delta "Hel"`: one event in a line. */
export function describeStreamEvent(event: RunStreamEvent): string {
  switch (event.type) {
    case 'run_item_stream_event': {
      const raw = event.item.rawItem as { name?: unknown; type?: unknown };
      const name = typeof raw.name === 'string' ? ` ${raw.name}` : '';
      return `${event.type} ${event.name}${name}`;
    }
    case 'agent_updated_stream_event':
      return `${event.type} ${event.agent.name}`;
    case 'raw_model_stream_event': {
      const data = event.data as { type?: unknown; delta?: unknown };
      return `${event.type} ${String(data.type)}${typeof data.delta === 'string' ? ` ${brief(data.delta, 30)}` : ''}`;
    }
    default:
      return brief(event, 60);
  }
}
