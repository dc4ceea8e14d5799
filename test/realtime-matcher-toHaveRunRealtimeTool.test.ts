import type { TransportToolCallEvent } from '@openai/agents/realtime';
import { ScriptedRealtimeTransport } from '@openai/agents/realtime/testing';
import { realtime } from 'agents-testkit';
import { describe, eventually, expect, failureOf, lookupOrder, refund, test } from './support';

// The matcher reads what the transport saw: the outputs the session sent for each call of a tool.
const call = (name: string, callId: string, responseId = 'response_1'): TransportToolCallEvent => ({
  type: 'function_call',
  id: `item_${callId}`,
  name,
  callId,
  arguments: '{}',
  responseId,
});

/** A lenient script the test calls the way a session would. */
function transport() {
  return realtime({ strict: false, verify: false });
}

test('counts one run per call: a resent output of a retried call counts once', () => {
  const rt = transport();
  rt.sendFunctionCallOutput(call('lookup_order', 'call_1'), 'Order A has shipped.', true);
  rt.sendFunctionCallOutput(call('lookup_order', 'call_1', 'response_2'), 'Order A has shipped.', true);
  rt.sendFunctionCallOutput(call('lookup_order', 'call_2'), 'Order B has shipped.', true);
  rt.sendFunctionCallOutput(call('get_weather', 'call_3'), 'Sunny.', true);

  expect(rt).toHaveRunRealtimeTool(lookupOrder);
  expect(rt).toHaveRunRealtimeTool(lookupOrder, 2);
  expect(rt).toHaveRunRealtimeTool('get_weather', 1);
  expect(rt).not.toHaveRunRealtimeTool(lookupOrder, 3);
  expect(rt).not.toHaveRunRealtimeTool('refund');
});

test('it counts outputs, not runs of execute: a tool run twice for one call reads as one run, so a count inside execute is what counts runs', () => {
  // Two runs of one call (the regression a test of retried calls looks for) send the same output twice.
  let runs = 0;
  const execute = () => {
    runs += 1;
    return 'Order A has shipped.';
  };
  const rt = transport();
  rt.sendFunctionCallOutput(call('lookup_order', 'call_1'), execute(), true);
  rt.sendFunctionCallOutput(call('lookup_order', 'call_1', 'response_2'), execute(), true);

  expect(rt).toHaveRunRealtimeTool(lookupOrder, 1);
  expect(runs).toBe(2);
});

test('a call answered again after a reconnect ran again: the session forgets its calls when it connects', async () => {
  const rt = transport();
  await rt.connect({ apiKey: 'test' } as never);
  rt.sendFunctionCallOutput(call('lookup_order', 'call_1'), 'Order A has shipped.', true);
  rt.close();
  await rt.connect({ apiKey: 'test' } as never);
  rt.sendFunctionCallOutput(call('lookup_order', 'call_1'), 'Order A has shipped.', true);

  expect(rt).toHaveRunRealtimeTool(lookupOrder, 2);
});

test('a rejected approval, an unknown tool and arguments that did not parse are not runs', () => {
  const rt = transport();
  rt.sendFunctionCallOutput(call('refund', 'call_1'), 'Tool execution was not approved.', true);
  rt.sendFunctionCallOutput(call('missing', 'call_2'), 'Tool missing not found', false);
  rt.sendFunctionCallOutput(call('refund', 'call_3'), 'An error occurred while parsing tool arguments. Please try again with valid JSON.', true);

  expect(rt).toHaveRunRealtimeTool(refund, 0);
  expect(rt).toHaveRunRealtimeTool('missing', 0);
  // A tool that threw did run: the session sends the SDK's error text for it.
  rt.sendFunctionCallOutput(call('refund', 'call_4'), 'An error occurred while running the tool. Please try again.', true);
  expect(rt).toHaveRunRealtimeTool(refund, 1);
});

test('an output an expectToolRejection step took is a rejection, whatever its text', async () => {
  const rt = realtime().emitToolCall(refund, { orderId: 'A', amount: 1 }).expectToolRejection(refund, 'Refunds need a manager.');
  await rt.connect({ apiKey: 'test' } as never);
  await eventually(() => rt.remainingSteps === 1); // the call has been delivered
  rt.sendFunctionCallOutput(call('refund', 'call_1'), 'Refunds need a manager.', true);
  await rt.settled();

  expect(rt).toHaveRunRealtimeTool(refund, 0);
});

