import { handoff } from '@openai/agents';
import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import { MismatchError, realtime, transcriptOf } from 'agents-testkit';
import { expect, rejectionOf, test } from './support';

function desk() {
  const billing = new RealtimeAgent({ name: 'Billing', instructions: 'Handle invoices.' });
  const triage = new RealtimeAgent({ name: 'Triage', instructions: 'Route callers.', handoffs: [billing] });
  return { billing, triage };
}

test('a handoff switches the session to the new agent and confirms the transfer', async () => {
  const { billing, triage } = desk();
  const rt = realtime().emitHandoff(billing).expectHandoff(billing);
  const session = new RealtimeSession(triage, { transport: rt });
  const handoffs: string[] = [];
  session.on('agent_handoff', (_context, from, to) => handoffs.push(`${from.name} → ${to.name}`));
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(handoffs).toEqual(['Triage → Billing']);
  expect(session.currentAgent).toBe(billing);
  expect(rt.callsOf('sendFunctionCallOutput')[0]).toMatchObject({
    toolCall: { name: 'transfer_to_Billing', callId: 'call_1' },
    output: '{"assistant":"Billing"}',
  });
  expect(transcriptOf(session)).toEqual(['tool: transfer_to_Billing({}) → {"assistant":"Billing"}']);
});

test('a handoff can be named by the agent name, the tool name, or a handoff()', async () => {
  const { billing } = desk();
  const custom = handoff(billing, { toolNameOverride: 'to_billing' });
  const triage = new RealtimeAgent({ name: 'Triage', handoffs: [custom] });
  const rt = realtime().emitHandoff(custom).expectHandoff(custom);
  const session = new RealtimeSession(triage, { transport: rt });
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(rt).toHaveSentRealtime('sendFunctionCallOutput', { toolCall: { name: 'to_billing' } });
  const byName = realtime({ verify: false }).emitHandoff('Billing').expectHandoff('transfer_to_Billing');
  expect(byName.remainingSteps).toBe(3);
});

test('tools of the new agent are what the agent offers from then on', async () => {
  const { billing, triage } = desk();
  const rt = realtime({ verify: false }).emitHandoff(billing).expectHandoff(billing).emitHandoff(billing);
  const session = new RealtimeSession(triage, { transport: rt });
  await session.connect({ apiKey: 'test' });

  const error = await rejectionOf(rt.settled());

  expect(error).toBeInstanceOf(MismatchError);
  expect(error).toMatchObject({ kind: 'not_offered', stepIndex: 3 });
  expect(error.message).toMatchSnapshot();
});

test('a handoff the agent does not offer fails, naming what it offers', async () => {
  const { triage } = desk();
  const rt = realtime({ verify: false }).emitHandoff('Refunds');
  const session = new RealtimeSession(triage, { transport: rt });
  await session.connect({ apiKey: 'test' });

  const error = await rejectionOf(rt.settled());

  expect(error).toMatchObject({ kind: 'not_offered' });
  expect(error.message).toMatchSnapshot();
});
