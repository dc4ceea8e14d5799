import { RealtimeAgent, RealtimeSession, type RealtimeItem } from '@openai/agents/realtime';
import { IncompleteScriptError, MismatchError, realtime, transcriptOf } from 'agents-testkit';
import { ledgerOf } from '../src/fakes/core/ledger';
import { verify } from '../src/setup/install';
import { eventually, expect, failureOf, getWeather, lookupOrder, rejectionOf, sessionErrors, stripAnsi, test } from './support';

const orders = () => new RealtimeAgent({ name: 'Orders', instructions: 'Track orders.', tools: [lookupOrder, getWeather] });

test("the SDK guide's tool example takes a dozen lines", async () => {
  const rt = realtime()
    .expect('sendMessage', { message: 'Where is order 123?' })
    .emitToolCall(lookupOrder, { orderId: 'order_123' })
    .expectToolOutput(lookupOrder, 'Order order_123 has shipped.');
  const session = new RealtimeSession(orders(), { transport: rt });

  await session.connect({ apiKey: 'test' });
  session.sendMessage('Where is order 123?');
  await rt.settled();
  session.close();

  expect(rt.calls.map((call) => call.method)).toEqual(['connect', 'sendMessage', 'sendFunctionCallOutput', 'close']);
  expect(rt).toBeComplete();
});

test('call, item and response ids are filled in, in script order', async () => {
  const rt = realtime()
    .emitToolCall(lookupOrder, { orderId: 'A' })
    .expectToolOutput(lookupOrder)
    .emitToolCall('get_weather', { city: 'Oslo' })
    .expectToolOutput(getWeather, 'Sunny in Oslo.');
  const session = new RealtimeSession(orders(), { transport: rt });
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(rt.callsOf('sendFunctionCallOutput').map((call) => call.toolCall)).toEqual([
    { id: 'item_1', type: 'function_call', name: 'lookup_order', callId: 'call_1', arguments: '{"orderId":"A"}', responseId: 'response_1' },
    { id: 'item_2', type: 'function_call', name: 'get_weather', callId: 'call_2', arguments: '{"city":"Oslo"}', responseId: 'response_2' },
  ]);
});

test('ids can be given', async () => {
  const rt = realtime()
    .emitToolCall(lookupOrder, { orderId: 'A' }, { callId: 'call_a', itemId: 'fc_a', responseId: 'resp_a' })
    .expectToolOutput(lookupOrder, 'Order A has shipped.');
  const session = new RealtimeSession(orders(), { transport: rt });
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(rt).toHaveSentRealtime('sendFunctionCallOutput', { toolCall: { callId: 'call_a', id: 'fc_a', responseId: 'resp_a' } });
});

test("the call's history item is completed with the output, as the OpenAI transport does", async () => {
  const rt = realtime().emitToolCall(lookupOrder, { orderId: 'A' }).expectToolOutput(lookupOrder);
  const session = new RealtimeSession(orders(), { transport: rt });
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(transcriptOf(session)).toEqual(['tool: lookup_order({"orderId":"A"}) → Order A has shipped.']);
});

test('arguments are typed from the tool schema', () => {
  const rt = realtime({ verify: false });
  // @ts-expect-error orderId is a string in lookupOrder's schema
  rt.emitToolCall(lookupOrder, { orderId: 123 });
  // @ts-expect-error lookupOrder requires its arguments
  rt.emitToolCall(lookupOrder);
  rt.emitToolCall('any_name', { anything: true });
  expect(rt.remainingSteps).toBe(3);
});

test('a tool the agent does not offer fails when it would be called, naming what it offers', async () => {
  const rt = realtime({ verify: false }).emitToolCall('lookup_ordr', { orderId: 'A' }).expectToolOutput('lookup_ordr');
  const session = new RealtimeSession(orders(), { transport: rt });
  await session.connect({ apiKey: 'test' });

  const error = await rejectionOf(rt.settled());

  expect(error).toBeInstanceOf(MismatchError);
  expect(error).toMatchObject({ kind: 'not_offered', stepIndex: 0, double: 'realtime()' });
  expect(error.message).toMatchSnapshot();
  expect(rt.callsOf('sendFunctionCallOutput')).toEqual([]);
});

