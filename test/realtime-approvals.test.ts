import { RealtimeAgent, RealtimeSession, tool } from '@openai/agents/realtime';
import { MismatchError, realtime, SettleTimeoutError } from 'agents-testkit';
import { z } from 'zod';
import { expect, failureOf, rejectionOf, test } from './support';

function refundDesk() {
  const refunds: string[] = [];
  const refund = tool({
    name: 'refund',
    description: 'Refunds an order',
    parameters: z.object({ orderId: z.string(), amount: z.number() }),
    needsApproval: true,
    execute: async ({ orderId, amount }) => {
      refunds.push(orderId);
      return `Refunded ${amount} on ${orderId}.`;
    },
  });
  return { refund, refunds, agent: new RealtimeAgent({ name: 'Support', tools: [refund] }) };
}

test('an approved call runs the tool and sends its output', async () => {
  const { refund, refunds, agent } = refundDesk();
  const rt = realtime().emitToolCall(refund, { orderId: 'A-1', amount: 30 }).expectToolOutput(refund, 'Refunded 30 on A-1.');
  const session = new RealtimeSession(agent, { transport: rt });
  session.on('tool_approval_requested', (_context, _agent, request) => void session.approve(request.approvalItem));
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(refunds).toEqual(['A-1']);
  expect(rt).toHaveRunRealtimeTool(refund, 1);
});

test('expectToolOutput without an output: an app that now rejects the call fails it (the rejection is no output of the tool)', async () => {
  const { refund, refunds, agent } = refundDesk();
  const rt = realtime({ verify: false }).emitToolCall(refund, { orderId: 'A-1', amount: 30 }).expectToolOutput(refund);
  const session = new RealtimeSession(agent, { transport: rt });
  session.on('tool_approval_requested', (_context, _agent, request) => void session.reject(request.approvalItem));
  await session.connect({ apiKey: 'test' });
  await rt.settled().catch(() => undefined);

  expect(refunds).toEqual([]);
  expect(rt).not.toBeComplete();
  expect(failureOf(() => expect(rt).toBeComplete())).toContain("an output that is not the SDK's tool-error text or an approval's rejection");
  session.close();
});

test('a rejected call never runs; the model hears the rejection', async () => {
  const { refund, refunds, agent } = refundDesk();
  const rt = realtime().emitToolCall(refund, { orderId: 'A-1', amount: 30 }).expectToolRejection(refund);
  const session = new RealtimeSession(agent, { transport: rt });
  session.on('tool_approval_requested', (_context, _agent, request) => void session.reject(request.approvalItem));
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(refunds).toEqual([]);
  expect(rt).toHaveSentRealtime('sendFunctionCallOutput', { output: 'Tool execution was not approved.', startResponse: true });
});

test('a rejection with a message sends that message', async () => {
  const { refund, refunds, agent } = refundDesk();
  const rt = realtime().emitToolCall(refund, { orderId: 'A-1', amount: 30 }).expectToolRejection(refund, 'Refunds need a manager.');
  const session = new RealtimeSession(agent, { transport: rt });
  session.on('tool_approval_requested', (_context, _agent, request) => {
    void session.reject(request.approvalItem, { message: 'Refunds need a manager.' });
  });
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(refunds).toEqual([]);
  expect(rt).toHaveSentRealtime('sendFunctionCallOutput', { output: 'Refunds need a manager.', startResponse: true });
  expect(rt).toHaveRunRealtimeTool(refund, 0);
});

test('a rejection with another message than the script expects fails', async () => {
  const { refund, agent } = refundDesk();
  const rt = realtime({ verify: false }).emitToolCall(refund, { orderId: 'A-1', amount: 30 }).expectToolRejection(refund, 'Refunds need a manager.');
  const session = new RealtimeSession(agent, { transport: rt });
  session.on('tool_approval_requested', (_context, _agent, request) => void session.reject(request.approvalItem, { message: 'Not today.' }));
  await session.connect({ apiKey: 'test' });

  const error = await rejectionOf(rt.settled());

  expect(error).toMatchObject({ kind: 'wrong_arguments', callIndex: 1, stepIndex: 1 });
  expect(error.message).toContain(`The call's output is "Not today.", expected "Refunds need a manager.".`);
});

test('a rejection without a message where the script expects one fails, and the other way round', async () => {
  const { refund, agent } = refundDesk();
  const wantsMessage = realtime({ verify: false }).emitToolCall(refund, { orderId: 'A-1', amount: 30 }).expectToolRejection(refund, 'Refunds need a manager.');
  const wantsDefault = realtime({ verify: false }).emitToolCall(refund, { orderId: 'A-1', amount: 30 }).expectToolRejection(refund);
  const outputs: Record<string, unknown> = {};
  for (const [name, rt, message] of [
    ['wantsMessage', wantsMessage, undefined],
    ['wantsDefault', wantsDefault, 'Refunds need a manager.'],
  ] as const) {
    const session = new RealtimeSession(agent, { transport: rt });
    session.on('tool_approval_requested', (_context, _agent, request) => void session.reject(request.approvalItem, message === undefined ? undefined : { message }));
    await session.connect({ apiKey: 'test' });
    outputs[name] = ((await rejectionOf(rt.settled())) as MismatchError).kind;
    session.close();
  }

  expect(outputs).toEqual({ wantsMessage: 'wrong_arguments', wantsDefault: 'wrong_arguments' });
});

test('a call left waiting for approval fails within the timeout, naming the output it waits for', async () => {
  const { refund, agent } = refundDesk();
  const rt = realtime({ verify: false, timeoutMs: 50 }).emitToolCall(refund, { orderId: 'A-1', amount: 30 }).expectToolOutput(refund);
  const session = new RealtimeSession(agent, { transport: rt });
  const requested: string[] = [];
  session.on('tool_approval_requested', (_context, _agent, request) => requested.push(request.approvalItem.toolName ?? ''));
  await session.connect({ apiKey: 'test' });

  const error = await rejectionOf(rt.settled());

  expect(requested).toEqual(['refund']);
  expect(error).toBeInstanceOf(SettleTimeoutError);
  expect(error).toMatchObject({ timeoutMs: 50, waitingFor: 'a sendFunctionCallOutput call (step 2)', pending: ['2. expectToolOutput(refund)'] });
  expect(error.message).toMatchSnapshot();
});

test('an approval where the script expects a rejection fails', async () => {
  const { refund, agent } = refundDesk();
  const rt = realtime({ verify: false }).emitToolCall(refund, { orderId: 'A-1', amount: 30 }).expectToolRejection(refund);
  const session = new RealtimeSession(agent, { transport: rt });
  session.on('tool_approval_requested', (_context, _agent, request) => void session.approve(request.approvalItem));
  await session.connect({ apiKey: 'test' });

  const error = await rejectionOf(rt.settled());

  expect(error.message).toContain('output is "Refunded 30 on A-1.", expected "Tool execution was not approved."');
});
