import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import { ScriptedRealtimeTransport } from '@openai/agents/realtime/testing';
import { realtime, silence, tone } from 'agents-testkit';
import { expect, failureOf, lookupOrder, test } from './support';

async function toolTurn() {
  const rt = realtime()
    .expect('sendMessage', { message: 'Where is order 123?' })
    .emitToolCall(lookupOrder, { orderId: 'order_123' })
    .expectToolOutput(lookupOrder, 'Order order_123 has shipped.');
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Orders', tools: [lookupOrder] }), { transport: rt });
  await session.connect({ apiKey: 'test' });
  session.sendMessage('Where is order 123?');
  await rt.settled();
  return rt;
}

test('passes for a call of the method, with a partial payload, asymmetric matchers allowed', async () => {
  const rt = await toolTurn();
  expect(rt).toHaveSentRealtime('sendMessage');
  expect(rt).toHaveSentRealtime('sendMessage', { message: 'Where is order 123?' });
  expect(rt).toHaveSentRealtime('sendFunctionCallOutput', { toolCall: { name: 'lookup_order' }, output: expect.stringContaining('shipped') });
  expect(rt).not.toHaveSentRealtime('interrupt');
  expect(rt).not.toHaveSentRealtime('sendMessage', { message: 'Hello' });
});

test('.not fails when the call was sent, marking it', async () => {
  const rt = await toolTurn();
  expect(failureOf(() => expect(rt).not.toHaveSentRealtime('sendFunctionCallOutput', { output: 'Order order_123 has shipped.' }))).toMatchSnapshot();
});

test('fails when no call of the method was sent, listing what was', async () => {
  const rt = await toolTurn();
  expect(failureOf(() => expect(rt).toHaveSentRealtime('interrupt'))).toMatchSnapshot();
});

test('fails with a diff when calls of the method came with another payload', async () => {
  const rt = await toolTurn();
  expect(failureOf(() => expect(rt).toHaveSentRealtime('sendFunctionCallOutput', { output: 'Order order_123 is lost.', startResponse: true }))).toMatchSnapshot();
});

test("reads the SDK's ScriptedRealtimeTransport too", () => {
  const transport = new ScriptedRealtimeTransport();
  void transport.expectCall('sendMessage');
  transport.sendMessage('Hello', {});
  expect(transport).toHaveSentRealtime('sendMessage', { message: 'Hello' });
  expect(failureOf(() => expect(transport).toHaveSentRealtime('sendMessage', { message: 'Bye' }))).toMatchSnapshot();
});

test('a received value of the wrong kind, or a bad method or partial, is a matcher error', () => {
  const rt = realtime();
  expect(failureOf(() => expect({ calls: [] }).toHaveSentRealtime('sendMessage'))).toMatchSnapshot();
  // @ts-expect-error not a transport method
  expect(failureOf(() => expect(rt).toHaveSentRealtime('sendMesage'))).toMatchSnapshot();
  // @ts-expect-error the partial is an object
  expect(failureOf(() => expect(rt).toHaveSentRealtime('sendMessage', 'Hello'))).toMatchSnapshot();
});

test('audio payloads compare byte by byte, which the runners alone would not do', () => {
  const rt = realtime({ strict: false });
  rt.sendAudio(silence(10), {});
  expect(rt).toHaveSentRealtime('sendAudio', { audio: silence(10) });
  expect(rt).not.toHaveSentRealtime('sendAudio', { audio: tone(10) });
  expect(rt).not.toHaveSentRealtime('sendAudio', { audio: silence(20) });
});
