import { RealtimeAgent } from '@openai/agents/realtime';
import { realtime } from 'agents-testkit';
import { expect, failureOf, test } from './support';

// The test plays the session here: it calls the transport the way a session would, once as the
// script expects and once the way a drifted session would, and the script must tell them apart.
const billing = new RealtimeAgent({ name: 'Billing', instructions: 'Handle invoices.' });
const toolCall = (name: string, callId: string) => ({ type: 'function_call' as const, id: 'item_1', name, callId, arguments: '{}', responseId: 'response_1' });

async function connected<T extends { connect(options: never): Promise<void> }>(rt: T): Promise<T> {
  await rt.connect({ apiKey: 'test' } as never);
  await new Promise((resolve) => setTimeout(resolve, 0)); // the emit steps before the first expect play now
  return rt;
}

test('expectHandoff wants the new agent\'s instructions, then the transfer output for the emitted call', async () => {
  const right = await connected(realtime().emitHandoff(billing).expectHandoff(billing));
  right.updateSessionConfig({ instructions: 'Handle invoices.' });
  right.sendFunctionCallOutput(toolCall('transfer_to_Billing', 'call_1'), '{"assistant":"Billing"}', true);
  expect(right).toBeComplete();

  const otherInstructions = await connected(realtime({ verify: false }).emitHandoff(billing).expectHandoff(billing));
  otherInstructions.updateSessionConfig({ instructions: 'Route callers.' });
  expect(failureOf(() => expect(otherInstructions).toBeComplete())).toContain('expectHandoff(Billing): updateSessionConfig');

  const otherCall = await connected(realtime({ verify: false }).emitHandoff(billing).expectHandoff(billing));
  otherCall.updateSessionConfig({ instructions: 'Handle invoices.' });
  otherCall.sendFunctionCallOutput(toolCall('transfer_to_Billing', 'call_9'), '{"assistant":"Billing"}', true);
  expect(failureOf(() => expect(otherCall).toBeComplete())).toContain('expectHandoff(Billing): sendFunctionCallOutput');

  const otherOutput = await connected(realtime({ verify: false }).emitHandoff(billing).expectHandoff(billing));
  otherOutput.updateSessionConfig({ instructions: 'Handle invoices.' });
  otherOutput.sendFunctionCallOutput(toolCall('transfer_to_Billing', 'call_1'), '{"assistant":"Triage"}', true);
  expect(otherOutput).not.toBeComplete();
});

test('a handoff named by its agent name expects the SDK\'s transfer text for that name', async () => {
  const right = await connected(realtime().emitHandoff('Billing').expectHandoff('Billing'));
  right.updateSessionConfig({ instructions: 'anything' });
  right.sendFunctionCallOutput(toolCall('transfer_to_Billing', 'call_1'), '{"assistant":"Billing"}', true);
  expect(right).toBeComplete();

  const wrong = await connected(realtime({ verify: false }).emitHandoff('Billing').expectHandoff('Billing'));
  wrong.updateSessionConfig({ instructions: 'anything' });
  wrong.sendFunctionCallOutput(toolCall('transfer_to_Billing', 'call_1'), '{"assistant":"Other"}', true);
  expect(wrong).not.toBeComplete();
});

test('expectGuardrailTrip wants the feedback that names the guardrail, after the stop it was told', async () => {
  const named = await connected(realtime().expectGuardrailTrip('no_secrets', { stops: 'cancel' }));
  named.sendEvent({ type: 'response.cancel' });
  named.sendMessage('Failed Guardrail Reason: no_secrets. Please try again.', {});
  expect(named).toBeComplete();

  const otherEvent = await connected(realtime({ verify: false }).expectGuardrailTrip('no_secrets', { stops: 'cancel' }));
  otherEvent.sendEvent({ type: 'response.create' });
  expect(failureOf(() => expect(otherEvent).toBeComplete())).toContain('expectGuardrailTrip("no_secrets"): sendEvent(response.cancel)');

  const otherName = await connected(realtime({ verify: false }).expectGuardrailTrip('no_secrets'));
  otherName.sendMessage('Failed Guardrail Reason: no_links.', {});
  expect(failureOf(() => expect(otherName).toBeComplete())).toContain('expectGuardrailTrip("no_secrets"): sendMessage(feedback)');

  const unnamed = await connected(realtime().expectGuardrailTrip(undefined, { stops: 'interrupt' }));
  unnamed.interrupt();
  unnamed.sendMessage('Your last answer was blocked. Try again.', {});
  expect(unnamed).toBeComplete();

  const unnamedWrong = await connected(realtime({ verify: false }).expectGuardrailTrip());
  unnamedWrong.sendMessage('Something else.', {});
  expect(failureOf(() => expect(unnamedWrong).toBeComplete())).toContain('expectGuardrailTrip(): sendMessage(feedback)');
});

test('expectToolRejection wants the rejection text; a custom text is matched exactly', async () => {
  const custom = await connected(realtime().emitToolCall('refund', { orderId: 'A' }).expectToolRejection('refund', 'Not today.'));
  custom.sendFunctionCallOutput(toolCall('refund', 'call_1'), 'Not today.', true);
  expect(custom).toBeComplete();

  const wrong = await connected(realtime({ verify: false }).emitToolCall('refund', { orderId: 'A' }).expectToolRejection('refund', 'Not today.'));
  wrong.sendFunctionCallOutput(toolCall('refund', 'call_1'), 'Refunded.', true);
  expect(wrong).not.toBeComplete();
});

test('expectToolOutput without an output refuses each of the SDK\'s tool-error texts, and takes any other text', async () => {
  const errors = [
    'An error occurred while running the tool. Please try again.',
    'An error occurred while parsing tool arguments. Please try again.',
    "Tool 'refund' timed out after 100ms.",
    'Tool refund not found',
  ];
  for (const text of errors) {
    const rt = await connected(realtime({ verify: false }).emitToolCall('refund', { orderId: 'A' }).expectToolOutput('refund'));
    rt.sendFunctionCallOutput(toolCall('refund', 'call_1'), text, true);
    expect(rt).not.toBeComplete();
  }
  const fine = await connected(realtime().emitToolCall('refund', { orderId: 'A' }).expectToolOutput('refund'));
  fine.sendFunctionCallOutput(toolCall('refund', 'call_1'), 'Tool refund refunded', true);
  expect(fine).toBeComplete();
});
