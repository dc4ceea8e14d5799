import { RealtimeAgent, RealtimeSession, tool } from '@openai/agents/realtime';
import { realtime, SettleTimeoutError } from 'agents-testkit';
import { z } from 'zod';
import { expect, rejectionOf, test } from './support';

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
  const { refund, agent } = refundDesk();
  const rt = realtime().emitToolCall(refund, { orderId: 'A-1', amount: 30 }).expectToolRejection(refund, 'Refunds need a manager.');
  const session = new RealtimeSession(agent, { transport: rt });
  session.on('tool_approval_requested', (_context, _agent, request) => {
    void session.reject(request.approvalItem, { message: 'Refunds need a manager.' });
  });
  await session.connect({ apiKey: 'test' });
  await rt.settled();
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
