import { RealtimeAgent, RealtimeSession, type RealtimeOutputGuardrail } from '@openai/agents/realtime';
import { realtime, SettleTimeoutError } from 'agents-testkit';
import { expect, rejectionOf, test } from './support';

const noSecrets: RealtimeOutputGuardrail = {
  name: 'no_secrets',
  execute: async ({ agentOutput }) => ({ tripwireTriggered: agentOutput.includes('secret'), outputInfo: { found: 'secret' } }),
};

function guardedSession(rt: ReturnType<typeof realtime>, guardrail: RealtimeOutputGuardrail = noSecrets, debounceTextLength?: number) {
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), {
    transport: rt,
    outputGuardrails: [guardrail],
    ...(debounceTextLength === undefined ? {} : { outputGuardrailSettings: { debounceTextLength } }),
  });
  const tripped: string[] = [];
  session.on('guardrail_tripped', (_context, _agent, error) => tripped.push(error.result.guardrail.name));
  return { session, tripped };
}

test('a tripped guardrail interrupts a spoken answer and sends the model feedback', async () => {
  const rt = realtime().emitAudioReply('The secret code is 42.').expectGuardrailTrip('no_secrets');
  const { session, tripped } = guardedSession(rt);
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(tripped).toEqual(['no_secrets']);
  expect(rt.calls.map((call) => call.method)).toEqual(['connect', 'interrupt', 'sendMessage']);
});

test('a spoken answer inside emitResponse is interrupted too, as the last item of its response', async () => {
  const rt = realtime().emitResponse((r) => r.text('Let me read it out.').audio('The secret code is 42.')).expectGuardrailTrip('no_secrets');
  const { session, tripped } = guardedSession(rt);
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(tripped).toEqual(['no_secrets']);
  expect(rt.calls.map((call) => call.method)).toEqual(['connect', 'interrupt', 'sendMessage']);
});

test('a tripped guardrail cancels a text answer that is still streaming', async () => {
  const rt = realtime().emitTextReply('The secret code is 42.', { done: false }).expectGuardrailTrip('no_secrets');
  const { session } = guardedSession(rt, noSecrets, 10);
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(rt).toHaveSentRealtime('sendEvent', { event: { type: 'response.cancel', response_id: 'response_1' } });
});

test('a text answer already done is not cancelled; only the feedback goes out', async () => {
  const rt = realtime().emitTextReply('The secret code is 42.').expectGuardrailTrip('no_secrets');
  const { session } = guardedSession(rt);
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(rt.calls.map((call) => call.method)).toEqual(['connect', 'sendMessage']);
});

test("the feedback names the guardrail's policy hint when it has one", async () => {
  const rt = realtime().emitAudioReply('The secret code is 42.').expectGuardrailTrip('keep it private');
  const { session } = guardedSession(rt, { ...noSecrets, policyHint: 'keep it private' });
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(rt).toHaveSentRealtime('sendMessage', { message: expect.stringContaining('Failed Guardrail Reason: keep it private.') });
});

test('a trip whose feedback names another guardrail than the script fails', async () => {
  const rt = realtime({ verify: false }).emitAudioReply('The secret code is 42.').expectGuardrailTrip('no_links');
  const { session, tripped } = guardedSession(rt);
  await session.connect({ apiKey: 'test' });

  const error = await rejectionOf(rt.settled());

  expect(tripped).toEqual(['no_secrets']);
  expect(error).toMatchObject({ kind: 'wrong_arguments', callIndex: 2, stepIndex: 2 });
  expect(error.message).toContain('expectGuardrailTrip("no_links"): sendMessage(feedback) (step 3)');
  expect(error.message).toContain('expected StringContaining "Your last answer was blocked." and "Failed Guardrail Reason: no_links."');
});

test('the cancel names the response the guardrail blocks', async () => {
  const rt = realtime().emitTextReply('The secret code is 42.', { done: false, responseId: 'resp_secret' }).expectGuardrailTrip('no_secrets');
  const { session } = guardedSession(rt, noSecrets, 10);
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(rt.callsOf('sendEvent')).toMatchObject([{ event: { type: 'response.cancel', response_id: 'resp_secret' } }]);
});

test('a guardrail that should trip and does not fails within the timeout, naming the steps', async () => {
  const rt = realtime({ verify: false, timeoutMs: 50 }).emitAudioReply('All is well.').expectGuardrailTrip('no_secrets');
  const { session } = guardedSession(rt);
  await session.connect({ apiKey: 'test' });

  const error = await rejectionOf(rt.settled());

  expect(error).toBeInstanceOf(SettleTimeoutError);
  expect((error as SettleTimeoutError).pending).toEqual([
    '2. expectGuardrailTrip("no_secrets"): interrupt()',
    '3. expectGuardrailTrip("no_secrets"): sendMessage(feedback)',
  ]);
});

test('a guardrail that trips where the script expects none fails', async () => {
  const rt = realtime({ verify: false }).emitAudioReply('The secret code is 42.');
  const { session } = guardedSession(rt);
  await session.connect({ apiKey: 'test' });

  const error = await rejectionOf(rt.settled());

  expect(error).toMatchObject({ kind: 'unexpected_call', callIndex: 1, actual: 'interrupt()' });
  expect(error.message).toMatchSnapshot();
});
