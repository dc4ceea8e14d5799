import { RealtimeAgent, RealtimeSession, tool } from '@openai/agents/realtime';
import { MismatchError, realtime, transcriptOf } from 'agents-testkit';
import { z } from 'zod';
import { expect, rejectionOf, sessionErrors, test } from './support';

// Steps are played strictly in order: an expected call waits for the events scripted before it,
// and each step's events wait until the session has finished reacting to the step before them.

const assistant = () => new RealtimeAgent({ name: 'Orders', instructions: 'Ask for the order number.' });

test('an answer sent before the question was delivered fails, saying it came before those events', async () => {
  const rt = realtime({ verify: false }).emitTextReply('What is your order number?').expect('sendMessage', { message: '1234' });
  const session = new RealtimeSession(assistant(), { transport: rt });
  await session.connect({ apiKey: 'test' });
  session.sendMessage('1234'); // the app answers at once, before it has heard the question

  const error = await rejectionOf(rt.settled());

  expect(error).toBeInstanceOf(MismatchError);
  expect(error).toMatchObject({ kind: 'too_early', callIndex: 1, stepIndex: 1, actual: 'sendMessage("1234")' });
  expect(error.message).toMatchSnapshot();
});

test('the same answer, sent once the question was heard, passes', async () => {
  const rt = realtime().emitTextReply('What is your order number?').expect('sendMessage', { message: '1234' });
  const session = new RealtimeSession(assistant(), { transport: rt });
  session.on('agent_end', () => session.sendMessage('1234')); // the app answers when the question is done
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(transcriptOf(session)).toEqual(['assistant: What is your order number?']);
  expect(rt).toHaveSentRealtime('sendMessage', { message: '1234' });
});

test('a second message sent before the first reply arrived fails; sent after it, it passes', async () => {
  const script = (options = {}) =>
    realtime(options).expect('sendMessage', { message: 'one' }).emitTextReply('First.').expect('sendMessage', { message: 'two' }).emitTextReply('Second.');
  const hasty = script({ verify: false });
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), { transport: hasty });
  await session.connect({ apiKey: 'test' });
  session.sendMessage('one');
  session.sendMessage('two');
  expect(await rejectionOf(hasty.settled())).toMatchObject({ kind: 'too_early', callIndex: 2, stepIndex: 2 });

  const patient = script();
  const other = new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), { transport: patient });
  other.on('agent_end', (_context, _agent, text) => {
    if (text === 'First.') other.sendMessage('two'); // the app waits for the first reply
  });
  await other.connect({ apiKey: 'test' });
  other.sendMessage('one');
  await patient.settled();
  expect(transcriptOf(other)).toEqual(['assistant: First.', 'assistant: Second.']);
});

test('a call of another method while events wait is checked against the step after them', async () => {
  const rt = realtime({ verify: false }).emitTextReply('Hello!').expect('sendMessage', { message: 'Hi' });
  rt.interrupt();
  expect(await rejectionOf(rt.settled())).toMatchObject({ kind: 'wrong_method', callIndex: 0, stepIndex: 1 });
});

test('a call reacting to the events of a step, while they are delivered, counts as after them', async () => {
  const rt = realtime().emitTextReply('Once upon a time', { done: false }).expect('interrupt');
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Storyteller' }), { transport: rt });
  session.on('history_added', () => session.interrupt());
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(rt.calls.map((call) => call.method)).toEqual(['connect', 'interrupt']);
});

function orderTool() {
  const runs: string[] = [];
  const lookupOrder = tool({
    name: 'lookup_order',
    description: 'Looks an order up',
    parameters: z.object({ orderId: z.string() }),
    execute: async ({ orderId }) => {
      runs.push(orderId);
      return `Order ${orderId} has shipped.`;
    },
  });
  return { lookupOrder, runs };
}

