import { printExpected } from './matcherUtils';
import { ledgerOf } from '../fakes/core/ledger';
import { describeLifecycleEvent, type LifecycleEvent, type LifecycleView } from '../fakes/lifecycle/events';
import { brief } from '../format/brief';
import type { Matcher, MatcherState } from './context';
import { hint, invalidExpected, invalidReceived, listed } from './messages';
import { matchesPartial } from './partial';
import { inOrder } from './subsequence';

/**
 * The recorder saw these lifecycle events in this order, others between them allowed. A string is
 * the start of an event as messages show it (`'Triage: handoff → Billing'`, `'Expert: tool_start
 * lookup_order'`); an object is a partial event (`{ agent: 'Expert', type: 'tool_end' }`).
 */
export const toHaveLifecycle: Matcher<[expected: unknown]> = function toHaveLifecycle(received, expected) {
  const hintLine = hint(this, 'toHaveLifecycle', 'expected');
  if (!Array.isArray(expected) || expected.length === 0 || !expected.every((pattern) => typeof pattern === 'string' || (typeof pattern === 'object' && pattern !== null))) {
    throw invalidExpected(hintLine, 'a non-empty array of events (strings like "Triage: agent_start", or partial events)', expected);
  }
  const ledger = ledgerOf<LifecycleView>(received);
  if (ledger?.kind !== 'lifecycle') throw invalidReceived(hintLine, 'a lifecycle() recorder', received);
  const { label, events } = ledger.view();
  const found = inOrder(events, expected, (event, pattern) => fits(this, event, pattern));
  const pass = found.length === expected.length;

  const message = (): string => {
    const lines = [hintLine, '', `Expected: ${pass ? 'not ' : ''}these events in order: ${expected.map((pattern) => printExpected(pattern)).join(' → ')}`];
    lines.push(pass ? 'Received: all of them, in order' : `Received: ${found.length === 0 ? 'none of them in order' : `the first ${found.length} in order`}; then no ${brief(expected[found.length], 60)}`);
    lines.push('', events.length === 0 ? `${label} recorded no events.` : `Events ${label} recorded:`, ...listed(events.map(describeLifecycleEvent), 'event', new Set(found)));
    return lines.join('\n');
  };
  return { pass, message };
};

function fits(state: MatcherState, event: LifecycleEvent, pattern: unknown): boolean {
  return typeof pattern === 'string' ? describeLifecycleEvent(event).startsWith(pattern) : matchesPartial(state, event, pattern);
}
