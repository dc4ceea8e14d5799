import { backgroundResult, RealtimeAgent, RealtimeSession, tool } from '@openai/agents/realtime';
import { MismatchError, realtime } from 'agents-testkit';
import { z } from 'zod';
import { expect, rejectionOf, test } from './support';

function counted(execute: (orderId: string) => unknown = (orderId) => `Order ${orderId} has shipped.`, gate: Promise<void> = Promise.resolve()) {
  const runs: string[] = [];
  const lookupOrder = tool({
    name: 'lookup_order',
    description: 'Looks an order up',
    parameters: z.object({ orderId: z.string() }),
    execute: async ({ orderId }) => {
      runs.push(orderId);
      await gate;
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
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const { lookupOrder, runs, agent } = counted(undefined, gate);
  const rt = realtime()
    .emitToolCall(lookupOrder, { orderId: 'A' }, { callId: 'call_a' })
    .emitToolCall(lookupOrder, { orderId: 'A' }, { callId: 'call_a' })
    .expectToolOutput(lookupOrder, 'Order A has shipped.')
    .expectToolOutput(lookupOrder, 'Order A has shipped.');
  let seen = 0;
  // The tool finishes only once the duplicate has reached the session, so the duplicate finds it running.
  rt.on('function_call', () => {
    seen += 1;
    if (seen === 2) release();
  });
  const session = new RealtimeSession(agent, { transport: rt });
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(runs).toEqual(['A']);
  expect(rt).toHaveRunRealtimeTool(lookupOrder, 1);
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

test('a background result is sent without starting a response, which the step says', async () => {
  const { lookupOrder, agent } = counted((orderId) => backgroundResult(`Order ${orderId} noted.`));
  const rt = realtime().emitToolCall(lookupOrder, { orderId: 'A' }).expectToolOutput(lookupOrder, 'Order A noted.', { startResponse: false });
  const session = new RealtimeSession(agent, { transport: rt });
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(rt).toHaveSentRealtime('sendFunctionCallOutput', { startResponse: false });
  expect(rt).not.toHaveSentRealtime('sendFunctionCallOutput', { startResponse: true });
});

test('expectToolOutput checks startResponse: a background result fails a step that expects a response to start', async () => {
  const { lookupOrder, agent } = counted((orderId) => backgroundResult(`Order ${orderId} noted.`));
  const rt = realtime({ verify: false }).emitToolCall(lookupOrder, { orderId: 'A' }).expectToolOutput(lookupOrder, 'Order A noted.');
  const session = new RealtimeSession(agent, { transport: rt });
  await session.connect({ apiKey: 'test' });

  const error = await rejectionOf(rt.settled());

  expect(error).toMatchObject({ kind: 'wrong_arguments', callIndex: 1, stepIndex: 1 });
  expect(error.message).toContain("The call's startResponse is false, expected true.");
});

test('expectToolOutput checks startResponse: an output that starts a response fails a step that says it must not', async () => {
  const { lookupOrder, agent } = counted();
  const rt = realtime({ verify: false }).emitToolCall(lookupOrder, { orderId: 'A' }).expectToolOutput(lookupOrder, undefined, { startResponse: false });
  const session = new RealtimeSession(agent, { transport: rt });
  await session.connect({ apiKey: 'test' });

  const error = await rejectionOf(rt.settled());

  expect(error).toMatchObject({ kind: 'wrong_arguments', callIndex: 1, stepIndex: 1 });
  expect(error.message).toContain("The call's startResponse is true, expected false.");
});

test('an object output is compared as the JSON the SDK sends, its keys in any order', async () => {
  const { lookupOrder, agent } = counted((orderId) => ({ orderId, status: 'shipped' }));
  const rt = realtime().emitToolCall(lookupOrder, { orderId: 'A' }).expectToolOutput(lookupOrder, { status: 'shipped', orderId: 'A' });
  const session = new RealtimeSession(agent, { transport: rt });
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(rt).toHaveSentRealtime('sendFunctionCallOutput', { output: '{"orderId":"A","status":"shipped"}' });
});

test('an object output that differs from the JSON the SDK sends fails, by value or by a key too many', async () => {
  const { lookupOrder, agent } = counted((orderId) => ({ orderId, status: 'shipped' }));
  const other = realtime({ verify: false }).emitToolCall(lookupOrder, { orderId: 'A' }).expectToolOutput(lookupOrder, { orderId: 'A', status: 'lost' });
  const fewer = realtime({ verify: false }).emitToolCall(lookupOrder, { orderId: 'A' }).expectToolOutput(lookupOrder, { orderId: 'A' });
  const errors: Error[] = [];
  for (const rt of [other, fewer]) {
    const session = new RealtimeSession(agent, { transport: rt });
    await session.connect({ apiKey: 'test' });
    errors.push(await rejectionOf(rt.settled()));
    session.close();
  }

  expect(errors.map((error) => (error as MismatchError).kind)).toEqual(['wrong_arguments', 'wrong_arguments']);
  expect(errors[0]?.message).toContain(`The call's output is "{\\"orderId\\":\\"A\\",\\"status\\":\\"shipped\\"}", expected JSON equal to {"orderId":"A","status":"lost"}.`);
  expect(errors[1]?.message).toContain('expected JSON equal to {"orderId":"A"}.');
});

test('an asymmetric matcher can stand for the output', async () => {
  const { lookupOrder, agent } = counted();
  const rt = realtime().emitToolCall(lookupOrder, { orderId: 'A' }).expectToolOutput(lookupOrder, expect.stringContaining('shipped'));
  const session = new RealtimeSession(agent, { transport: rt });
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(rt).toBeComplete();
  const refusing = realtime({ verify: false }).emitToolCall(lookupOrder, { orderId: 'A' }).expectToolOutput(lookupOrder, expect.stringContaining('lost'));
  const other = new RealtimeSession(agent, { transport: refusing });
  await other.connect({ apiKey: 'test' });
  expect(await rejectionOf(refusing.settled())).toMatchObject({ kind: 'wrong_arguments', stepIndex: 1 });
});
