import { RealtimeAgent, RealtimeSession, tool } from '@openai/agents/realtime';
import { asserting, MismatchError, realtime, SettleTimeoutError, transcriptOf } from 'agents-testkit';
import { z } from 'zod';
import { expect, failureOf, rejectionOf, sessionErrors, test, thrownBy } from './support';

// One-line steps for what tests of Realtime sessions keep writing by hand.

function orders() {
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
  return { lookupOrder, runs, agent: new RealtimeAgent({ name: 'Orders', tools: [lookupOrder] }) };
}

test('a tool call without a call id: the session knows it by its item id, and so does the script', async () => {
  const { lookupOrder, runs, agent } = orders();
  const rt = realtime().emitToolCall(lookupOrder, { orderId: 'A' }, { callId: '' }).expectToolOutput(lookupOrder, 'Order A has shipped.');
  const session = new RealtimeSession(agent, { transport: rt });
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(runs).toEqual(['A']);
  expect(rt.callsOf('sendFunctionCallOutput')[0]?.toolCall).toMatchObject({ id: 'item_1', callId: 'item_1' });
});

test('an event delivered to a closed session on purpose: the session ignores it', async () => {
  const { lookupOrder, runs, agent } = orders();
  const rt = realtime().expect('close').emitToolCall(lookupOrder, { orderId: 'A' }).evenIfClosed();
  const session = new RealtimeSession(agent, { transport: rt });
  await session.connect({ apiKey: 'test' });
  session.close();
  await rt.settled();

  expect(rt.status).toBe('disconnected');
  expect(runs).toEqual([]);
  expect(rt).not.toHaveSentRealtime('sendFunctionCallOutput');
  expect(rt).toHaveRunRealtimeTool(lookupOrder, 0);
});

test('a step added after close() and marked evenIfClosed is delivered, not left waiting for a connection', async () => {
  const { lookupOrder, runs, agent } = orders();
  const rt = realtime({ timeoutMs: 200 });
  const session = new RealtimeSession(agent, { transport: rt });
  await session.connect({ apiKey: 'test' });
  session.close();

  rt.emitToolCall(lookupOrder, { orderId: 'A' }).evenIfClosed();
  await rt.settled();

  expect(runs).toEqual([]);
  expect(rt).toBeComplete();
});

test('without evenIfClosed, events wait for the next connection, and a timeout says so', async () => {
  const { lookupOrder, agent } = orders();
  const rt = realtime({ verify: false, timeoutMs: 30 }).expect('close').emitToolCall(lookupOrder, { orderId: 'A' });
  const session = new RealtimeSession(agent, { transport: rt });
  await session.connect({ apiKey: 'test' });
  session.close();

  const error = await rejectionOf(rt.settled());

  expect(error).toBeInstanceOf(SettleTimeoutError);
  expect(error).toMatchObject({ pending: ['2. emitToolCall(lookup_order, {"orderId":"A"})'] });
  expect((error as SettleTimeoutError).waitingFor).toBe(
    'the session to connect, to deliver step 2, emitToolCall(lookup_order, {"orderId":"A"}): events reach the session only once session.connect() has resolved ' +
      '(the transport is disconnected; to deliver it to the closed session, write .evenIfClosed() after it)',
  );
});

test('a call of a tool the agent does not offer: the SDK answers "not found" without a response, and reports an error', async () => {
  const { agent } = orders();
  const rt = realtime().emitUnknownToolCall('lookup_invoice', { invoiceId: 'I-1' }).expectToolNotFound('lookup_invoice');
  const session = new RealtimeSession(agent, { transport: rt });
  rt.expectSessionError(session, 'Tool lookup_invoice not found');
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(rt).toHaveSentRealtime('sendFunctionCallOutput', { output: 'Tool lookup_invoice not found', startResponse: false });
  expect(rt).toHaveRunRealtimeTool('lookup_invoice', 0);
});

test('a tool meant to be unknown that the agent offers fails: the session would run it', async () => {
  const { lookupOrder, agent } = orders();
  const rt = realtime({ verify: false }).emitUnknownToolCall(lookupOrder.name, { orderId: 'A' }).expectToolNotFound(lookupOrder.name);
  const session = new RealtimeSession(agent, { transport: rt });
  await session.connect({ apiKey: 'test' });

  const error = await rejectionOf(rt.settled());

  expect(error).toBeInstanceOf(MismatchError);
  expect(error).toMatchObject({ kind: 'offered', stepIndex: 0 });
  expect(error.message).toMatchSnapshot();
});