// A call id the model reuses for other arguments is a ModelBehaviorError; its wording names the
// SDK path that caught it, so it tells which path the script reached.
test('one chain reaches the path a script split at settled() reaches: a call id reused after completion', async () => {
  const split = async () => {
    const { lookupOrder } = orderTool();
    const rt = realtime().emitToolCall(lookupOrder, { orderId: 'A' }, { callId: 'call_a' }).expectToolOutput(lookupOrder);
    const session = new RealtimeSession(new RealtimeAgent({ name: 'Orders', tools: [lookupOrder] }), { transport: rt });
    const errors = sessionErrors(session);
    await session.connect({ apiKey: 'test' });
    await rt.settled();
    rt.emitToolCall(lookupOrder, { orderId: 'B' }, { callId: 'call_a' }).expectSessionError(/reused/);
    await rt.settled();
    return errors;
  };
  const chained = async () => {
    const { lookupOrder } = orderTool();
    const rt = realtime()
      .emitToolCall(lookupOrder, { orderId: 'A' }, { callId: 'call_a' })
      .expectToolOutput(lookupOrder)
      .emitToolCall(lookupOrder, { orderId: 'B' }, { callId: 'call_a' })
      .expectSessionError(/reused/);
    const session = new RealtimeSession(new RealtimeAgent({ name: 'Orders', tools: [lookupOrder] }), { transport: rt });
    const errors = sessionErrors(session);
    await session.connect({ apiKey: 'test' });
    await rt.settled();
    return errors;
  };

  const reasons = (errors: unknown[]) => errors.map((error) => (error as Error).message);
  expect(reasons(await split())).toEqual(['Tool call ID call_a was reused for a different realtime invocation after completion.']);
  expect(reasons(await chained())).toEqual(reasons(await split()));
});

test('one chain reaches the path a script split at settled() reaches: a call id reused while its approval is pending', async () => {
  const refund = tool({
    name: 'refund',
    description: 'Refunds an order',
    parameters: z.object({ orderId: z.string() }),
    needsApproval: true,
    execute: async ({ orderId }) => `Refunded ${orderId}.`,
  });
  const rt = realtime().emitToolCall(refund, { orderId: 'A' }, { callId: 'call_r' }).emitToolCall(refund, { orderId: 'B' }, { callId: 'call_r' }).expectSessionError(/reused/);
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Support', tools: [refund] }), { transport: rt });
  const errors = sessionErrors(session);
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(errors.map((error) => (error as Error).message)).toEqual(['Tool call ID call_r was reused for a different realtime invocation while approval was pending.']);
});

test('a replayed call in one chain reaches the completed call: the tool runs once', async () => {
  const { lookupOrder, runs } = orderTool();
  const rt = realtime().emitToolCall(lookupOrder, { orderId: 'A' }).expectToolOutput(lookupOrder).reemitToolCall().expectToolOutput(lookupOrder);
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Orders', tools: [lookupOrder] }), { transport: rt });
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(runs).toEqual(['A']);
  expect(rt).toHaveRunRealtimeTool(lookupOrder, 1);
});

test("settled() waits for the session's reactions to the last events: an unplanned tool output sent in reaction fails it", async () => {
  const lookupOrder = tool({
    name: 'lookup_order',
    description: 'Looks an order up',
    parameters: z.object({ orderId: z.string() }),
    execute: async ({ orderId }) => `Order ${orderId} has shipped.`,
  });
  const rt = realtime({ verify: false });
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Orders', tools: [lookupOrder] }), { transport: rt });
  await session.connect({ apiKey: 'test' });
  await new Promise((resolve) => setTimeout(resolve, 5)); // connected: the events below go out as soon as they may
  // The script ends with the call: the tool's output, which the session sends in reaction, is planned by no step.
  rt.emitToolCall(lookupOrder, { orderId: 'A' });

  const error = await rejectionOf(rt.settled());

  expect(error).toBeInstanceOf(MismatchError);
  expect(error).toMatchObject({ actual: expect.stringContaining('sendFunctionCallOutput') });
});
