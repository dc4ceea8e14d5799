// A script reads what its tool calls came to off its next request; a run may end before one comes
// (it stops at the tool, hands off in the same turn to an agent with another model, pauses for an
// approval). The SDK hands the model a failed tool's error text either way: the run's end is then
// where the script reads it, so the test still fails.
import { Agent, run, tool } from '@openai/agents';
import { model, type MismatchError } from 'agents-testkit';
import { z } from 'zod';
import { describe, expect, refund, test } from './support';

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

/** The mismatches a double recorded, read the way matchers read them. */
function recorded(double: object): readonly MismatchError[] {
  return (double as Record<symbol, { mismatches: readonly MismatchError[] }>)[Symbol.for('agents-testkit.ledger')]?.mismatches ?? [];
}

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
