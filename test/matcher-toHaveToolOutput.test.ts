import { Agent, run, tool } from '@openai/agents';
import { model } from 'agents-testkit';
import { z } from 'zod';
import { agentWith, describe, expect, failureOf, getWeather, lookupOrder, runCalling, test } from './support';

const structured = tool({
  name: 'order_status',
  description: 'Structured status',
  parameters: z.object({ orderId: z.string() }),
  execute: async ({ orderId }) => ({ orderId, status: 'shipped', items: 2 }),
});

describe('toHaveToolOutput on a run: the tool ran and returned this', () => {
  test('by text, RegExp, asymmetric matcher, or without an expectation', async () => {
    const result = await runCalling([getWeather, { city: 'Oslo' }], [lookupOrder, { orderId: 'A-1' }]);
    expect(result).toHaveToolOutput(getWeather, 'Sunny in Oslo.');
    expect(result).toHaveToolOutput('lookup_order', /A-1 has shipped/);
    expect(result).toHaveToolOutput(getWeather, expect.stringContaining('Oslo'));
    expect(result).toHaveToolOutput(lookupOrder);
    expect(result).not.toHaveToolOutput(getWeather, 'Rainy in Oslo.');
  });

  test('a structured output is compared partially with what the tool returned', async () => {
    const script = model().calls(structured, { orderId: 'A-1' }).thenReplies('Shipped.');
    const result = await run(agentWith(script, { tools: [structured] }), 'Status?');
    expect(result).toHaveToolOutput(structured, { status: 'shipped' });
    expect(result).not.toHaveToolOutput(structured, { status: 'lost' });
  });

  test("a tool that failed has no output of its own: the SDK's error text does not count without an expectation", async () => {
    const failing = tool({ name: 'flaky', description: 'Fails', parameters: z.object({}), execute: async () => { throw new Error('x'); } });
    const script = model().calls(failing, {}, { toolFails: true }).thenReplies('Sorry.');
    const result = await run(agentWith(script, { tools: [failing] }), 'Go');
    expect(result).not.toHaveToolOutput(failing);
    expect(result).toHaveToolOutput(failing, /An error occurred/);
  });

  test('failure names the outputs of the run, the ones of the tool marked, with a diff for text', async () => {
    const result = await runCalling([getWeather, { city: 'Oslo' }], [lookupOrder, { orderId: 'A-1' }]);
    const message = failureOf(() => expect(result).toHaveToolOutput(getWeather, 'Rainy in Oslo.'));
    expect(message).toContain('Received: 1 output of "get_weather", none matching');
    expect(message).toContain('→ 1. get_weather call_1 → "Sunny in Oslo."');
    expect(message).toMatchSnapshot();
  });
});

describe('toHaveToolOutput on a model() script: the model was told this', () => {
  test('reads the outputs its requests carried, each once', async () => {
    const script = model().calls(getWeather, { city: 'Oslo' }).thenCalls(lookupOrder, { orderId: 'B' }).thenReplies('Done.');
    await run(agentWith(script), 'Go');
    expect(script).toHaveToolOutput(getWeather, 'Sunny in Oslo.');
    expect(script).toHaveToolOutput(lookupOrder, expect.stringContaining('B has shipped'));
    expect(script).not.toHaveToolOutput(lookupOrder, 'Order A has shipped.');
    expect(failureOf(() => expect(script).toHaveToolOutput(getWeather, 'x'))).toContain('Expected: an output of "get_weather" matching "x", told to model()');
  });

  test('a value of the wrong kind is a matcher error', async () => {
    const result = await runCalling([getWeather, { city: 'Oslo' }]);
    expect(failureOf(() => expect(result).toHaveToolOutput(42 as never))).toContain('Matcher error: tool value must be a tool object or a tool name');
    expect(failureOf(() => expect(result).toHaveToolOutput(getWeather, 42 as never))).toContain('the output text, a RegExp, an asymmetric matcher or an object');
    expect(failureOf(() => expect({}).toHaveToolOutput(getWeather))).toContain('a RunResult or StreamedRunResult, or a model() script');
  });
});

describe("a responder's view of tool outputs", () => {
  test('text as the model saw it, the raw value, and handoff outputs apart', async () => {
    const billing = new Agent({ name: 'Billing', model: model({ verify: false }) });
    const seen: unknown[] = [];
    const script = model()
      .calls(structured, { orderId: 'A-1' })
      .thenResponds(({ toolOutputs }) => {
        seen.push(toolOutputs.map(({ name, text, raw }) => ({ name, text, raw })));
        return 'Shipped.';
      });
    await run(agentWith(script, { tools: [structured], handoffs: [billing] }), 'Status?');
    expect(seen).toEqual([[{ name: 'order_status', text: '{"orderId":"A-1","status":"shipped","items":2}', raw: expect.anything() }]]);

    const afterHandoff: unknown[] = [];
    const triage = model().handsOffTo(billing);
    const billingScript = model().responds(({ toolOutputs, handoffOutputs }) => {
      afterHandoff.push({ tools: toolOutputs.length, handoffs: handoffOutputs.map((output) => output.text) });
      return 'Billing here.';
    });
    const billingAgent = new Agent({ name: 'Billing', model: billingScript });
    await run(new Agent({ name: 'Triage', model: triage, handoffs: [billingAgent] }), 'Invoice?');
    expect(afterHandoff).toEqual([{ tools: 0, handoffs: ['{"assistant":"Billing"}'] }]);
  });
});
