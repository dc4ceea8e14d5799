import { RealtimeAgent } from '@openai/agents/realtime';
import { realtime } from 'agents-testkit';
import { eventually, expect, failureOf, test } from './support';

// The test plays the session here: it calls the transport the way a session would, once as the
// script expects and once the way a drifted session would, and the script must tell them apart.
const billing = new RealtimeAgent({ name: 'Billing', instructions: 'Handle invoices.' });
const toolCall = (name: string, callId: string) => ({ type: 'function_call' as const, id: 'item_1', name, callId, arguments: '{}', responseId: 'response_1' });

/** Connects the script and waits until the `events` emit steps at its front have been delivered. */
async function connected<T extends { connect(options: never): Promise<void>; remainingSteps: number }>(rt: T, events = 0): Promise<T> {
  const left = rt.remainingSteps - events;
  await rt.connect({ apiKey: 'test' } as never);
  await eventually(() => rt.remainingSteps === left);
  return rt;
}

const FEEDBACK = (hint: string) => `⚠️ Your last answer was blocked. \nFailed Guardrail Reason: ${hint}. \nPlease respond again following policy.`;

test('expectHandoff wants the new agent\'s instructions, then the transfer output for the emitted call', async () => {
  const right = await connected(realtime().emitHandoff(billing).expectHandoff(billing), 1);
  right.updateSessionConfig({ instructions: 'Handle invoices.' });
  right.sendFunctionCallOutput(toolCall('transfer_to_Billing', 'call_1'), '{"assistant":"Billing"}', true);
  expect(right).toBeComplete();

  const otherInstructions = await connected(realtime({ verify: false }).emitHandoff(billing).expectHandoff(billing), 1);
  otherInstructions.updateSessionConfig({ instructions: 'Route callers.' });
  expect(failureOf(() => expect(otherInstructions).toBeComplete())).toContain('expectHandoff(Billing): updateSessionConfig');

  const otherCall = await connected(realtime({ verify: false }).emitHandoff(billing).expectHandoff(billing), 1);
  otherCall.updateSessionConfig({ instructions: 'Handle invoices.' });
  otherCall.sendFunctionCallOutput(toolCall('transfer_to_Billing', 'call_9'), '{"assistant":"Billing"}', true);
  expect(failureOf(() => expect(otherCall).toBeComplete())).toContain('expectHandoff(Billing): sendFunctionCallOutput');

  const otherOutput = await connected(realtime({ verify: false }).emitHandoff(billing).expectHandoff(billing), 1);
  otherOutput.updateSessionConfig({ instructions: 'Handle invoices.' });
  otherOutput.sendFunctionCallOutput(toolCall('transfer_to_Billing', 'call_1'), '{"assistant":"Triage"}', true);
  expect(otherOutput).not.toBeComplete();
});

test('a handoff named by its agent name expects the SDK\'s transfer text for that name', async () => {
  const right = await connected(realtime().emitHandoff('Billing').expectHandoff('Billing'), 1);
  right.updateSessionConfig({ instructions: 'anything' });
  right.sendFunctionCallOutput(toolCall('transfer_to_Billing', 'call_1'), '{"assistant":"Billing"}', true);
  expect(right).toBeComplete();

  const wrong = await connected(realtime({ verify: false }).emitHandoff('Billing').expectHandoff('Billing'), 1);
  wrong.updateSessionConfig({ instructions: 'anything' });
  wrong.sendFunctionCallOutput(toolCall('transfer_to_Billing', 'call_1'), '{"assistant":"Other"}', true);
  expect(wrong).not.toBeComplete();
});

