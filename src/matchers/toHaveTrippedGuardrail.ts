import { printExpected, printReceived } from './matcherUtils';
import type { Matcher } from './context';
import { anotherGuardrail, guardrailNameOf, isOfGuardrail, listGuardrails, readGuardrails } from './guardrailRecord';
import { hint, invalidExpected } from './messages';

/**
 * A guardrail tripped: in a run (an input or output guardrail's tripwire, a tool guardrail that
 * rejected content or threw), or the tripwire error a run rejected with. `guardrail` narrows it to
 * one: an object to that object (not another agent's of the same name), a name to that name;
 * without it, any guardrail counts.
 */
export const toHaveTrippedGuardrail: Matcher<[guardrail?: unknown]> = function toHaveTrippedGuardrail(received, guardrail) {
  const hintLine = hint(this, 'toHaveTrippedGuardrail', guardrail === undefined ? '' : 'guardrail');
  const name = guardrail === undefined ? undefined : guardrailNameOf(guardrail);
  if (guardrail !== undefined && name === undefined) throw invalidExpected(hintLine, 'a guardrail or its name', guardrail, 'Guardrail');
  const { guardrails, from } = readGuardrails(received, hintLine);
  const named = guardrails.flatMap((record, index) => (guardrail === undefined || isOfGuardrail(record, guardrail) ? [index] : []));
  const sameName = guardrails.flatMap((record, index) => (record.name === name && !named.includes(index) ? [index] : []));
  const tripped = named.filter((index) => guardrails[index]?.tripped);
  const pass = tripped.length > 0;
  const what = name === undefined ? 'a guardrail' : `guardrail ${printExpected(name)}`;

  const message = (): string => {
    const lines = [hintLine, '', `Expected: ${what} ${pass ? 'not ' : ''}to trip`];
    if (pass) lines.push(`Received: ${printReceived(guardrails[tripped[0] as number]?.name)} tripped`);
    else if (named.length === 0 && sameName.length > 0) lines.push(`Received: ${anotherGuardrail(sameName.map((index) => guardrails[index]!), printReceived(name))}`);
    else if (named.length === 0) lines.push(`Received: ${name === undefined ? 'no guardrail' : `no guardrail named ${printReceived(name)}`} ran`);
    else lines.push(`Received: ${name === undefined ? 'every guardrail' : printReceived(name)} passed`);
    lines.push('', listGuardrails(guardrails, from, new Set(pass ? tripped : named.length > 0 ? named : sameName)));
    return lines.join('\n');
  };
  return { pass, message };
};
