import type { TransportToolCallEvent } from '@openai/agents/realtime';
import { ScriptedRealtimeTransport } from '@openai/agents/realtime/testing';
import { realtime } from 'agents-testkit';
import { eventually, expect, failureOf, lookupOrder, refund, test } from './support';

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
