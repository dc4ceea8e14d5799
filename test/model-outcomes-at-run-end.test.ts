// A script reads what its tool calls came to off its next request; a run may end before one comes
// (it stops at the tool, hands off in the same turn to an agent with another model, pauses for an
// approval). The SDK hands the model a failed tool's error text either way: the run's end is then
// where the script reads it, so the test still fails.
import { Agent, defineToolInputGuardrail, defineToolOutputGuardrail, run, RunState, tool, ToolGuardrailFunctionOutputFactory } from '@openai/agents';
import { model } from 'agents-testkit';
import { z } from 'zod';
import { describe, expect, recorded, refund, test } from './support';

const failing = tool({
  name: 'get_weather',
  description: 'Weather for a city',
  parameters: z.object({ city: z.string() }),
  execute: async (): Promise<string> => {
    throw new Error('the weather service is down');
  },
});

const working = tool({
  name: 'get_weather',
  description: 'Weather for a city',
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => `Sunny in ${city}.`,
});

/** A refund the user must approve, whose payment service is down. */
const failingRefund = tool({
  name: 'refund',
  description: 'Refunds an order',
  parameters: z.object({ orderId: z.string() }),
  needsApproval: true,
  execute: async (): Promise<string> => {
    throw new Error('the payment service is down');
  },
});