test("a session error event as an expected step: the server's error, passed on by the session", async () => {
  const rt = realtime().emitError({ message: 'rate limited', code: 'rate_limit_exceeded' });
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), { transport: rt });
  rt.expectSessionError(session, /rate limited/);
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(rt).toBeComplete();
});

test('a session error that differs from the step, or that no step expects, fails', async () => {
  const other = realtime({ verify: false }).emitError({ message: 'rate limited' });
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), { transport: other });
  other.expectSessionError(session, 'quota exceeded');
  await session.connect({ apiKey: 'test' });
  const differs = await rejectionOf(other.settled());
  expect(differs).toMatchObject({ kind: 'wrong_arguments', stepIndex: 1 });
  expect(differs.message).toBe(
    'realtime() session error, the session reported the error {"message":"rate limited"}: expected expectSessionError("quota exceeded"). Its message is "rate limited".',
  );

  const unexpected = realtime({ verify: false }).emitError({ message: 'one' });
  const watched = new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), { transport: unexpected });
  unexpected.expectSessionError(watched, 'one').emitError({ message: 'two' });
  await watched.connect({ apiKey: 'test' });
  const error = await rejectionOf(unexpected.settled());
  expect(error).toMatchObject({ kind: 'unexpected_error' });
  expect(error.message).toMatchSnapshot();
});

test('a session error step that never comes is named when settled() gives up', async () => {
  const rt = realtime({ verify: false, timeoutMs: 30 });
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), { transport: rt });
  rt.expectSessionError(session);
  await session.connect({ apiKey: 'test' });

  expect(await rejectionOf(rt.settled())).toMatchObject({ waitingFor: 'an error event of the session (step 1)', pending: ['1. expectSessionError()'] });
});

test('a response holding a message and a tool call', async () => {
  const { lookupOrder, agent } = orders();
  const rt = realtime()
    .emitResponse((r) => r.text('Let me check.').toolCall(lookupOrder, { orderId: 'A' }))
    .expectToolOutput(lookupOrder, 'Order A has shipped.');
  const session = new RealtimeSession(agent, { transport: rt });
  const answers: string[] = [];
  session.on('agent_end', (_context, _agent, text) => answers.push(text));
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(answers).toEqual(['Let me check.']);
  expect(transcriptOf(session)).toEqual(['assistant: Let me check.', 'tool: lookup_order({"orderId":"A"}) → Order A has shipped.']);
  expect(rt.callsOf('sendFunctionCallOutput')[0]?.toolCall).toMatchObject({ callId: 'call_1', id: 'item_2', responseId: 'response_1' });
});

test('several transcript items in one response', async () => {
  const rt = realtime().emitResponse((r) => r.audio('Hello.', { audio: 100 }).audio('How can I help?', { audio: 100 }));
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Voice' }), { transport: rt });
  const answers: string[] = [];
  session.on('agent_end', (_context, _agent, text) => answers.push(text));
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(transcriptOf(session)).toEqual(['assistant: Hello.', 'assistant: How can I help?']);
  expect(answers).toEqual(['How can I help?']);
});

test('an item the server deletes leaves the history', async () => {
  const rt = realtime().emitUserMessage('Hello', { itemId: 'u1' }).emitTextReply('Hi!', { itemId: 'a1' }).emitItemDeleted('a1');
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), { transport: rt });
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(transcriptOf(session)).toEqual(['user: Hello']);
});

test('an MCP approval request, approved', async () => {
  const rt = realtime().emitMcpApprovalRequest('docs', 'search', { q: 'refunds' }).expectMcpApproval();
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), { transport: rt });
  const requested: string[] = [];
  session.on('tool_approval_requested', (_context, _agent, request) => {
    requested.push(request.type);
    void session.approve(request.approvalItem);
  });
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(requested).toEqual(['mcp_approval_request']);
  expect(rt.callsOf('sendMcpResponse')[0]).toMatchObject({ approvalRequest: { itemId: 'item_1', serverLabel: 'docs', name: 'search', arguments: { q: 'refunds' } }, approved: true });
});