test('expectGuardrailTrip wants the feedback that names the guardrail, after the stop it was told', async () => {
  const named = await connected(realtime().expectGuardrailTrip('no_secrets', { stops: 'cancel' }));
  named.sendEvent({ type: 'response.cancel' });
  named.sendMessage(FEEDBACK('no_secrets'), {});
  expect(named).toBeComplete();

  const otherEvent = await connected(realtime({ verify: false }).expectGuardrailTrip('no_secrets', { stops: 'cancel' }));
  otherEvent.sendEvent({ type: 'response.create' });
  expect(failureOf(() => expect(otherEvent).toBeComplete())).toContain('expectGuardrailTrip("no_secrets"): sendEvent(response.cancel)');

  const otherName = await connected(realtime({ verify: false }).expectGuardrailTrip('no_secrets'));
  otherName.sendMessage(FEEDBACK('no_links'), {});
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
  const custom = await connected(realtime().emitToolCall('refund', { orderId: 'A' }).expectToolRejection('refund', 'Not today.'), 1);
  custom.sendFunctionCallOutput(toolCall('refund', 'call_1'), 'Not today.', true);
  expect(custom).toBeComplete();

  const wrong = await connected(realtime({ verify: false }).emitToolCall('refund', { orderId: 'A' }).expectToolRejection('refund', 'Not today.'), 1);
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
    const rt = await connected(realtime({ verify: false }).emitToolCall('refund', { orderId: 'A' }).expectToolOutput('refund'), 1);
    rt.sendFunctionCallOutput(toolCall('refund', 'call_1'), text, true);
    expect(rt).not.toBeComplete();
  }
  const fine = await connected(realtime().emitToolCall('refund', { orderId: 'A' }).expectToolOutput('refund'), 1);
  fine.sendFunctionCallOutput(toolCall('refund', 'call_1'), 'Tool refund refunded', true);
  expect(fine).toBeComplete();
});

test('expectToolOutput and expectToolRejection want the response started, as the SDK does, unless the step says not', async () => {
  const output = await connected(realtime({ verify: false }).emitToolCall('refund', { orderId: 'A' }).expectToolOutput('refund', 'Refunded.'), 1);
  output.sendFunctionCallOutput(toolCall('refund', 'call_1'), 'Refunded.', false);
  expect(failureOf(() => expect(output).toBeComplete())).toContain("The call's startResponse is false, expected true.");

  const rejection = await connected(realtime({ verify: false }).emitToolCall('refund', { orderId: 'A' }).expectToolRejection('refund'), 1);
  rejection.sendFunctionCallOutput(toolCall('refund', 'call_1'), 'Tool execution was not approved.', false);
  expect(failureOf(() => expect(rejection).toBeComplete())).toContain("The call's startResponse is false, expected true.");

  const background = await connected(realtime().emitToolCall('refund', { orderId: 'A' }).expectToolOutput('refund', 'Noted.', { startResponse: false }), 1);
  background.sendFunctionCallOutput(toolCall('refund', 'call_1'), 'Noted.', false);
  expect(background).toBeComplete();
});

test('expectHandoff wants the transfer to start a response', async () => {
  const rt = await connected(realtime({ verify: false }).emitHandoff(billing).expectHandoff(billing), 1);
  rt.updateSessionConfig({ instructions: 'Handle invoices.' });
  rt.sendFunctionCallOutput(toolCall('transfer_to_Billing', 'call_1'), '{"assistant":"Billing"}', false);
  expect(failureOf(() => expect(rt).toBeComplete())).toContain("The call's startResponse is false, expected true.");
});

test('expectGuardrailTrip wants the cancel to name the response it blocks: the latest reply, or the one given', async () => {
  const latest = await connected(realtime({ verify: false }).emitTextReply('The secret is 42', { done: false }).expectGuardrailTrip('no_secrets'), 1);
  latest.sendEvent({ type: 'response.cancel', response_id: 'response_9' });
  expect(failureOf(() => expect(latest).toBeComplete())).toContain(`The call's event.response_id is "response_9", expected "response_1".`);

  const given = await connected(realtime().expectGuardrailTrip('no_secrets', { stops: 'cancel', responseId: 'resp_a' }));
  given.sendEvent({ type: 'response.cancel', response_id: 'resp_a' });
  given.sendMessage(FEEDBACK('no_secrets'), {});
  expect(given).toBeComplete();
});

test('expectGuardrailTrip wants the feedback to say the answer was blocked, not only to name the guardrail', async () => {
  const rt = await connected(realtime({ verify: false }).expectGuardrailTrip('no_secrets'));
  rt.sendMessage('Failed Guardrail Reason: no_secrets.', {});
  expect(failureOf(() => expect(rt).toBeComplete())).toContain('expected StringContaining "Your last answer was blocked." and "Failed Guardrail Reason: no_secrets."');
});

test('a handoff named by its tool name expects the transfer to that tool, whatever its text', async () => {
  const rt = await connected(realtime().emitHandoff('transfer_to_Billing').expectHandoff('transfer_to_Billing'), 1);
  rt.updateSessionConfig({ instructions: 'anything' });
  rt.sendFunctionCallOutput(toolCall('transfer_to_Billing', 'call_1'), '{"assistant":"Billing"}', true);
  expect(rt).toBeComplete();
});
