import { Agent, handoff, run } from '@openai/agents';
import { MismatchError, model } from 'agents-testkit';
import { agentWith, describe, expect, getWeather, rejectionOf, stripAnsi, test } from './support';

describe('handoffs', () => {
  test('one script serves both agents across a handoff, in order', async () => {
    const script = model().handsOffTo('Billing').thenCalls(getWeather, { city: 'Oslo' }).thenReplies('Billed.');
    const billing = agentWith(script, { name: 'Billing' });
    const triage = agentWith(script, { name: 'Triage', handoffs: [billing] });
    const result = await run(triage, 'Invoice?');
    expect(result).toHaveHandedOffTo(billing);
    expect(result).toHaveCalledTool(getWeather, { city: 'Oslo' });
    expect(result.lastAgent?.name).toBe('Billing');
    expect(result.finalOutput).toBe('Billed.');
  });

  test('the handoff call carries the SDK tool name and the next call id', async () => {
    const script = model().calls(getWeather, { city: 'Oslo' }).thenHandsOffTo(new Agent({ name: 'Billing agent' })).thenReplies('Hi.');
    const billing = agentWith(script, { name: 'Billing agent' });
    const result = await run(agentWith(script, { handoffs: [billing] }), 'Go');
    const call = result.newItems.find((item) => item.type === 'handoff_call_item');
    expect(call?.rawItem).toMatchObject({ name: handoff(billing).toolName, callId: 'call_2' });
  });

  test('a handoff() with an overridden tool name is followed by its own name', async () => {
    const script = model();
    const billing = agentWith(script, { name: 'Billing' });
    const custom = handoff(billing, { toolNameOverride: 'escalate_to_billing' });
    script.handsOffTo(custom).thenReplies('Escalated.');
    const result = await run(agentWith(script, { handoffs: [custom] }), 'Go');
    expect(result).toHaveHandedOffTo(custom);
    expect(result).toHaveHandedOffTo('Billing');
  });

  test('a handoff named by its tool name is accepted as offered', async () => {
    const script = model().handsOffTo('transfer_to_Billing').thenReplies('Hi.');
    const billing = agentWith(script, { name: 'Billing' });
    const result = await run(agentWith(script, { handoffs: [billing] }), 'Go');
    expect(result).toHaveHandedOffTo(billing);
  });

  test('handoff arguments are sent as the call arguments', async () => {
    const script = model().handsOffTo('Billing', { args: { reason: 'invoice' } }).thenReplies('Hi.');
    const billing = agentWith(script, { name: 'Billing' });
    const result = await run(agentWith(script, { handoffs: [billing] }), 'Go');
    const call = result.newItems.find((item) => item.type === 'handoff_call_item');
    expect(call?.rawItem).toMatchObject({ arguments: '{"reason":"invoice"}' });
  });

  test('two scripts that number their calls alike get distinct ids in one conversation', async () => {
    const triageScript = model({ name: 'triage' }).calls(getWeather, { city: 'Oslo' }).thenHandsOffTo('Billing');
    const billingScript = model({ name: 'billing' }).calls(getWeather, { city: 'Rome' }).thenReplies('Hi.');
    const billing = agentWith(billingScript, { name: 'Billing' });
    const result = await run(agentWith(triageScript, { handoffs: [billing] }), 'Go');
    expect(result).toHaveNthCalledTool(1, getWeather, { city: 'Oslo' });
    expect(result).toHaveNthCalledTool(2, getWeather, { city: 'Rome' });
    const outputs = result.newItems.flatMap((item) => (item.type === 'tool_call_output_item' ? [item.rawItem] : []));
    expect(outputs).toEqual([
      expect.objectContaining({ callId: 'call_1', output: { type: 'text', text: 'Sunny in Oslo.' } }),
      expect.objectContaining({ callId: 'call_1_2', output: { type: 'text', text: 'Sunny in Rome.' } }),
    ]);
  });

  test('a fixed call id the conversation already holds fails loudly instead of mixing calls up', async () => {
    const triageScript = model({ name: 'triage', verify: false }).calls(getWeather, { city: 'Oslo' }).thenHandsOffTo('Billing');
    const billingScript = model({ name: 'billing', verify: false }).calls(getWeather, { city: 'Rome' }, { callId: 'call_1' }).thenReplies('Hi.');
    const billing = agentWith(billingScript, { name: 'Billing' });
    const error = await rejectionOf(run(agentWith(triageScript, { handoffs: [billing] }), 'Go'));
    expect(error).toBeInstanceOf(MismatchError);
    expect((error as MismatchError).kind).toBe('duplicate_call_id');
    expect(stripAnsi(error.message)).toMatchSnapshot();
  });

  test('callIdPrefix keeps two scripts apart', async () => {
    const triageScript = model({ name: 'triage' }).calls(getWeather, { city: 'Oslo' }).thenHandsOffTo('Billing');
    const billingScript = model({ name: 'billing', callIdPrefix: 'billing_call_' }).calls(getWeather, { city: 'Rome' }).thenReplies('Hi.');
    const billing = agentWith(billingScript, { name: 'Billing' });
    const result = await run(agentWith(triageScript, { handoffs: [billing] }), 'Go');
    expect(result).toHaveNthCalledTool(1, getWeather, { city: 'Oslo' });
    expect(result).toHaveNthCalledTool(2, getWeather, { city: 'Rome' });
    expect(billingScript.lastRequest?.input).toContainEqual(expect.objectContaining({ type: 'function_call_result', callId: 'billing_call_1' }));
  });
});