test('fails naming the runs it counted, marked among the outputs', () => {
  const rt = transport();
  rt.sendFunctionCallOutput(call('lookup_order', 'call_1'), 'Order A has shipped.', true);
  rt.sendFunctionCallOutput(call('lookup_order', 'call_1', 'response_2'), 'Order A has shipped.', true);

  expect(failureOf(() => expect(rt).toHaveRunRealtimeTool(lookupOrder, 2))).toMatchSnapshot();
  expect(failureOf(() => expect(rt).not.toHaveRunRealtimeTool(lookupOrder))).toMatchSnapshot();
  expect(failureOf(() => expect(transport()).toHaveRunRealtimeTool(lookupOrder))).toMatchSnapshot();
});

test("reads the SDK's ScriptedRealtimeTransport too", () => {
  const sdk = new ScriptedRealtimeTransport();
  sdk.sendFunctionCallOutput(call('lookup_order', 'call_1'), 'Order A has shipped.', true);
  expect(sdk).toHaveRunRealtimeTool(lookupOrder, 1);
});

test('a received value of the wrong kind, or a bad tool or count, is a matcher error', () => {
  expect(failureOf(() => expect({ calls: [] }).toHaveRunRealtimeTool(lookupOrder))).toMatchSnapshot();
  // @ts-expect-error a tool object or a name
  expect(failureOf(() => expect(transport()).toHaveRunRealtimeTool(5))).toMatchSnapshot();
  expect(failureOf(() => expect(transport()).toHaveRunRealtimeTool(lookupOrder, -1))).toMatchSnapshot();
  expect(failureOf(() => expect(transport()).toHaveRunRealtimeTool(lookupOrder, 1.5))).toContain('must be a non-negative integer');
});

/** The lines of a failure message, to compare a line exactly. */
const linesOf = (message: string): string[] => message.split('\n');

/** The "Expected" and "Received" lines of a failure. */
const verdictOf = (message: string): string[] => linesOf(message).slice(2, 4);

