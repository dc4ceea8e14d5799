import { backgroundResult, RealtimeAgent, RealtimeSession, tool } from '@openai/agents/realtime';
import { MismatchError, realtime } from 'agents-testkit';
import { z } from 'zod';
import { expect, rejectionOf, test } from './support';

function counted(execute: (orderId: string) => unknown = (orderId) => `Order ${orderId} has shipped.`) {
  const runs: string[] = [];
  const lookupOrder = tool({
    name: 'lookup_order',
    description: 'Looks an order up',
    parameters: z.object({ orderId: z.string() }),
    execute: async ({ orderId }) => {
      runs.push(orderId);
      await new Promise((resolve) => setTimeout(resolve, 1));
      return execute(orderId) as string;
    },
  });
  return { lookupOrder, runs, agent: new RealtimeAgent({ name: 'Orders', tools: [lookupOrder] }) };
}

test('a retried call is not run again: the session resends the output it already sent', async () => {
  const { lookupOrder, runs, agent } = counted();
  const rt = realtime()
    .emitToolCall(lookupOrder, { orderId: 'A' })
    .expectToolOutput(lookupOrder, 'Order A has shipped.')
    .reemitToolCall() // the model sends call_1 again, in a new response
    .expectToolOutput(lookupOrder, 'Order A has shipped.');
  const session = new RealtimeSession(agent, { transport: rt });
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(runs).toEqual(['A']);
  expect(rt.callsOf('sendFunctionCallOutput').map((call) => [call.toolCall.callId, call.toolCall.responseId])).toEqual([
    ['call_1', 'response_1'],
    ['call_1', 'response_2'],
  ]);
});

test('a duplicate that arrives while the tool runs waits for the one execution', async () => {
  const { lookupOrder, runs, agent } = counted();
  const rt = realtime()
    .emitToolCall(lookupOrder, { orderId: 'A' }, { callId: 'call_a' })
    .emitToolCall(lookupOrder, { orderId: 'A' }, { callId: 'call_a' })
    .expectToolOutput(lookupOrder, 'Order A has shipped.')
    .expectToolOutput(lookupOrder, 'Order A has shipped.');
  const session = new RealtimeSession(agent, { transport: rt });
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(runs).toEqual(['A']);
});

test('an output sent more often than scripted fails, even when it comes after the last step', async () => {
  const { lookupOrder, agent } = counted();
  const rt = realtime({ verify: false }).emitToolCall(lookupOrder, { orderId: 'A' }).expectToolOutput(lookupOrder).reemitToolCall();
  const session = new RealtimeSession(agent, { transport: rt });
  await session.connect({ apiKey: 'test' });

  const error = await rejectionOf(rt.settled());

  expect(error).toBeInstanceOf(MismatchError);
  expect(error).toMatchObject({ kind: 'unexpected_call', callIndex: 2 });
  expect(error.message).toMatchSnapshot();
});

test('a background result is sent without starting a response', async () => {
  const { lookupOrder, agent } = counted((orderId) => backgroundResult(`Order ${orderId} noted.`));
  const rt = realtime().emitToolCall(lookupOrder, { orderId: 'A' }).expectToolOutput(lookupOrder, 'Order A noted.');
  const session = new RealtimeSession(agent, { transport: rt });
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(rt).toHaveSentRealtime('sendFunctionCallOutput', { startResponse: false });
  expect(rt).not.toHaveSentRealtime('sendFunctionCallOutput', { startResponse: true });
});

test('an object output is compared as the JSON the SDK sends', async () => {
  const { lookupOrder, agent } = counted((orderId) => ({ orderId, status: 'shipped' }));
  const rt = realtime().emitToolCall(lookupOrder, { orderId: 'A' }).expectToolOutput(lookupOrder, { orderId: 'A', status: 'shipped' });
  const session = new RealtimeSession(agent, { transport: rt });
  await session.connect({ apiKey: 'test' });
  await rt.settled();
});

test('an asymmetric matcher can stand for the output', async () => {
  const { lookupOrder, agent } = counted();
  const rt = realtime().emitToolCall(lookupOrder, { orderId: 'A' }).expectToolOutput(lookupOrder, expect.stringContaining('shipped'));
  const session = new RealtimeSession(agent, { transport: rt });
  await session.connect({ apiKey: 'test' });
  await rt.settled();
});