test('an MCP approval request, rejected with a reason; an approval where the script expects a rejection fails', async () => {
  const rt = realtime().emitMcpApprovalRequest('docs', 'search', { q: 'salaries' }).expectMcpRejection('Not this one.');
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), { transport: rt });
  session.on('tool_approval_requested', (_context, _agent, request) => void session.reject(request.approvalItem, { message: 'Not this one.' }));
  await session.connect({ apiKey: 'test' });
  await rt.settled();
  expect(rt).toHaveSentRealtime('sendMcpResponse', { approved: false, reason: 'Not this one.' });

  const drifted = realtime({ verify: false }).emitMcpApprovalRequest('docs', 'search', { q: 'salaries' }).expectMcpRejection();
  const other = new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), { transport: drifted });
  other.on('tool_approval_requested', (_context, _agent, request) => void other.approve(request.approvalItem));
  await other.connect({ apiKey: 'test' });
  const error = await rejectionOf(drifted.settled());
  expect(error).toMatchObject({ kind: 'wrong_arguments', callIndex: 1, stepIndex: 1 });
  expect(error.message).toContain("The call's approved is true, expected false.");
});

test('a session error the app handles itself fails a strict script that expects none, naming the error and the fix', async () => {
  const rt = realtime({ verify: false }).emitError({ message: 'rate limited' });
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), { transport: rt });
  const errors = sessionErrors(session);
  await session.connect({ apiKey: 'test' });

  const error = await rejectionOf(rt.settled());

  expect(errors).toEqual([{ message: 'rate limited' }]);
  expect(error).toMatchObject({ kind: 'unexpected_error', expected: 'no more errors' });
  expect(error.message).toBe(
    'realtime() session error, the session reported the error {"message":"rate limited"}: expected no more errors. Script it with .expectSessionError(…) where it happens.',
  );
});

test("a session error reaches the script with no listener of the test's: the session's own failure, swallowed by the app's listener", async () => {
  const guardrail = { name: 'no_refunds', execute: async () => { throw new Error('guardrail service down'); } };
  const rt = realtime({ verify: false }).emitTextReply('Your refund is on its way.');
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), { transport: rt, outputGuardrails: [guardrail] });
  session.on('error', () => undefined); // the app logs and carries on
  await session.connect({ apiKey: 'test' });

  const error = await rejectionOf(rt.settled());

  expect(error).toMatchObject({ kind: 'unexpected_error' });
  expect(error.message).toContain('the session reported the error Error: guardrail service down');
});

test('a script that is not strict leaves the session errors no step expects alone', async () => {
  const rt = realtime({ strict: false }).emitError({ message: 'rate limited' });
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), { transport: rt });
  const errors = sessionErrors(session);
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(errors).toEqual([{ message: 'rate limited' }]);
  expect(rt).toBeComplete();
});

test('expectSessionError without the session: the error reaches the step all the same, once', async () => {
  const rt = realtime({ verify: false }).emitError({ message: 'rate limited' }).expectSessionError(/rate limited/).emitError({ message: 'again' }).expectSessionError('again');
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), { transport: rt });
  rt.expectSessionError(session, 'never'); // the session given too: its listener must not hear the two errors a second time
  const errors = sessionErrors(session);
  await session.connect({ apiKey: 'test' });

  const error = await rejectionOf(rt.settled({ timeoutMs: 100 }));

  expect(errors).toHaveLength(2);
  expect(error).toMatchObject({ pending: ['5. expectSessionError("never")'] });
});

