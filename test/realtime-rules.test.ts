import { RealtimeAgent } from '@openai/agents/realtime';
import { guardrailFeedback, jsonEqualTo, notFoundPattern, outputMatcher, readHandoff, transferPattern } from '../src/builders/realtime/rules';
import { ScriptError } from 'agents-testkit';
import { describe, expect, test, thrownBy } from './support';

// The rules the one-line Realtime steps check the session against, read one by one.

const context = { double: 'realtime()', stepIndex: 0, verb: 'expectToolOutput' };

describe('jsonEqualTo: a string holding JSON equal to the expected value', () => {
  const matches = (expected: object, value: unknown) => jsonEqualTo(expected).asymmetricMatch(value);

  test.each([
    ['the same keys in another order', { a: 1, b: [1, { c: 'x' }] }, '{"b":[1,{"c":"x"}],"a":1}'],
    ['an expected key whose value is undefined, which JSON leaves out', { a: 1, gone: undefined }, '{"a":1}'],
    ['an asymmetric matcher inside', { a: expect.any(Number) }, '{"a":7}'],
    ['an asymmetric matcher in a list', { list: [expect.any(String)] }, '{"list":["x"]}'],
    ['null as a value', { a: null }, '{"a":null}'],
  ])('matches %s', (_case, expected, value) => {
    expect(matches(expected, value)).toBe(true);
  });

  test.each([
    ['a value that is no string', { a: 1 }, { a: 1 }],
    ['text that is no JSON', { a: 1 }, '{a:1}'],
    ['a key too many', { a: 1 }, '{"a":1,"b":2}'],
    ['a key missing', { a: 1, b: 2 }, '{"a":1,"c":2}'],
    ['another value', { a: 1 }, '{"a":2}'],
    ['a list of another length', { list: [1, 2] }, '{"list":[1]}'],
    ['a list in another order', { list: [1, 2] }, '{"list":[2,1]}'],
    ['a list where an object is expected', { a: { b: 1 } }, '{"a":[1]}'],
    ['an object where a list is expected', { a: [1] }, '{"a":{"0":1}}'],
    ['null where an object is expected', { a: { b: 1 } }, '{"a":null}'],
    ['a string where an object is expected', { a: { b: 1 } }, '{"a":"b"}'],
    ['a top-level list for an object', { a: 1 }, '[{"a":1}]'],
    ['an asymmetric matcher that refuses', { a: expect.any(String) }, '{"a":7}'],
    ['one matching item of two', { list: [1, 2] }, '{"list":[1,3]}'],
  ])('refuses %s', (_case, expected, value) => {
    expect(matches(expected, value)).toBe(false);
  });

  test('says what it expects', () => {
    expect(String(jsonEqualTo({ a: 1 }))).toBe('JSON equal to {"a":1}');
  });
});

describe("outputMatcher: a tool's expected output", () => {
  test('none given: any output but the texts the SDK sends when the tool did not run', () => {
    const any = outputMatcher(undefined, context) as { asymmetricMatch(value: unknown): boolean; toString(): string };
    expect(any.asymmetricMatch('Order A has shipped.')).toBe(true);
    expect(any.asymmetricMatch('Tool lookup_order not found')).toBe(false);
    expect(any.asymmetricMatch('Tool execution was not approved.')).toBe(false);
    expect(any.asymmetricMatch(42)).toBe(false);
    expect(String(any)).toBe("an output that is not the SDK's tool-error text or an approval's rejection");
  });

  test('text and asymmetric matchers as they are; an object as JSON; anything else refused', () => {
    expect(outputMatcher('done', context)).toBe('done');
    const matcher = expect.stringContaining('done');
    expect(outputMatcher(matcher, context)).toBe(matcher);
    expect((outputMatcher({ a: 1 }, context) as { asymmetricMatch(value: unknown): boolean }).asymmetricMatch('{"a":1}')).toBe(true);
    for (const [output, shown] of [[42, 'number 42'], [null, 'null']] as const) {
      const error = thrownBy(() => outputMatcher(output, context));
      expect(error).toBeInstanceOf(ScriptError);
      expect(error).toMatchObject({ reason: 'invalid_output', message: `realtime() step 1, expectToolOutput(): expected the output text, an asymmetric matcher or an object; got ${shown}.` });
    }
  });
});

describe('guardrailFeedback: the text a tripped output guardrail sends the model', () => {
  test('names the guardrail when one is given, and holds the blocked sentence always', () => {
    const named = guardrailFeedback('no_secrets');
    expect(named.asymmetricMatch('⚠️ Your last answer was blocked. \nFailed Guardrail Reason: no_secrets. \nPlease respond again following policy.')).toBe(true);
    expect(named.asymmetricMatch('⚠️ Your last answer was blocked. \nFailed Guardrail Reason: other. \nPlease respond again.')).toBe(false);
    expect(named.asymmetricMatch({ text: 'Your last answer was blocked. Failed Guardrail Reason: no_secrets.' })).toBe(false);
    expect(String(named)).toBe('StringContaining "Your last answer was blocked." and "Failed Guardrail Reason: no_secrets."');

    const any = guardrailFeedback(undefined);
    expect(any.asymmetricMatch('⚠️ Your last answer was blocked. \nFailed Guardrail Reason: other.')).toBe(true);
    expect(any.asymmetricMatch('Failed Guardrail Reason: other.')).toBe(false);
    expect(String(any)).toBe('StringContaining "Your last answer was blocked."');
  });
});

describe('handoffs and unknown tools', () => {
  test("a handoff read from an agent: its label, the SDK's tool name, its instructions and the transfer text", () => {
    const billing = new RealtimeAgent({ name: 'Billing', instructions: 'Handle invoices.' });
    const read = readHandoff(billing, context);
    expect(read).toEqual({ label: 'Billing', toolName: 'transfer_to_Billing', instructions: 'Handle invoices.', transferMessage: '{"assistant":"Billing"}' });
    expect(transferPattern(read, 'call_1')).toEqual({ toolCall: { name: 'transfer_to_Billing', callId: 'call_1' }, output: '{"assistant":"Billing"}', startResponse: true });
  });

  test('a handoff read from a name or from instructions that are a function leaves out what it cannot know', () => {
    const dynamic = new RealtimeAgent({ name: 'Billing', instructions: () => 'Handle invoices.' });
    expect(readHandoff(dynamic, context)).not.toHaveProperty('instructions');
    const byName = readHandoff('Billing', context);
    expect(byName).toMatchObject({ label: '"Billing"', toolName: 'transfer_to_Billing' });
    expect(byName).not.toHaveProperty('instructions');
    const pattern = transferPattern({ label: '"Billing"', toolName: 'transfer_to_Billing' }, 'call_2');
    expect(pattern).toEqual({ toolCall: { name: 'transfer_to_Billing', callId: 'call_2' }, startResponse: true });
  });

  test('a call of a tool the agent does not offer is answered "not found", without a response', () => {
    expect(notFoundPattern('lookup_order', 'call_3')).toEqual({ toolCall: { name: 'lookup_order', callId: 'call_3' }, output: 'Tool lookup_order not found', startResponse: false });
  });
});