test('a tool output that differs from the script fails every check, and the session is left undisturbed', async () => {
  const rt = realtime({ verify: false })
    .expect('sendMessage', { message: 'Where is order 123?' })
    .emitToolCall(lookupOrder, { orderId: 'order_123' })
    .expectToolOutput(lookupOrder, 'Order order_123 is lost.');
  const session = new RealtimeSession(orders(), { transport: rt });
  const errors = sessionErrors(session);
  await session.connect({ apiKey: 'test' });
  session.sendMessage('Where is order 123?');

  const error = await rejectionOf(rt.settled());

  expect(error).toMatchObject({ kind: 'wrong_arguments', callIndex: 2, stepIndex: 2 });
  expect(stripAnsi(error.message)).toMatchSnapshot();
  expect(failureOf(() => expect(rt).toBeComplete())).toMatchSnapshot();
  expect(() => verify([ledgerOf(rt)!], 'when the test ended')).toThrow(IncompleteScriptError);
  // Thrown into the session, the mismatch would have become an error event the session swallows.
  expect(errors).toEqual([]);
});

test('an injected failure of the tool output reaches the session, which swallows it into an error event', async () => {
  const rt = realtime().emitToolCall(lookupOrder, { orderId: 'A' }).expectToolOutput(lookupOrder).fails(new Error('socket closed')).expectSessionError('socket closed');
  const session = new RealtimeSession(orders(), { transport: rt });
  const errors = sessionErrors(session);
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  await eventually(() => errors.length > 0);
  expect(errors).toMatchObject([{ message: 'socket closed' }]);
});

test('a tool that throws is swallowed into an output the script catches', async () => {
  const call = { type: 'function_call', name: 'lookup_order', callId: 'call_x', arguments: '{"orderId": 5}', responseId: 'r1' } as const;
  const rt = realtime({ verify: false })
    .emit('function_call', call) // raw arguments the tool's schema rejects
    .expectToolOutput(lookupOrder, 'Order 5 has shipped.', { callId: 'call_x' });
  const session = new RealtimeSession(orders(), { transport: rt });
  await session.connect({ apiKey: 'test' });

  const error = await rejectionOf(rt.settled());

  expect(error.message).toContain('output is "An error occurred while running the tool. Please try again."');
});

test('an output left unspecified still fails when the tool did not run', async () => {
  const call = { type: 'function_call', name: 'lookup_order', callId: 'call_x', arguments: '{"orderId": 5}', responseId: 'r1' } as const;
  const rt = realtime({ verify: false }).emit('function_call', call).expectToolOutput(lookupOrder, undefined, { callId: 'call_x' });
  const session = new RealtimeSession(orders(), { transport: rt });
  await session.connect({ apiKey: 'test' });

  const error = await rejectionOf(rt.settled());

  expect(error).toMatchObject({ kind: 'wrong_arguments', callIndex: 1, stepIndex: 1 });
  expect(error.message).toMatchSnapshot();
});

test('the contract example: expect, emitToolCall, expect the output, emit an item', async () => {
  const item: RealtimeItem = { itemId: 'a1', type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'It has shipped.' }] };
  const rt = realtime({ name: 'orders', strict: true, timeoutMs: 1000 })
    .expect('sendMessage', { message: 'Where is order 123?' })
    .emitToolCall(lookupOrder, { orderId: 'order_123' })
    .expect('sendFunctionCallOutput', { output: 'Order order_123 has shipped.' })
    .emit('item_update', item);
  const session = new RealtimeSession(orders(), { transport: rt });
  await session.connect({ apiKey: 'test' });
  session.sendMessage('Where is order 123?');
  await rt.settled();
  session.close();

  expect(transcriptOf(session)).toEqual(['tool: lookup_order({"orderId":"order_123"}) → Order order_123 has shipped.', 'assistant: It has shipped.']);
});
