import { Agent, run, withCustomSpan, withTrace } from '@openai/agents';
import { RealtimeAgent, RealtimeSession, tool } from '@openai/agents/realtime';
import { configure, model, realtime, traces } from 'agents-testkit';
import { z } from 'zod';
import { afterEach, describe, expect, recorded, test, warningsDuring } from './support';

// A Realtime session turns a tool that throws into the text its errorFunction makes and sends that
// as the tool's output. With the SDK's default errorFunction the text says so; with the app's own it
// says anything, so the script reads the failure where the SDK marks it: the tool's function span.

function refundTool(execute: () => Promise<string>) {
  return tool({
    name: 'refund',
    description: 'Refunds an order',
    parameters: z.object({ orderId: z.string() }),
    execute,
    errorFunction: () => 'Sorry, I could not do that right now.',
  });
}
const failing = refundTool(async () => {
  throw new Error('the payment service is down');
});
const working = refundTool(async () => 'Refunded.');

async function play(rt: ReturnType<typeof realtime>, refund: typeof failing) {
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Billing', tools: [refund] }), { transport: rt });
  await session.connect({ apiKey: 'test' });
  await rt.settled().catch(() => undefined);
  return session;
}

afterEach(() => configure({ onToolFailure: 'error' }));

test('expectToolOutput(tool) refuses the output of a tool whose own errorFunction hid its failure', async () => {
  const rt = realtime({ verify: false }).emitToolCall(failing, { orderId: 'A' }).expectToolOutput(failing);
  await play(rt, failing);

  expect(rt).not.toBeComplete();
  const [mismatch] = recorded(rt);
  expect(mismatch?.kind).toBe('tool_failed');
  expect(mismatch?.message).toContain('its own errorFunction made "Sorry, I could not do that right now." of the failure');
  expect(mismatch?.message).toContain('.expectToolOutput("refund", "Sorry, I could not do that right now.")');
});

test.each([
  ['expect.any(String)', expect.any(String)],
  ['expect.anything()', expect.anything()],
])('expectToolOutput(tool, %s) takes any output, so it too refuses one whose tool failed', async (_label, anyOutput) => {
  const rt = realtime({ verify: false }).emitToolCall(failing, { orderId: 'A' }).expectToolOutput(failing, anyOutput);
  await play(rt, failing);

  expect(rt).not.toBeComplete();
  expect(recorded(rt)[0]?.kind).toBe('tool_failed');
});

test('expectToolOutput(tool, expect.any(String)) passes the output of a tool that ran', async () => {
  const rt = realtime().emitToolCall(working, { orderId: 'A' }).expectToolOutput(working, expect.any(String));
  await play(rt, working);

  expect(rt).toBeComplete();
});

describe('a failed call the model sends again', () => {
  // The session resends the output it already sent for the call id, without running the tool again:
  // the resent text is still the failure's, and a step that takes any output refuses it there too.
  const planned = () => realtime({ verify: false }).emitToolCall(failing, { orderId: 'A' }).expectToolOutput(failing, 'Sorry, I could not do that right now.').reemitToolCall();

  test.each([
    ['expectToolOutput(tool)', (rt: ReturnType<typeof planned>) => rt.expectToolOutput(failing)],
    ['expectToolOutput(tool, expect.any(String))', (rt: ReturnType<typeof planned>) => rt.expectToolOutput(failing, expect.any(String))],
  ])('is refused by %s, though the first failure was planned', async (_label, expectAgain) => {
    const rt = expectAgain(planned());
    await play(rt, failing);

    expect(rt).not.toBeComplete();
    const [mismatch] = recorded(rt);
    // The third call the session made (0-based 2): the resent output, not the planned first one.
    expect(mismatch).toMatchObject({ kind: 'tool_failed', callIndex: 2 });
    expect(mismatch?.message).toContain('its own errorFunction made "Sorry, I could not do that right now." of the failure');
  });

  test('passes when the test plans the failure again, and the tool ran once', async () => {
    let runs = 0;
    const counted = refundTool(async () => {
      runs += 1;
      throw new Error('the payment service is down');
    });
    const rt = realtime().emitToolCall(counted, { orderId: 'A' }).expectToolOutput(counted, 'Sorry, I could not do that right now.').reemitToolCall().expectToolOutput(counted, 'Sorry, I could not do that right now.');
    await play(rt, counted);

    expect(rt).toBeComplete();
    expect(runs).toBe(1);
  });
});

test('the output the test expects plans the failure', async () => {
  const rt = realtime().emitToolCall(failing, { orderId: 'A' }).expectToolOutput(failing, 'Sorry, I could not do that right now.');
  await play(rt, failing);

  expect(rt).toBeComplete();
});

test('so does a matcher of the test that names the failure', async () => {
  const namesTheFailure = { asymmetricMatch: (text: unknown) => String(text).includes('could not do that'), toAsymmetricMatcher: () => 'NamesTheFailure' };
  const rt = realtime().emitToolCall(failing, { orderId: 'A' }).expectToolOutput(failing, namesTheFailure);
  await play(rt, failing);

  expect(rt).toBeComplete();
});

test('a tool that ran passes expectToolOutput(tool)', async () => {
  const rt = realtime().emitToolCall(working, { orderId: 'A' }).expectToolOutput(working);
  await play(rt, working);

  expect(rt).toBeComplete();
});

test("onToolFailure: 'warn' warns of the failure instead, and 'ignore' lets it pass", async () => {
  configure({ onToolFailure: 'warn' });
  const warned = realtime().emitToolCall(failing, { orderId: 'A' }).expectToolOutput(failing);
  const warnings = await warningsDuring(() => play(warned, failing));
  expect(warned).toBeComplete();
  expect(warnings.join('\n')).toContain('its own errorFunction made');

  configure({ onToolFailure: 'ignore' });
  const quiet = realtime().emitToolCall(failing, { orderId: 'A' }).expectToolOutput(failing);
  expect(await warningsDuring(() => play(quiet, failing))).toEqual([]);
  expect(quiet).toBeComplete();
});

test('a run the tool starts is traced as without the kit: the span the script watches the tool with is no trace of its own', async () => {
  const trace = traces();
  const expert = new Agent({ name: 'Expert', model: model().replies('Refunds take 3 days.') });
  const ask = tool({
    name: 'ask_expert',
    description: 'Asks the expert',
    parameters: z.object({ question: z.string() }),
    execute: async ({ question }) => String((await run(expert, question)).finalOutput),
  });
  const rt = realtime().emitToolCall(ask, { question: 'How long?' }).expectToolOutput(ask, 'Refunds take 3 days.');
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Billing', tools: [ask] }), { transport: rt });
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(trace).toHaveSpan('agent', { name: 'Expert' });
});

test("under the app's own trace the call is handed over as it came: the tool's spans stay in that trace (and its failure is not seen)", async () => {
  const trace = traces();
  const audited = tool({
    name: 'refund',
    description: 'Refunds an order',
    parameters: z.object({ orderId: z.string() }),
    execute: async ({ orderId }) => withCustomSpan(async () => `Refunded ${orderId}.`, { data: { name: 'audit', data: { orderId } } }),
  });
  const rt = realtime().emitToolCall(audited, { orderId: 'A' }).expectToolOutput(audited, 'Refunded A.');
  await withTrace('Voice session', async () => {
    const session = new RealtimeSession(new RealtimeAgent({ name: 'Billing', tools: [audited] }), { transport: rt });
    await session.connect({ apiKey: 'test' });
    await rt.settled();
  });

  expect(trace).toHaveSpan('custom', { name: 'audit', data: { orderId: 'A' } });
});