test('expectSessionError without the session still checks the error against its match, and names it in the script', async () => {
  const rt = realtime({ verify: false }).emitError({ message: 'rate limited' }).expectSessionError('quota exceeded');
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), { transport: rt });
  session.on('error', () => undefined);
  await session.connect({ apiKey: 'test' });
  expect(await rejectionOf(rt.settled())).toMatchObject({ kind: 'wrong_arguments', stepIndex: 1 });

  const asserted = realtime().emitError({ message: 'rate limited' }).expectSessionError(asserting((error) => expect(error).toMatchObject({ message: 'rate limited' })));
  const listened = new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), { transport: asserted });
  listened.on('error', () => undefined);
  await listened.connect({ apiKey: 'test' });
  await asserted.settled();

  function rateLimited(error: unknown) {
    return (error as Error).message === 'rate limited';
  }
  const pending = realtime({ verify: false, timeoutMs: 30 })
    .expectSessionError()
    .expectSessionError('quota')
    .expectSessionError(/quota/)
    .expectSessionError(rateLimited)
    .expectSessionError((error) => error !== undefined);
  await new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), { transport: pending }).connect({ apiKey: 'test' });
  expect(await rejectionOf(pending.settled())).toMatchObject({
    pending: ['1. expectSessionError()', '2. expectSessionError("quota")', '3. expectSessionError(/quota/)', '4. expectSessionError(rateLimited)', '5. expectSessionError(predicate)'],
  });
});

test('a response holding a message and a handoff: the session transfers, and the step shows each item', async () => {
  const billing = new RealtimeAgent({ name: 'Billing', instructions: 'Handle invoices.' });
  const triage = new RealtimeAgent({ name: 'Triage', handoffs: [billing] });
  const rt = realtime()
    .emitResponse((r) => r.text('Transferring you.').handoff(billing))
    .expectHandoff(billing);
  const session = new RealtimeSession(triage, { transport: rt });
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(session.currentAgent.name).toBe('Billing');
  expect(rt.callsOf('sendFunctionCallOutput')[0]?.toolCall).toMatchObject({ name: 'transfer_to_Billing', arguments: '{}', callId: 'call_1', id: 'item_2', responseId: 'response_1' });
  expect(rt).toBeComplete();
});

test('a response step shows its items as written', () => {
  const { lookupOrder } = orders();
  const billing = new RealtimeAgent({ name: 'Billing' });
  const rt = realtime({ verify: false })
    .emitResponse((r) => r.text('Let me check.').audio('One moment, please.', { audio: 100 }).toolCall(lookupOrder, { orderId: 'A' }).toolCall('list_orders').handoff(billing))
    .emitResponse((r) => r.handoff('Billing', { callId: 'call_7' }));
  expect(failureOf(() => rt.assertComplete()).split('\n').slice(3, 5)).toEqual([
    '  1. emitResponse(text("Let me check."), audio("One moment, please."), toolCall(lookup_order, {"orderId":"A"}), toolCall(list_orders), handoff(Billing))',
    '  2. emitResponse(handoff("Billing"))',
  ]);
});

test('a bad item in a response is refused where it is written, naming the item', () => {
  const at = (item: string) => `realtime() step 1, emitResponse((r) => r.${item}())`;
  expect(thrownBy(() => realtime().emitResponse((r) => r.audio('x', { audio: 0 })))).toMatchObject({ reason: 'invalid_audio', message: `${at('audio')}: the audio duration must be a positive number of ms; got number 0.` });
  expect(thrownBy(() => realtime().emitResponse((r) => r.text('x').toolCall('lookup_order', {}, 5 as never)))).toMatchObject({ reason: 'invalid_option', message: `${at('toolCall')}: expected { itemId?, callId? }; got number 5.` });
  expect(thrownBy(() => realtime().emitResponse((r) => r.handoff('Billing', 5 as never)))).toMatchObject({ reason: 'invalid_option', message: `${at('handoff')}: expected { itemId?, callId? }; got number 5.` });
});

test('a response speaks for 200 ms unless told, and sends arguments given as a JSON string as they are', async () => {
  const { lookupOrder, agent } = orders();
  const rt = realtime()
    .emitResponse((r) => r.audio('One moment.').toolCall(lookupOrder, '{"orderId":"A"}' as never))
    .expectToolOutput(lookupOrder, 'Order A has shipped.');
  const session = new RealtimeSession(agent, { transport: rt });
  const audio: number[] = [];
  session.on('audio', (event) => audio.push(event.data.byteLength));
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(audio).toHaveLength(2); // 200 ms in chunks of 100 ms
  expect(rt.callsOf('sendFunctionCallOutput')[0]?.toolCall).toMatchObject({ name: 'lookup_order', arguments: '{"orderId":"A"}' });
});
