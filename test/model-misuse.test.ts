import { Agent } from '@openai/agents';
import { model, ScriptError } from 'agents-testkit';
import { describe, expect, getWeather, test, thrownBy } from './support';

const billing = new Agent({ name: 'Billing' });

// These scripts are written only to be rejected, so they stay out of the after-each check.
const quiet = () => model({ verify: false });

function misuse(write: () => unknown) {
  const error = thrownBy(write);
  expect(error).toBeInstanceOf(ScriptError);
  const { reason, stepIndex, double, message } = error as ScriptError;
  return { reason, stepIndex, double, message };
}

describe('model() rejects misuse where it is written', () => {
  test.each([
    ['an empty tool name', () => quiet().calls('', {}), 'empty_tool_name', 0],
    ['a tool that is not a tool', () => quiet().replies('a').calls(42 as unknown as string, {}), 'invalid_tool', 1],
    ['a hosted tool', () => quiet().calls({ type: 'hosted_tool', name: 'web_search' } as unknown as string, {}), 'invalid_tool', 0],
    ['arguments that are not an object', () => quiet().calls('t', [1, 2] as never), 'invalid_arguments', 0],
    ['arguments that are not serializable', () => quiet().calls('t', { n: 1n } as never), 'invalid_arguments', 0],
    ['an empty call id', () => quiet().calls(getWeather, { city: 'x' }, { callId: '' }), 'invalid_call_id', 0],
    ['a reply that is not text', () => quiet().replies(7 as never), 'invalid_text', 0],
    ['a handoff to nothing', () => quiet().handsOffTo({} as never), 'invalid_target', 0],
    ['a handoff to an empty name', () => quiet().thenHandsOffTo(''), 'invalid_target', 0],
    ['fails() with no error', () => quiet().replies('a').thenFails(undefined), 'missing_error', 1],
    ['retry advice that is not advice', () => quiet().fails(new Error('x'), 3 as never), 'invalid_retry_advice', 0],
    ['a responder that is not a function', () => quiet().responds('text' as never), 'invalid_responder', 0],
    ['a stream that is not iterable', () => quiet().streams(5 as never), 'invalid_stream', 0],
    ['a stream event without a type', () => quiet().streams([{ type: 'response_started' }, {} as never]), 'invalid_stream', 0],
    ['a turn that is not a callback', () => quiet().turn('x' as never), 'invalid_turn', 0],
    ['an empty turn', () => quiet().turn(() => undefined), 'empty_turn', 0],
    ['an item without a type', () => quiet().turn((t) => t.item({} as never)), 'invalid_item', 0],
    ['times(0)', () => quiet().replies('a').times(0), 'invalid_times', 0],
    ['times(1.5)', () => quiet().replies('a').times(1.5), 'invalid_times', 0],
    ['times() with nothing before it', () => quiet().times(2), 'nothing_to_repeat', 0],
    ['times() on a turn with a fixed call id', () => quiet().calls('t', {}, { callId: 'c' }).times(2), 'not_repeatable', 0],
    [
      'times() on an async stream',
      () =>
        quiet()
          .streams((async function* () {})())
          .times(2),
      'not_repeatable',
      0,
    ],
    ['an empty callIdPrefix', () => model({ callIdPrefix: '', verify: false }), 'invalid_option', 0],
  ])('%s', (_name, write, reason, stepIndex) => {
    const error = misuse(write);
    expect(error.reason).toBe(reason);
    expect(error.stepIndex).toBe(stepIndex);
    expect(error.double).toBe('model()');
  });

  test('messages name the double, count steps from 1 and say what came', () => {
    expect(misuse(() => model({ name: 'support', verify: false }).replies('a').thenCalls('', {})).message).toMatchSnapshot();
    expect(misuse(() => quiet().replies('a').thenReplies('b').times(0)).message).toMatchSnapshot();
    expect(misuse(() => quiet().turn((t) => t.replies('a').calls(getWeather, { city: 'x' }, { callId: 7 as never }))).message).toMatchSnapshot();
    expect(misuse(() => quiet().fails(null)).message).toMatchSnapshot();
  });

  test('a rejected call leaves the script as it was', () => {
    const m = quiet().replies('a');
    thrownBy(() => m.thenCalls('', {}));
    thrownBy(() => m.turn(() => undefined));
    expect(m.remainingSteps).toBe(1);
  });

  test('handoff targets may be agents, handoff objects or names', () => {
    expect(() => quiet().handsOffTo(billing).thenHandsOffTo('Billing')).not.toThrow();
  });
});
