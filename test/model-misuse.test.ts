import { Agent } from '@openai/agents';
import { model, ScriptError } from 'agents-testkit';
import { describe, expect, failureOf, getWeather, test, thrownBy } from './support';

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
    ['handoff arguments given as JSON text', () => quiet().handsOffTo('Billing', { args: '{"reason":"x"}' as never }), 'invalid_arguments', 0],
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
    ['an empty callIdPrefix', () => model({ callIdPrefix: '', verify: false }), 'invalid_option', undefined],
  ])('%s', (_name, write, reason, stepIndex) => {
    const error = misuse(write);
    expect(error.reason).toBe(reason);
    expect(error.stepIndex).toBe(stepIndex);
    expect(error.double).toBe('model()');
  });

  test('handoff arguments as JSON text are refused, not sent as {} (calls() alone takes raw JSON text)', () => {
    expect(misuse(() => quiet().turn((t) => t.handsOffTo('Billing', { args: '{"reason":"x"}' as never }))).message).toBe(
      'model() step 1, turn((t) => t.handsOffTo()): handoff arguments must be an object like { reason: \'billing\' }; got text "{\\"reason\\":\\"x\\"}".',
    );
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

test('each refusal says what it expected and what it got', () => {
  const hosted = { type: 'hosted_tool', name: 'web_search' } as unknown as string;
  const bad: Record<string, () => unknown> = {
    'a blank tool name': () => quiet().calls('   ', {}),
    'a tool object with a blank name': () => quiet().calls({ ...getWeather, name: ' ' } as never, { city: 'x' } as never),
    'a tool that is not a tool': () => quiet().calls(42 as never, {} as never),
    'a hosted tool': () => quiet().calls(hosted, {}),
    'arguments that are an array': () => quiet().calls('t', [1] as never),
    'arguments that are null': () => quiet().calls('t', null as never),
    'arguments that are not serializable': () => quiet().calls('t', { n: 1n } as never),
    'options that are not an object': () => quiet().calls('t', {}, 5 as never),
    'a blank call id': () => quiet().calls('t', {}, { callId: '  ' }),
    'a handoff to a blank name': () => quiet().handsOffTo('  '),
    'a handoff to a number': () => quiet().handsOffTo(5 as never),
    'a patch that is not an object': () => quiet().appliesPatch(null as never),
    'a patch that is an array': () => quiet().appliesPatch([] as never),
    'a patch of an unknown type': () => quiet().appliesPatch({ type: 'rename_file', path: 'a' } as never),
    'a patch with a blank path': () => quiet().appliesPatch({ type: 'delete_file', path: ' ' }),
    'a patch that moves a created file': () => quiet().appliesPatch({ type: 'create_file', path: 'a', diff: '+a', moveTo: 'b' } as never),
    'a patch that moves to a blank path': () => quiet().appliesPatch({ type: 'update_file', path: 'a', diff: '+a', moveTo: ' ' }),
    'a call id prefix that is empty': () => model({ callIdPrefix: '', verify: false }),
    'a call id prefix that is not text': () => model({ callIdPrefix: 5 as never, verify: false }),
    'times() with nothing before it': () => quiet().times(2),
    'a turn that is not a callback': () => quiet().turn('x' as never),
    'an empty turn': () => quiet().turn(() => undefined),
    'retry advice that is a number': () => quiet().fails(new Error('x'), 3 as never),
    'retry advice that is null': () => quiet().fails(new Error('x'), null as never),
    'a responder that is text': () => quiet().responds('text' as never),
    'a stream that is a number': () => quiet().streams(5 as never),
    'a stream whose second event has no type': () => quiet().streams([{ type: 'response_started' }, {} as never]),
    'a stream whose first event is null': () => quiet().thenStreams([null as never]),
    'an async stream repeated': () => quiet().streams((async function* () {})() as never).times(2),
    'a fixed call id repeated': () => quiet().calls('t', {}, { callId: 'c' }).times(2),
  };
  const refusals = Object.fromEntries(Object.entries(bad).map(([name, write]) => [name, misuse(write)]));
  expect(refusals).toMatchSnapshot();
});

test('a patch that moves a file reads as a move in the script', () => {
  const script = model({ verify: false }).appliesPatch({ type: 'update_file', path: 'a.md', diff: '+a', moveTo: 'b.md' });
  expect(thrownBy(() => script.assertComplete()).message).toContain('appliesPatch(update_file "a.md" → "b.md")');
});

test('a patch that moves a file to a path that is no string is refused, naming what came', () => {
  expect(thrownBy(() => quiet().appliesPatch({ type: 'update_file', path: 'a.md', diff: '+a', moveTo: 5 } as never))).toMatchObject({
    reason: 'invalid_patch',
    message: 'model() step 1, appliesPatch(): moveTo is the new path of an update_file operation; got number 5 on update_file.',
  });
});

test('a handoff target is a handoff() only with both its tool and agent names; another object goes by its name, a function is refused', () => {
  const byName = quiet().handsOffTo({ toolName: 'transfer_to_billing', name: 'Billing' } as never);
  expect(thrownBy(() => byName.assertComplete()).message).toContain('1. handsOffTo(Billing)');
  expect(thrownBy(() => quiet().handsOffTo(function Billing() {} as never))).toMatchObject({
    reason: 'invalid_target',
    message: 'model() step 1, handsOffTo(): expected an agent, a handoff() or a name; got the function Billing.',
  });
});

test('every verb names itself in the script, then-twins included', () => {
  const script = model({ verify: false })
    .handsOffTo(billing)
    .thenHandsOffTo('Support')
    .thenAppliesPatch({ type: 'delete_file', path: 'a.md' })
    .thenResponds(() => 'x')
    .streams([{ type: 'response_started' }])
    .thenStreams([{ type: 'response_started' }])
    .thenFails(new Error('boom'), { suggested: true })
    .thenReplies('once more')
    .times(1);
  expect(script.remainingSteps).toBe(8);
  expect(thrownBy(() => script.assertComplete()).message).toMatchSnapshot();
});

test('refusals inside a turn name the verb of the turn', () => {
  const bad: Record<string, () => unknown> = {
    'reasoning that is not text': () => quiet().turn((t) => t.reasoning(5 as never)),
    'an item that is null': () => quiet().turn((t) => t.item(null as never)),
    'an item whose type is a number': () => quiet().turn((t) => t.item({ type: 5 } as never)),
    'usage that is null': () => quiet().turn((t) => t.replies('a').usage(null as never)),
    'usage that is a number': () => quiet().turn((t) => t.replies('a').usage(5 as never)),
    'a reply that is not serializable': () => quiet().turn((t) => t.replies({ n: 1n } as never)),
    'a reply that is an array': () => quiet().turn((t) => t.replies([1] as never)),
    'a handoff to nothing': () => quiet().turn((t) => t.handsOffTo(null as never)),
  };
  const refusals = Object.fromEntries(Object.entries(bad).map(([name, write]) => [name, misuse(write)]));
  expect(refusals).toMatchSnapshot();
});

test('a turn lists its items in the script', () => {
  const script = model({ verify: false }).turn((t) =>
    t
      .reasoning('Think first.')
      .replies('On it.')
      .calls('lookup', '{"raw":true}' as never)
      .calls(getWeather, { city: 'Oslo' })
      .handsOffTo(billing)
      .item({ type: 'web_search_call', id: 'ws_1', status: 'completed' } as never)
      .usage({ inputTokens: 3 }),
  );
  expect(thrownBy(() => script.assertComplete()).message).toMatchSnapshot();
});

test.each([
  ['options of model() that are not an object', () => model(5 as never), 'invalid_option', "model(): expected an options object like { name: 'support' }; got number 5."],
  ['a reply that is null', () => quiet().replies(null as never), 'invalid_text', 'model() step 1, replies(): expected the reply text (or an object for structured output); got null.'],
  ['deltas that are text, not a list', () => quiet().replies('ab', { deltas: 'ab' as never }), 'invalid_option', 'model() step 1, replies(): deltas is a non-empty array of strings; got the string "ab".'],
  ['call options that are null', () => quiet().calls('t', {}, null as never), 'invalid_option', "model() step 1, calls(): the last argument must be an options object like { callId: 'call_a' }; got null."],
  ['an empty toolFails text', () => quiet().calls('t', {}, { toolFails: '' }), 'invalid_option', 'model() step 1, calls(): toolFails is true, or the error text (a non-empty string or a RegExp) the model is handed; got the string "".'],
  ['a stream that is text', () => quiet().streams('abc' as never), 'invalid_stream', 'model() step 1, streams(): expected an iterable or async iterable of stream events; got the string "abc".'],
  ['a stream that is null', () => quiet().streams(null as never), 'invalid_stream', 'model() step 1, streams(): expected an iterable or async iterable of stream events; got null.'],
  ['a stream that is a plain object', () => quiet().streams({} as never), 'invalid_stream', 'model() step 1, streams(): expected an iterable or async iterable of stream events; got an object ({}).'],
  ['optional() with nothing before it', () => quiet().optional(), 'no_preceding_turn', 'model() step 1, optional(): there is no turn before it to make optional.'],
  ['an unknown tool without a name, inside a turn', () => quiet().turn((t) => t.callsUnknownTool('')), 'empty_tool_name', 'model() step 1, turn((t) => t.callsUnknownTool()): the tool name is empty; pass the tool object or its name.'],
  ['a web search without a query, inside a turn', () => quiet().turn((t) => t.searchesWeb('')), 'invalid_arguments', 'model() step 1, turn((t) => t.searchesWeb()): expected the search query as a non-empty string; got the string "".'],
  ['a file search without a query, inside a turn', () => quiet().turn((t) => t.searchesFiles([])), 'invalid_arguments', 'model() step 1, turn((t) => t.searchesFiles()): expected the search query, or a non-empty list of them; got an array ([]).'],
  ['code that is empty, inside a turn', () => quiet().turn((t) => t.runsCode('')), 'invalid_arguments', 'model() step 1, turn((t) => t.runsCode()): expected the code as a non-empty string; got the string "".'],
  ['image options that are a number, inside a turn', () => quiet().turn((t) => t.generatesImage(5 as never)), 'invalid_option', 'model() step 1, turn((t) => t.generatesImage()): expected { result?, prompt? }; got number 5.'],
  ['a hosted MCP call without a server, inside a turn', () => quiet().turn((t) => t.callsHostedMcp('', 't')), 'invalid_arguments', 'model() step 1, turn((t) => t.callsHostedMcp()): expected the server label as a non-empty string; got the string "".'],
  ['an MCP approval without a server, inside a turn', () => quiet().turn((t) => t.asksMcpApproval('', 't')), 'invalid_arguments', 'model() step 1, turn((t) => t.asksMcpApproval()): expected the server label as a non-empty string; got the string "".'],
])('%s is refused with a message naming the verb and what came', (_name, write, reason, message) => {
  const error = thrownBy(write);
  expect(error).toBeInstanceOf(ScriptError);
  expect(error).toMatchObject({ reason, message });
});

test('a step shows what its verb was given: arguments only when written, toolFails, deltas, event counts, when() keys', () => {
  const script = quiet()
    .calls('lookup')
    .thenCalls('lookup', undefined as never, { toolFails: true })
    .thenCalls('lookup', { id: 1 }, { toolFails: 'boom' })
    .thenCalls('lookup', { id: 1 }, { toolFails: /boom/ })
    .thenReplies('Hello', { deltas: ['Hel', 'lo'] })
    .thenReplies('Hi', {})
    .thenReplies('Hey', { deltas: undefined })
    .streams([{ type: 'response_started' }, { type: 'response_started' }])
    .thenStreams([{ type: 'response_started' }])
    .thenStreams((async function* () {})())
    .when(function isWeather() {
      return true;
    }, (t) => t.replies('x'))
    .when(() => true, (t) => t.replies('y'))
    .when(/capital/i, (t) => t.replies('z'))
    .thenFails(new Error('boom'), () => ({ suggested: true }));
  expect(failureOf(() => script.assertComplete()).split('\n').filter((line) => /^\s+\d+\. /.test(line))).toEqual([
    '  1. calls(lookup)',
    '  2. thenCalls(lookup, {}, { toolFails: true })',
    '  3. thenCalls(lookup, {"id":1}, { toolFails: "boom" })',
    '  4. thenCalls(lookup, {"id":1}, { toolFails: /boom/ })',
    '  5. thenReplies("Hello", { deltas: 2 })',
    '  6. thenReplies("Hi")',
    '  7. thenReplies("Hey")',
    '  8. streams(2 events)',
    '  9. thenStreams(1 event)',
    '  10. thenStreams(async events)',
    '  11. when(isWeather, replies("x"))',
    '  12. when(fn, replies("y"))',
    '  13. when(/capital/i, replies("z"))',
    '  14. thenFails(Error: boom)',
  ]);
});