describe('a tool call whose output only the run’s end holds', () => {
  test('the run stops at a tool that failed (stop_on_first_tool): the script records it, naming the run’s end', async () => {
    const script = model({ name: 'weather', verify: false }).calls(failing, { city: 'Oslo' });
    const agent = new Agent({ name: 'Weather', model: script, tools: [failing], toolUseBehavior: 'stop_on_first_tool' });

    const result = await run(agent, 'Weather in Oslo?');

    expect(String(result.finalOutput)).toContain('An error occurred while running the tool');
    expect(recorded(script)).toHaveLength(1);
    expect(recorded(script)[0]).toMatchObject({ kind: 'tool_failed', callIndex: 0, stepIndex: 0, actual: 'the output of get_weather (call_1) as its run ended' });
    expect(recorded(script)[0]?.message).toContain('model("weather") after call #1, the output of get_weather (call_1) as its run ended: expected');
    expect(script).not.toBeComplete();
  });

  test('the same, streamed', async () => {
    const script = model({ verify: false }).calls(failing, { city: 'Oslo' });
    const agent = new Agent({ name: 'Weather', model: script, tools: [failing], toolUseBehavior: 'stop_on_first_tool' });

    const result = await run(agent, 'Weather in Oslo?', { stream: true });
    for await (const _event of result);
    await result.completed;

    expect(recorded(script).map((mismatch) => mismatch.kind)).toEqual(['tool_failed']);
  });

  test('a turn calls a tool and hands off to an agent with its own script: the first script records the failure', async () => {
    const billing = new Agent({ name: 'Billing', model: model({ verify: false }).replies('Billing here.') });
    const triage = model({ verify: false }).turn((t) => t.calls(failing, { city: 'Oslo' }).handsOffTo(billing));

    const result = await run(new Agent({ name: 'Triage', model: triage, tools: [failing], handoffs: [billing] }), 'Weather, then billing.');

    expect(result.finalOutput).toBe('Billing here.');
    expect(recorded(triage).map((mismatch) => mismatch.kind)).toEqual(['tool_failed']);
  });

  test('a run that pauses for an approval after a tool of the same turn failed', async () => {
    const script = model({ verify: false }).turn((t) => t.calls(failing, { city: 'Oslo' }).calls(refund, { orderId: 'A-1', amount: 20 }));

    const paused = await run(new Agent({ name: 'Support', model: script, tools: [failing, refund] }), 'Weather, and refund A-1.');

    expect(paused.interruptions).toHaveLength(1);
    expect(recorded(script).map((mismatch) => mismatch.kind)).toEqual(['tool_failed']);
  });

  test('a call approved after the run paused, whose tool fails in the resumed run, which stops there: the resumed run’s end reads it', async () => {
    const script = model({ verify: false }).calls(failingRefund, { orderId: 'A-1' });
    const agent = new Agent({ name: 'Support', model: script, tools: [failingRefund], toolUseBehavior: 'stop_on_first_tool' });

    const paused = await run(agent, 'Refund A-1.');
    expect(recorded(script)).toEqual([]);
    paused.state.approve(paused.interruptions[0]!);
    const result = await run(agent, paused.state);

    expect(String(result.finalOutput)).toContain('An error occurred while running the tool');
    expect(recorded(script).map((mismatch) => mismatch.kind)).toEqual(['tool_failed']);
    expect(recorded(script)[0]?.actual).toBe('the output of refund (call_1) as its run ended');
  });

  test('the same, resumed from the state stored as a string', async () => {
    const script = model({ verify: false }).calls(failingRefund, { orderId: 'A-1' });
    const agent = new Agent({ name: 'Support', model: script, tools: [failingRefund], toolUseBehavior: 'stop_on_first_tool' });

    const stored = (await run(agent, 'Refund A-1.')).state.toString();
    const state = await RunState.fromString(agent, stored);
    state.approve(state.getInterruptions()[0]!);
    await run(agent, state);

    expect(recorded(script).map((mismatch) => mismatch.kind)).toEqual(['tool_failed']);
  });

  test('a paused script’s call is not taken for the same-named call of another script’s run', async () => {
    const refundOnce = tool({ name: 'refund', description: 'Refunds an order', parameters: z.object({ orderId: z.string() }), needsApproval: true, execute: async () => 'Refunded.' });
    const paused = model({ verify: false }).calls(refundOnce, { orderId: 'A-1' });
    await run(new Agent({ name: 'Support', model: paused, tools: [refundOnce], toolUseBehavior: 'stop_on_first_tool' }), 'Refund A-1.');

    // Another conversation in the same test, whose call_1 is of another tool and fails.
    const other = model({ verify: false }).calls(failing, { city: 'Oslo' });
    await run(new Agent({ name: 'Weather', model: other, tools: [failing], toolUseBehavior: 'stop_on_first_tool' }), 'Weather?');

    expect(recorded(paused)).toEqual([]);
    expect(recorded(other).map((mismatch) => mismatch.kind)).toEqual(['tool_failed']);
  });

  test('a call planned to fail whose tool ran, at the run’s end', async () => {
    const script = model({ verify: false }).calls(working, { city: 'Oslo' }, { toolFails: true });
    await run(new Agent({ name: 'Weather', model: script, tools: [working], toolUseBehavior: 'stop_on_first_tool' }), 'Weather in Oslo?');

    expect(recorded(script).map((mismatch) => mismatch.kind)).toEqual(['tool_not_failed']);
  });

  test('a tool that ran, at the run’s end: nothing recorded, the script complete', async () => {
    const script = model({ verify: false }).calls(working, { city: 'Oslo' });
    const result = await run(new Agent({ name: 'Weather', model: script, tools: [working], toolUseBehavior: 'stop_on_first_tool' }), 'Weather in Oslo?');

    expect(result.finalOutput).toBe('Sunny in Oslo.');
    expect(recorded(script)).toEqual([]);
    expect(script).toBeComplete();
  });

  test('a failure the next request already brought back is recorded once, not again at the run’s end', async () => {
    const script = model({ verify: false }).calls(failing, { city: 'Oslo' }).thenReplies('It is sunny.');
    await run(new Agent({ name: 'Weather', model: script, tools: [failing] }), 'Weather in Oslo?');

    expect(recorded(script).map((mismatch) => mismatch.kind)).toEqual(['tool_failed']);
    expect(recorded(script)[0]?.actual).toBe('a request carrying the output of get_weather (call_1)');
  });

  test('an agent used as a tool: the inner run’s end settles the inner script’s call, the outer script’s own', async () => {
    const innerScript = model({ verify: false }).calls(failing, { city: 'Oslo' });
    const inner = new Agent({ name: 'Forecaster', model: innerScript, tools: [failing], toolUseBehavior: 'stop_on_first_tool' });
    const outerScript = model({ verify: false }).calls('forecast', { input: 'Oslo' }).thenReplies('Done.');
    const outer = new Agent({ name: 'Planner', model: outerScript, tools: [inner.asTool({ toolName: 'forecast', toolDescription: 'Forecasts', customOutputExtractor: () => 'No forecast today.' })] });

    const result = await run(outer, 'Plan my day.');

    expect(result.finalOutput).toBe('Done.');
    expect(recorded(innerScript).map((mismatch) => mismatch.kind)).toEqual(['tool_failed']);
    expect(recorded(outerScript)).toEqual([]);
  });
});

