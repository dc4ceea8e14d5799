import type { RunStreamEvent } from '@openai/agents';
import { printExpected } from './matcherUtils';
import { brief } from '../format/brief';
import { collectedEvents, describeStreamEvent } from '../format/streamEvents';
import type { Matcher, MatcherState } from './context';
import { hint, invalidExpected, invalidReceived, listed } from './messages';
import { matchesPartial } from './partial';
import { inOrder } from './subsequence';

/**
 * The streamed run emitted events matching `expected` in this order, others allowed between them.
 * A string names an event by its `type` (`agent_updated_stream_event`), its run-item `name`
 * (`handoff_requested`, `tool_called`) or its raw model event type (`output_text_delta`); an object
 * is a partial match. Received: the events from `streamEvents(result)`, or the result itself.
 */
export const toHaveStreamedEvents: Matcher<[expected: unknown]> = function toHaveStreamedEvents(received, expected) {
  const hintLine = hint(this, 'toHaveStreamedEvents', 'expected');
  if (!Array.isArray(expected) || expected.length === 0 || !expected.every((pattern) => typeof pattern === 'string' || (typeof pattern === 'object' && pattern !== null))) {
    throw invalidExpected(hintLine, 'a non-empty array of event names or partial events', expected);
  }
  const events = eventsOf(received, hintLine);
  const found = inOrder(events, expected, (event, pattern) => fits(this, event, pattern));
  const pass = found.length === expected.length;

  const message = (): string => {
    const lines = [hintLine, '', `Expected: ${pass ? 'not ' : ''}these events in order: ${expected.map((pattern) => printExpected(pattern)).join(' → ')}`];
    if (pass) lines.push('Received: all of them, in order');
    else {
      const missing = expected[found.length];
      const anywhere = events.some((event) => fits(this, event, missing));
      lines.push(
        `Received: ${found.length === 0 ? 'none of them in order' : `the first ${found.length} in order`}; then no ${brief(missing, 60)}` +
          (anywhere ? ' after them (it came earlier)' : ''),
      );
      if (!anywhere) lines.push(...wholeEventHint(this, events, missing));
    }
    lines.push('', `Events of the run:`, ...listed(events.map(describeStreamEvent), 'event', new Set(found)));
    return lines.join('\n');
  };
  return { pass, message };
};

function fits(state: MatcherState, event: RunStreamEvent, pattern: unknown): boolean {
  if (typeof pattern !== 'string') return matchesPartial(state, event, pattern);
  if (event.type === pattern) return true;
  if (event.type === 'run_item_stream_event') return event.name === pattern;
  if (event.type === 'raw_model_stream_event') return (event.data as { type?: unknown }).type === pattern;
  return false;
}

/**
 * A partial event is matched against the whole event, so a model event's own fields go under `data`.
 * When the missing partial fits the `data` of a model event, say so, with the form that matches it.
 */
function wholeEventHint(state: MatcherState, events: readonly RunStreamEvent[], pattern: unknown): string[] {
  if (typeof pattern !== 'object' || pattern === null) return [];
  const index = events.findIndex((event) => event.type === 'raw_model_stream_event' && matchesPartial(state, event.data, pattern));
  if (index < 0) return [];
  return [
    `A partial event is matched against the whole event: ${printExpected(pattern)} fits the data of event ${index + 1}, so write`,
    `{ type: 'raw_model_stream_event', data: ${printExpected(pattern)} }`,
  ];
}

function eventsOf(received: unknown, hintLine: string): readonly RunStreamEvent[] {
  if (Array.isArray(received)) return received as RunStreamEvent[];
  const events = typeof received === 'object' && received !== null ? collectedEvents(received) : undefined;
  if (events) return events;
  throw invalidReceived(hintLine, 'the events of streamEvents(result), or a streamed result it consumed', received);
}