describe('toHaveRunRealtimeTool messages: every branch', () => {
  test('"1 time" and "times" on both sides; at least once without a count', () => {
    const rt = transport();
    rt.sendFunctionCallOutput(call('lookup_order', 'call_1'), 'Order A has shipped.', true);
    rt.sendFunctionCallOutput(call('lookup_order', 'call_2'), 'Order B has shipped.', true);
    rt.sendFunctionCallOutput(call('get_weather', 'call_3'), 'Sunny.', true);

    expect(verdictOf(failureOf(() => expect(rt).toHaveRunRealtimeTool(lookupOrder, 1)))).toEqual(['Expected: "lookup_order" to have run 1 time', 'Received: ran 2 times']);
    expect(verdictOf(failureOf(() => expect(rt).toHaveRunRealtimeTool('get_weather', 2)))).toEqual(['Expected: "get_weather" to have run 2 times', 'Received: ran 1 time']);
    expect(verdictOf(failureOf(() => expect(rt).toHaveRunRealtimeTool(lookupOrder, 0)))).toEqual(['Expected: "lookup_order" to have run 0 times', 'Received: ran 2 times']);
    expect(verdictOf(failureOf(() => expect(rt).toHaveRunRealtimeTool(refund)))).toEqual(['Expected: "refund" to have run at least once', 'Received: ran 0 times']);
  });

  test('.not with a count names the count; .not without one does not', () => {
    const rt = transport();
    rt.sendFunctionCallOutput(call('lookup_order', 'call_1'), 'Order A has shipped.', true);
    rt.sendFunctionCallOutput(call('lookup_order', 'call_2'), 'Order B has shipped.', true);

    expect(failureOf(() => expect(rt).not.toHaveRunRealtimeTool(lookupOrder, 2))).toBe(
      [
        'expect(received).not.toHaveRunRealtimeTool(tool, times)',
        '',
        'Expected: "lookup_order" not to have run 2 times',
        'Received: ran 2 times',
        '',
        'sendFunctionCallOutput calls of realtime():',
        '→ 1. sendFunctionCallOutput(lookup_order call_1 → "Order A has shipped.")',
        '→ 2. sendFunctionCallOutput(lookup_order call_2 → "Order B has shipped.")',
        '',
        'Number of sendFunctionCallOutput calls: 2',
        '',
        'A run is an output the session sent for a call of the tool; the resent output of a retried call counts once, a rejected approval or an unknown tool not at all.',
      ].join('\n'),
    );
    expect(verdictOf(failureOf(() => expect(rt).not.toHaveRunRealtimeTool('lookup_order')))).toEqual(['Expected: "lookup_order" not to have run', 'Received: ran 2 times']);
    expect(verdictOf(failureOf(() => expect(transport()).not.toHaveRunRealtimeTool(lookupOrder, 0)))).toEqual([
      'Expected: "lookup_order" not to have run 0 times',
      'Received: ran 0 times',
    ]);
  });

  test('ten runs or more read "ran 10 times"', () => {
    const rt = transport();
    for (let n = 1; n <= 12; n++) rt.sendFunctionCallOutput(call('lookup_order', `call_${n}`), `Order ${n} has shipped.`, true);
    expect(rt).toHaveRunRealtimeTool(lookupOrder, 12);
    expect(verdictOf(failureOf(() => expect(rt).toHaveRunRealtimeTool(lookupOrder, 10)))).toEqual(['Expected: "lookup_order" to have run 10 times', 'Received: ran 12 times']);
  });

  test('an empty tool name, or a count that is not a non-negative integer, is a matcher error that says what was expected', () => {
    expect(failureOf(() => expect(transport()).toHaveRunRealtimeTool(''))).toBe(
      [
        'expect(received).toHaveRunRealtimeTool(tool)',
        '',
        'Matcher error: tool value must be a tool object or a tool name',
        '',
        'Tool has type:  string',
        'Tool has value: ""',
      ].join('\n'),
    );
    expect(failureOf(() => expect(transport()).not.toHaveRunRealtimeTool({ name: '' } as never, 1))).toBe(
      [
        'expect(received).not.toHaveRunRealtimeTool(tool, times)',
        '',
        'Matcher error: tool value must be a tool object or a tool name',
        '',
        'Tool has type:  object',
        'Tool has value: {"name": ""}',
      ].join('\n'),
    );
    // @ts-expect-error a tool object or a name
    expect(failureOf(() => expect(transport()).toHaveRunRealtimeTool(null))).toContain('Matcher error: tool value must be a tool object or a tool name\n\nTool has value: null');
    const badCount = (count: unknown) => failureOf(() => expect(transport()).toHaveRunRealtimeTool(lookupOrder, count as number));
    expect(badCount('2')).toBe(
      [
        'expect(received).toHaveRunRealtimeTool(tool, times)',
        '',
        'Matcher error: times value must be a non-negative integer',
        '',
        'Times has type:  string',
        'Times has value: "2"',
      ].join('\n'),
    );
    expect(badCount(null)).toContain('Matcher error: times value must be a non-negative integer\n\nTimes has value: null');
    expect(badCount(1.5)).toContain('Times has value: 1.5');
    expect(badCount(Number.NaN)).toContain('Matcher error: times value must be a non-negative integer');
    expect(badCount(-1)).toContain('Matcher error: times value must be a non-negative integer');
  });

  test('a call counts once per connection: resent on one connection once, answered again after each reconnect once more', async () => {
    const rt = transport();
    // Before any connect: the calls of connection 0.
    rt.sendFunctionCallOutput(call('lookup_order', 'call_1'), 'Order A has shipped.', true);
    await rt.connect({ apiKey: 'test' } as never);
    rt.sendFunctionCallOutput(call('lookup_order', 'call_1'), 'Order A has shipped.', true);
    rt.sendFunctionCallOutput(call('lookup_order', 'call_1', 'response_2'), 'Order A has shipped.', true);
    rt.close();
    await rt.connect({ apiKey: 'test' } as never);
    rt.sendFunctionCallOutput(call('lookup_order', 'call_1'), 'Order A has shipped.', true);
    rt.sendFunctionCallOutput(call('lookup_order', 'call_2'), 'Order B has shipped.', true);
    rt.sendFunctionCallOutput(call('lookup_order', 'call_2', 'response_2'), 'Order B has shipped.', true);

    expect(rt).toHaveRunRealtimeTool(lookupOrder, 4);
    const lines = linesOf(failureOf(() => expect(rt).not.toHaveRunRealtimeTool(lookupOrder, 4)));
    expect(lines.slice(2, 14)).toEqual([
      'Expected: "lookup_order" not to have run 4 times',
      'Received: ran 4 times',
      '',
      'sendFunctionCallOutput calls of realtime():',
      '→ 1. sendFunctionCallOutput(lookup_order call_1 → "Order A has shipped.")',
      '→ 3. sendFunctionCallOutput(lookup_order call_1 → "Order A has shipped.")',
      '  4. sendFunctionCallOutput(lookup_order call_1 → "Order A has shipped.")',
      '→ 7. sendFunctionCallOutput(lookup_order call_1 → "Order A has shipped.")',
      '→ 8. sendFunctionCallOutput(lookup_order call_2 → "Order B has shipped.")',
      '  9. sendFunctionCallOutput(lookup_order call_2 → "Order B has shipped.")',
      '',
      'Number of sendFunctionCallOutput calls: 6',
    ]);
  });
});
