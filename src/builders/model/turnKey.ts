import type { ModelCall } from '../../fakes/model/call';
import { judge } from '../../fakes/core/predicate';
import { brief } from '../../format/brief';
import { kindOf, misuse, type StepContext } from '../core/stepContext';

// The key of a when() turn: which call it answers, whatever its place in the order.

/** A `when()` key, checked: the newest user text equals a string or matches a RegExp; a predicate accepts by returning `true`. */
export function keyOf(match: unknown, context: StepContext): (call: ModelCall) => boolean {
  if (typeof match === 'string') return (call) => call.userText === match;
  if (match instanceof RegExp) {
    return (call) => {
      match.lastIndex = 0;
      return call.userText !== undefined && match.test(call.userText);
    };
  }
  if (typeof match === 'function') return (call) => judge(match as (call: ModelCall) => boolean, [call]) === undefined;
  throw misuse(context, 'invalid_matcher', `expected the user text, a RegExp, or a predicate on the call; got ${kindOf(match)}.`);
}

export function describeKey(match: string | RegExp | ((call: ModelCall) => boolean)): string {
  return typeof match === 'function' ? match.name || 'fn' : brief(match, 40);
}
