import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import { ScriptedRealtimeTransport } from '@openai/agents/realtime/testing';
import { realtime } from 'agents-testkit';
import { expect, failureOf, lookupOrder, rejectionOf, test } from './support';

test("toBeComplete passes for the SDK's transport when every expectation took its call", async () => {
  const transport = new ScriptedRealtimeTransport();
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), { transport });
  const connected = transport.expectCall('connect');
  await session.connect({ apiKey: 'test' });
  await connected;

  expect(transport).toBeComplete();
});

test("toBeComplete names the SDK transport's pending expectations and injected failures", () => {
  const transport = new ScriptedRealtimeTransport();
  void transport.expectCall('sendMessage').catch(() => undefined);
  transport.failNextCall('close', new Error('stuck'));

  expect(failureOf(() => expect(transport).toBeComplete())).toMatchSnapshot();
});

test('toBeComplete names the calls no expectation took', () => {
  const transport = new ScriptedRealtimeTransport();
  transport.sendMessage('Hello', {});
  transport.sendAudio(new ArrayBuffer(4800), { commit: true });

  expect(failureOf(() => expect(transport).toBeComplete())).toMatchSnapshot();
});

test('the SDK transport forgets a call it rejected once the session swallowed it; realtime() does not', async () => {
  const agent = new RealtimeAgent({ name: 'Orders', tools: [lookupOrder] });
  const call = { type: 'function_call', name: 'lookup_order', callId: 'call_1', arguments: '{"orderId":"A"}', responseId: 'r1' } as const;

  const transport = new ScriptedRealtimeTransport();
  const sdkSession = new RealtimeSession(agent, { transport });
  sdkSession.on('error', () => undefined);
  void transport.expectCall('connect');
  await sdkSession.connect({ apiKey: 'test' });
  const rejected = transport.expectCall('sendFunctionCallOutput', (recorded) => recorded.output === 'Order A is lost.');
  transport.emit('function_call', call);
  await rejectionOf(rejected);
  expect(transport).toBeComplete(); // the drift is gone from the SDK's record

  const rt = realtime({ verify: false }).emit('function_call', call).expectToolOutput(lookupOrder, 'Order A is lost.', { callId: 'call_1' });
  const session = new RealtimeSession(agent, { transport: rt });
  await session.connect({ apiKey: 'test' });
  await rejectionOf(rt.settled());
  expect(rt).not.toBeComplete();
});