describe('a call a tool guardrail rejected (the SDK hands the model the guardrail\'s message and goes on)', () => {
  const blocking = defineToolInputGuardrail({ name: 'policy', run: async () => ToolGuardrailFunctionOutputFactory.rejectContent('Blocked by policy.') });
  const allowing = defineToolInputGuardrail({ name: 'policy', run: async () => ToolGuardrailFunctionOutputFactory.allow() });
  const withholding = defineToolOutputGuardrail({ name: 'privacy', run: async () => ToolGuardrailFunctionOutputFactory.rejectContent('Output withheld.') });
  const guarded = (guardrails: object) => {
    let runs = 0;
    const weather = tool({ name: 'get_weather', description: 'Weather for a city', parameters: z.object({ city: z.string() }), execute: async ({ city }) => (runs += 1, `Sunny in ${city}.`), ...guardrails });
    return { weather, runs: () => runs };
  };

  test('an input guardrail kept the tool from running: the script records it when the run ends, naming the guardrail', async () => {
    const { weather, runs } = guarded({ inputGuardrails: [blocking] });
    const script = model({ name: 'weather', verify: false }).calls(weather, { city: 'Oslo' }).thenReplies('It is sunny.');
    const result = await run(new Agent({ name: 'Weather', model: script, tools: [weather] }), 'Weather in Oslo?');

    expect(result.finalOutput).toBe('It is sunny.');
    expect(runs()).toBe(0);
    expect(recorded(script)).toHaveLength(1);
    expect(recorded(script)[0]).toMatchObject({ kind: 'tool_failed', stepIndex: 0, actual: 'the output of get_weather (call_1) as its run ended' });
    expect(recorded(script)[0]?.message).toContain('A tool input guardrail rejected the call, and the SDK handed the model "Blocked by policy." instead of running the tool');
  });

  test('an output guardrail kept the output from the model', async () => {
    const { weather, runs } = guarded({ outputGuardrails: [withholding] });
    const script = model({ verify: false }).calls(weather, { city: 'Oslo' }).thenReplies('It is sunny.');
    await run(new Agent({ name: 'Weather', model: script, tools: [weather] }), 'Weather in Oslo?');

    expect(runs()).toBe(1);
    expect(recorded(script).map((mismatch) => mismatch.message)).toEqual([expect.stringContaining('A tool output guardrail rejected the tool\'s output')]);
  });

  test('a rejection the script plans with its message, or a guardrail that allows the call: nothing recorded', async () => {
    const blocked = guarded({ inputGuardrails: [blocking] }).weather;
    const planned = model({ verify: false }).calls(blocked, { city: 'Oslo' }, { toolFails: 'Blocked by policy.' }).thenReplies('I may not.');
    await run(new Agent({ name: 'Weather', model: planned, tools: [blocked] }), 'Weather in Oslo?');
    expect(recorded(planned)).toEqual([]);

    const allowed = guarded({ inputGuardrails: [allowing] }).weather;
    const plain = model({ verify: false }).calls(allowed, { city: 'Oslo' }).thenReplies('It is sunny.');
    await run(new Agent({ name: 'Weather', model: plain, tools: [allowed] }), 'Weather in Oslo?');
    expect(recorded(plain)).toEqual([]);
  });

  test('two calls of one turn, one rejected: only that one is recorded', async () => {
    const { weather } = guarded({ inputGuardrails: [defineToolInputGuardrail({ name: 'policy', run: async ({ toolCall }) => (toolCall.arguments.includes('Atlantis') ? ToolGuardrailFunctionOutputFactory.rejectContent('Blocked by policy.') : ToolGuardrailFunctionOutputFactory.allow()) })] });
    const script = model({ verify: false }).turn((t) => t.calls(weather, { city: 'Oslo' }).calls(weather, { city: 'Atlantis' })).thenReplies('Done.');
    await run(new Agent({ name: 'Weather', model: script, tools: [weather] }), 'Weather?');

    expect(recorded(script).map((mismatch) => mismatch.actual)).toEqual(['the output of get_weather (call_2) as its run ended']);
  });
});
