import { RealtimeAgent, RealtimeSession, tool } from '@openai/agents/realtime';
import { realtime } from 'agents-testkit';
import { z } from 'zod';

// Realtime sessions, from the packed package: what the session swallows must still fail the test.

// ── The app's approval handler now rejects the refund. The SDK never runs the tool and sends the
// model "Tool execution was not approved." as the call's output; a step that expects the tool's
// output, whatever it is, must not take that text for one.

// Must FAIL, naming: an output that is not the SDK's tool-error text or an approval's rejection
test("drift: the app rejects the call whose output the script expects", async () => {
  const refund = tool({
    name: 'refund',
    description: 'Refunds an order',
    parameters: z.object({ orderId: z.string() }),
    needsApproval: true,
    execute: async ({ orderId }) => `Refunded ${orderId}.`,
  });
  const rt = realtime({ timeoutMs: 500 }).emitToolCall(refund, { orderId: 'A-1' }).expectToolOutput(refund);
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Support', tools: [refund] }), { transport: rt });
  session.on('tool_approval_requested', (_context, _agent, request) => void session.reject(request.approvalItem));
  await session.connect({ apiKey: 'test' });

  await rt.settled();
  session.close();
});

// ── The app's output guardrail now throws (its moderation service is down). The session reports
// the failure as an `error` event, which the app only logs, and the answer goes out unchecked.

const moderation = {
  name: 'moderation',
  execute: async () => {
    throw new Error('the moderation service is down');
  },
};

// Must FAIL, naming: the session reported the error Error: the moderation service is down
test('drift: an output guardrail throws, and the app only logs the session error', async () => {
  const rt = realtime().emitTextReply('Your refund is on its way.');
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Support' }), { transport: rt, outputGuardrails: [moderation] });
  session.on('error', () => {}); // the app logs and carries on
  await session.connect({ apiKey: 'test' });

  await rt.settled();
  session.close();
});

test('realtime: a session error the script expects, without handing it the session', async () => {
  const rt = realtime().emitTextReply('Your refund is on its way.').expectSessionError('the moderation service is down');
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Support' }), { transport: rt, outputGuardrails: [moderation] });
  session.on('error', () => {});
  await session.connect({ apiKey: 'test' });

  await rt.settled();
  session.close();
  expect(rt).toBeComplete();
});

// ── The refund tool now throws, and its own errorFunction hands the model a polite text as the
// tool's output: the session goes on as if the tool had answered. The first test must FAIL,
// naming the text given; the second, which expects that text, must pass.

const SORRY = 'The refund service is unavailable just now.';

const failingRefund = tool({
  name: 'refund',
  description: 'Refunds an order',
  parameters: z.object({ orderId: z.string() }),
  execute: async (): Promise<string> => {
    throw new Error('the payment service is down');
  },
  errorFunction: () => SORRY,
});

async function playBilling(rt: ReturnType<typeof realtime>) {
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Billing', tools: [failingRefund] }), { transport: rt });
  await session.connect({ apiKey: 'test' });
  await rt.settled();
}

// Must FAIL, naming: its own errorFunction made "The refund service is unavailable just now." of the failure
test('drift: a Realtime tool fails behind its errorFunction, and the script expects its output', async () => {
  await playBilling(realtime().emitToolCall(failingRefund, { orderId: 'A' }).expectToolOutput(failingRefund));
});

// Must FAIL, naming: its own errorFunction made "The refund service is unavailable just now." of the failure
test('drift: a Realtime tool fails behind its errorFunction, and the script expects any text as its output', async () => {
  await playBilling(realtime().emitToolCall(failingRefund, { orderId: 'A' }).expectToolOutput(failingRefund, expect.any(String)));
});

// The model sends the failed call again (a new response, the same call id): the session resends the
// output it sent, without running the tool again. The resent output is still the failure's text.
// Must FAIL, naming: its own errorFunction made "The refund service is unavailable just now." of the failure
test('drift: a planned Realtime tool failure is sent again, and the script expects an output of a tool that ran', async () => {
  await playBilling(realtime().emitToolCall(failingRefund, { orderId: 'A' }).expectToolOutput(failingRefund, SORRY).reemitToolCall().expectToolOutput(failingRefund));
});

test('realtime: a tool failure the test plans, by the text it expects', async () => {
  const rt = realtime().emitToolCall(failingRefund, { orderId: 'A' }).expectToolOutput(failingRefund, SORRY);
  await playBilling(rt);

  expect(rt).toHaveRunRealtimeTool(failingRefund);
});

// ── Events the server sends after the session closed: scripted after close(), marked .evenIfClosed().

test('realtime: a step added after close() and marked evenIfClosed is delivered', async () => {
  let runs = 0;
  const lookupOrder = tool({
    name: 'lookup_order',
    description: 'Looks an order up',
    parameters: z.object({ orderId: z.string() }),
    execute: async ({ orderId }) => {
      runs += 1;
      return `Order ${orderId} has shipped.`;
    },
  });
  const rt = realtime({ timeoutMs: 500 });
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Orders', tools: [lookupOrder] }), { transport: rt });
  await session.connect({ apiKey: 'test' });
  session.close();

  rt.emitToolCall(lookupOrder, { orderId: 'A' }).evenIfClosed();
  await rt.settled();

  expect(runs).toBe(0);
  expect(rt).toHaveRunRealtimeTool(lookupOrder, 0);
});

// ── A wait for the app's timer: settled() resolves quickly once the script has just moved, so a
// loop of them must still let the event loop turn, or the timer never fires and the test spins.

test('realtime: a loop of settled() calls lets an app timer fire', async () => {
  const rt = realtime();
  let fired = false;
  setTimeout(() => (fired = true), 1);
  for (let round = 0; round < 20_000 && !fired; round += 1) await rt.settled();
  expect(fired).toBe(true);
});

// ── The session answers the last scripted event on its own: the tool's output it sends in reaction
// is planned by no step, and settled() must wait for that reaction and fail, not resolve first.

test("realtime: settled() waits for the session's reaction to the last events", async () => {
  const lookupOrder = tool({
    name: 'lookup_order',
    description: 'Looks an order up',
    parameters: z.object({ orderId: z.string() }),
    execute: async ({ orderId }) => `Order ${orderId} has shipped.`,
  });
  const rt = realtime({ verify: false });
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Orders', tools: [lookupOrder] }), { transport: rt });
  await session.connect({ apiKey: 'test' });
  await new Promise((resolve) => setTimeout(resolve, 5));
  rt.emitToolCall(lookupOrder, { orderId: 'A' });

  await expect(rt.settled()).rejects.toThrow(/sendFunctionCallOutput/);
});
