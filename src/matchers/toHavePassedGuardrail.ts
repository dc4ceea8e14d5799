import { printExpected, printReceived } from './matcherUtils';
import type { Matcher } from './context';
import { anotherGuardrail, guardrailNameOf, isOfGuardrail, listGuardrails, readGuardrails } from './guardrailRecord';
import { hint, invalidExpected } from './messages';

/** The guardrail ran in the run and did not trip: an object is that object (not another agent's of the same name), a name that name. */
export const toHavePassedGuardrail: Matcher<[guardrail: unknown]> = function toHavePassedGuardrail(received, guardrail) {
  const hintLine = hint(this, 'toHavePassedGuardrail', 'guardrail');
  const name = guardrailNameOf(guardrail);
  if (name === undefined) throw invalidExpected(hintLine, 'a guardrail or its name', guardrail, 'Guardrail');
  const { guardrails, from } = readGuardrails(received, hintLine);
  const named = guardrails.flatMap((record, index) => (isOfGuardrail(record, guardrail) ? [index] : []));
  const sameName = guardrails.flatMap((record, index) => (record.name === name && !named.includes(index) ? [index] : []));
  const passed = named.filter((index) => !guardrails[index]?.tripped);
  // One that tripped too (a tool guardrail on another call) means it did not simply pass.
  const pass = passed.length > 0 && passed.length === named.length;

  const message = (): string => {
    const lines = [hintLine, '', `Expected: guardrail ${printExpected(name)} ${pass ? 'not ' : ''}to run and pass`];
    if (pass) lines.push(`Received: it ran ${named.length === 1 ? 'once' : `${named.length} times`} and passed`);
    else if (named.length === 0 && sameName.length > 0) lines.push(`Received: ${anotherGuardrail(sameName.map((index) => guardrails[index]!), printReceived(name))}`);
    else if (named.length === 0) lines.push(`Received: no guardrail named ${printReceived(name)} ran`);
    else lines.push(`Received: ${printReceived(name)} tripped`);
    lines.push('', listGuardrails(guardrails, from, new Set(named.length > 0 ? named : sameName)));
    return lines.join('\n');
  };
  return { pass, message };
};
