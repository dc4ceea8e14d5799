import { printExpected, printReceived } from './matcherUtils';
import { closest } from '../format/closest';
import type { Matcher } from './context';
import { hint, invalidExpected, listed } from './messages';
import { agentNameOf, isHandoffTo, readRun, type HandoffRecord } from './runRecord';

/** The run handed off to `agent` (the agent, the SDK's `Handoff`, or the agent's name). */
export const toHaveHandedOffTo: Matcher<[agent: unknown]> = function toHaveHandedOffTo(received, agent) {
  const hintLine = hint(this, 'toHaveHandedOffTo', 'agent');
  const name = agentNameOf(agent);
  if (name === undefined) throw invalidExpected(hintLine, 'an agent, a handoff() or an agent name', agent, 'Agent');
  const { handoffs } = readRun(received, hintLine);
  const matching = handoffs.flatMap((handoff, index) => (isHandoffTo(handoff, agent) ? [index] : []));
  const pass = matching.length > 0;

  const message = (): string => {
    const lines = [hintLine, '', `Expected: ${pass ? 'no handoff' : 'a handoff'} to ${printExpected(name)}`];
    if (pass) {
      lines.push(`Received: handoff ${(matching[0] as number) + 1} went to ${printReceived(name)}`);
    } else {
      const suggestion = closest(name, handoffs.map((handoff) => handoff.to));
      const namesake = handoffs.some((handoff) => handoff.to === name);
      lines.push(
        handoffs.length === 0
          ? 'Received: the run made no handoffs'
          : namesake
            ? `Received: a handoff to another agent named ${printReceived(name)}, not this agent object`
            : `Received: no handoff to ${printReceived(name)}${suggestion ? ` (did you mean ${printReceived(suggestion)}?)` : ''}`,
      );
    }
    if (handoffs.length > 0) lines.push('', listHandoffs(handoffs, new Set(matching)));
    return lines.join('\n');
  };
  return { pass, message };
};

function listHandoffs(handoffs: readonly HandoffRecord[], marked: ReadonlySet<number>): string {
  const entries = handoffs.map((handoff) => `${handoff.from ?? '?'} → ${handoff.to}${handoff.toolName ? ` (${handoff.toolName})` : ''}`);
  return ['Handoffs of the run:', ...listed(entries, 'handoff', marked)].join('\n');
}
