import { Agent, run, tool } from '@openai/agents';
import { model } from 'agents-testkit';
import { z } from 'zod';
import { agentWith, describe, expect, failureOf, getWeather, lookupOrder, refund, runCalling, test } from './support';

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
    // The SDK's own text says it failed: no mark beside it.
    expect(failureOf(() => expect(result).toHaveToolOutput(failing))).not.toContain('the tool failed');
  });

  test('a call whose approval was rejected has no output either: the rejection text does not count', async () => {
    const script = model().calls(refund, { orderId: 'A-1', amount: 5 }).thenReplies('Not refunded.');
    const agent = agentWith(script, { tools: [refund] });
    const paused = await run(agent, 'Refund A-1');
    paused.state.reject(paused.interruptions[0]!);
    const result = await run(agent, paused.state);
    expect(result).not.toHaveToolOutput(refund);
    expect(result).toHaveToolOutput(refund, expect.stringContaining('not approved'));
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

/** The lines of a failure message, to compare a line exactly. */
const linesOf = (message: string): string[] => message.split('\n');

/** A model request as the runner would pass it, with this input. */
const modelRequest = (input: unknown) => ({ input, modelSettings: {}, tools: [], outputType: 'text', handoffs: [], tracing: false }) as never;

/** An output item of a function call, as the runner puts it in the next request. */
const functionCallResult = (name: string, callId: string, output: string) => ({ type: 'function_call_result', name, callId, status: 'completed', output });

/** A result shaped like a run's, holding these tool output items and nothing else. */
const resultWithOutputs = (...rawItems: Record<string, unknown>[]) =>
  ({ input: 'Go', finalOutput: 'Done.', newItems: rawItems.map((rawItem) => ({ type: 'tool_call_output_item', rawItem, output: rawItem.output })) }) as never;

describe('toHaveToolOutput messages: every branch', () => {
  test('.not says how many outputs matched: "1 matching output", "2 matching outputs"', async () => {
    const once = await runCalling([getWeather, { city: 'Oslo' }], [lookupOrder, { orderId: 'A-1' }]);
    const one = linesOf(failureOf(() => expect(once).not.toHaveToolOutput(getWeather)));
    expect(one[0]).toBe('expect(received).not.toHaveToolOutput(tool)');
    // The line reads "Expected: no an output of …" today (reported as a wording slip); either wording passes.
    expect(one[2]).toMatch(/^Expected: no (an )?output of "get_weather"$/);
    expect(one.slice(3)).toEqual([
      'Received: 1 matching output',
      '',
      'Tool outputs:',
      '→ 1. get_weather call_1 → "Sunny in Oslo."  (Assistant)',
      '  2. lookup_order call_2 → "Order A-1 has shipped."  (Assistant)',
    ]);

    const twice = await runCalling([getWeather, { city: 'Oslo' }], [getWeather, { city: 'Paris' }]);
    const two = linesOf(failureOf(() => expect(twice).not.toHaveToolOutput(getWeather, /^Sunny/)));
    expect(two[0]).toBe('expect(received).not.toHaveToolOutput(tool, expected)');
    expect(two[2]).toMatch(/^Expected: no (an )?output of "get_weather" matching \/\^Sunny\/$/);
    expect(two.slice(3)).toEqual([
      'Received: 2 matching outputs',
      '',
      'Tool outputs:',
      '→ 1. get_weather call_1 → "Sunny in Oslo."  (Assistant)',
      '→ 2. get_weather call_2 → "Sunny in Paris."  (Assistant)',
    ]);
  });

  test('outputs of the tool, none matching: "1 output" or "2 outputs", a diff with the first for an expected string only', async () => {
    const result = await runCalling([getWeather, { city: 'Oslo' }], [getWeather, { city: 'Paris' }], [lookupOrder, { orderId: 'A-1' }]);
    expect(failureOf(() => expect(result).toHaveToolOutput(getWeather, 'Rainy in Oslo.'))).toBe(
      [
        'expect(received).toHaveToolOutput(tool, expected)',
        '',
        'Expected: an output of "get_weather" matching "Rainy in Oslo."',
        'Received: 2 outputs of "get_weather", none matching',
        '',
        'Expected: "Rainy in Oslo."',
        'Received: "Sunny in Oslo."',
        '',
        'Tool outputs:',
        '→ 1. get_weather call_1 → "Sunny in Oslo."  (Assistant)',
        '→ 2. get_weather call_2 → "Sunny in Paris."  (Assistant)',
        '  3. lookup_order call_3 → "Order A-1 has shipped."  (Assistant)',
      ].join('\n'),
    );
    expect(failureOf(() => expect(result).toHaveToolOutput(lookupOrder, /B-2/))).toBe(
      [
        'expect(received).toHaveToolOutput(tool, expected)',
        '',
        'Expected: an output of "lookup_order" matching /B-2/',
        'Received: 1 output of "lookup_order", none matching',
        '',
        'Tool outputs:',
        '  1. get_weather call_1 → "Sunny in Oslo."  (Assistant)',
        '  2. get_weather call_2 → "Sunny in Paris."  (Assistant)',
        '→ 3. lookup_order call_3 → "Order A-1 has shipped."  (Assistant)',
      ].join('\n'),
    );
    // An asymmetric matcher or an object gets no diff either.
    const asymmetric = linesOf(failureOf(() => expect(result).toHaveToolOutput(lookupOrder, expect.stringContaining('B-2'))));
    expect(asymmetric[2]).toMatch(/^Expected: an output of "lookup_order" matching StringContaining/);
    expect([...asymmetric.slice(0, 2), ...asymmetric.slice(3)]).toEqual([
      'expect(received).toHaveToolOutput(tool, expected)',
      '',
      'Received: 1 output of "lookup_order", none matching',
      '',
      'Tool outputs:',
      '  1. get_weather call_1 → "Sunny in Oslo."  (Assistant)',
      '  2. get_weather call_2 → "Sunny in Paris."  (Assistant)',
      '→ 3. lookup_order call_3 → "Order A-1 has shipped."  (Assistant)',
    ]);
    // An expected text is compared exactly, even an empty one.
    expect(result).not.toHaveToolOutput(getWeather, '');
    expect(linesOf(failureOf(() => expect(result).toHaveToolOutput(getWeather, ''))).slice(2, 4)).toEqual([
      'Expected: an output of "get_weather" matching ""',
      'Received: 2 outputs of "get_weather", none matching',
    ]);
  });

  test('no output of the tool; a run with no tool outputs lists none', async () => {
    const result = await runCalling([getWeather, { city: 'Oslo' }]);
    expect(failureOf(() => expect(result).toHaveToolOutput(lookupOrder))).toBe(
      [
        'expect(received).toHaveToolOutput(tool)',
        '',
        'Expected: an output of "lookup_order"',
        'Received: no output of "lookup_order"',
        '',
        'Tool outputs:',
        '  1. get_weather call_1 → "Sunny in Oslo."  (Assistant)',
      ].join('\n'),
    );
    const quiet = await run(agentWith(model().replies('Hello.')), 'Hi');
    expect(failureOf(() => expect(quiet).toHaveToolOutput(getWeather, 'Sunny in Oslo.'))).toBe(
      [
        'expect(received).toHaveToolOutput(tool, expected)',
        '',
        'Expected: an output of "get_weather" matching "Sunny in Oslo."',
        'Received: no output of "get_weather"',
      ].join('\n'),
    );
  });

  test('an expected value that is not text, a RegExp, a matcher or an object is a matcher error that says so', async () => {
    const result = await runCalling([getWeather, { city: 'Oslo' }]);
    expect(failureOf(() => expect(result).toHaveToolOutput(getWeather, 42 as never))).toBe(
      [
        'expect(received).toHaveToolOutput(tool, expected)',
        '',
        'Matcher error: expected value must be the output text, a RegExp, an asymmetric matcher or an object',
        '',
        'Expected has type:  number',
        'Expected has value: 42',
      ].join('\n'),
    );
    expect(failureOf(() => expect(result).toHaveToolOutput(getWeather, null as never))).toBe(
      [
        'expect(received).toHaveToolOutput(tool, expected)',
        '',
        'Matcher error: expected value must be the output text, a RegExp, an asymmetric matcher or an object',
        '',
        'Expected has value: null',
      ].join('\n'),
    );
    expect(failureOf(() => expect(result).not.toHaveToolOutput(getWeather, (() => 'Sunny in Oslo.') as never))).toContain(
      'Matcher error: expected value must be the output text, a RegExp, an asymmetric matcher or an object',
    );
    expect(failureOf(() => expect(result).not.toHaveToolOutput(null as never))).toBe(
      [
        'expect(received).not.toHaveToolOutput(tool)',
        '',
        'Matcher error: tool value must be a tool object or a tool name',
        '',
        'Tool has value: null',
      ].join('\n'),
    );
  });

  test('an asymmetric matcher may match the text or the value; an object matches the value partially', async () => {
    const script = model().calls(structured, { orderId: 'A-1' }).thenReplies('Shipped.');
    const result = await run(agentWith(script, { tools: [structured] }), 'Status?');
    expect(result).toHaveToolOutput(structured, expect.objectContaining({ status: 'shipped' }));
    expect(result).toHaveToolOutput(structured, expect.stringContaining('"items":2'));
    expect(result).not.toHaveToolOutput(structured, expect.objectContaining({ status: 'lost' }));
    expect(linesOf(failureOf(() => expect(result).toHaveToolOutput(structured, { status: 'lost' })))).toEqual([
      'expect(received).toHaveToolOutput(tool, expected)',
      '',
      'Expected: an output of "order_status" matching {"status": "lost"}',
      'Received: 1 output of "order_status", none matching',
      '',
      'Tool outputs:',
      '→ 1. order_status call_1 → "{\\"orderId\\":\\"A-1\\",\\"status\\":\\"shipped\\",\\"items\\":2}"  (Assistant)',
    ]);
  });
});

describe('toHaveToolOutput: which items of a run are tool outputs', () => {
  test('a handoff output is not a tool output', async () => {
    const billing = new Agent({ name: 'Billing', model: model().replies('Billing here.') });
    const triage = new Agent({ name: 'Triage', model: model().handsOffTo(billing), handoffs: [billing] });
    const result = await run(triage, 'Invoice?');
    expect(result.newItems.map((item) => item.type)).toContain('handoff_output_item');
    expect(result).not.toHaveToolOutput('transfer_to_Billing');
    expect(failureOf(() => expect(result).toHaveToolOutput('transfer_to_Billing'))).toBe(
      ['expect(received).toHaveToolOutput(tool)', '', 'Expected: an output of "transfer_to_Billing"', 'Received: no output of "transfer_to_Billing"'].join('\n'),
    );
  });

  test('output items that are not function call results, or lack a name or a call id, are left out; an output without its call in the result still counts', () => {
    const result = resultWithOutputs(
      { type: 'computer_call_result', name: 'get_weather', callId: 'call_1', output: 'A screenshot.' },
      { type: 'function_call_result', callId: 'call_2', output: 'No name.' },
      { type: 'function_call_result', name: 'get_weather', output: 'No call id.' },
      { type: 'shell_call_output', callId: 'call_4', output: 'A shell output.' },
      { type: 'function_call_result', name: 'get_weather', callId: 'call_5', output: 'Sunny in Oslo.' },
    );
    expect(result).toHaveToolOutput(getWeather, 'Sunny in Oslo.');
    expect(result).not.toHaveToolOutput(getWeather, 'A screenshot.');
    expect(result).not.toHaveToolOutput(getWeather, 'No call id.');
    expect(failureOf(() => expect(result).toHaveToolOutput(getWeather, 'Rainy in Oslo.'))).toBe(
      [
        'expect(received).toHaveToolOutput(tool, expected)',
        '',
        'Expected: an output of "get_weather" matching "Rainy in Oslo."',
        'Received: 1 output of "get_weather", none matching',
        '',
        'Expected: "Rainy in Oslo."',
        'Received: "Sunny in Oslo."',
        '',
        'Tool outputs:',
        '→ 1. get_weather call_5 → "Sunny in Oslo."',
      ].join('\n'),
    );
  });

  test('a long list of outputs shows its head and tail and counts the rest as "tool outputs"', () => {
    const result = resultWithOutputs(...Array.from({ length: 35 }, (_, index) => functionCallResult('lookup_order', `call_${index + 1}`, `Order ${index + 1}.`)));
    const lines = linesOf(failureOf(() => expect(result).toHaveToolOutput(getWeather)));
    expect(lines.slice(2, 6)).toEqual(['Expected: an output of "get_weather"', 'Received: no output of "get_weather"', '', 'Tool outputs:']);
    expect(lines.slice(15, 19)).toEqual(['  10. lookup_order call_10 → "Order 10."', '  … 20 more tool outputs', '  31. lookup_order call_31 → "Order 31."', '  32. lookup_order call_32 → "Order 32."']);
    expect(lines).toHaveLength(22);
  });
});

describe('toHaveToolOutput on a model() script: what its requests carried', () => {
  test('a request whose input is a string carries no outputs', async () => {
    const script = model().replies('Hello.');
    await script.getResponse(modelRequest('Hi'));
    expect(script.requests[0]?.input).toBe('Hi');
    expect(script).not.toHaveToolOutput(lookupOrder);
    expect(failureOf(() => expect(script).toHaveToolOutput(lookupOrder))).toBe(
      ['expect(received).toHaveToolOutput(tool)', '', 'Expected: an output of "lookup_order", told to model()', 'Received: no output of "lookup_order"'].join('\n'),
    );
  });

  test('each call is read once, with the first output the model was told for it; other input items are not outputs', async () => {
    const script = model().replies('One.').thenReplies('Two.').thenReplies('Three.');
    await script.getResponse(modelRequest('Hi'));
    await script.getResponse(modelRequest([{ type: 'message', role: 'user', content: 'Go' }, functionCallResult('lookup_order', 'call_9', 'Order A has shipped.')]));
    await script.getResponse(
      modelRequest([functionCallResult('lookup_order', 'call_9', 'Order A was resent.'), functionCallResult('get_weather', 'call_10', 'Sunny.')]),
    );
    expect(script).toHaveToolOutput(lookupOrder, 'Order A has shipped.');
    expect(script).not.toHaveToolOutput(lookupOrder, 'Order A was resent.');
    expect(failureOf(() => expect(script).toHaveToolOutput(lookupOrder, /resent/))).toBe(
      [
        'expect(received).toHaveToolOutput(tool, expected)',
        '',
        'Expected: an output of "lookup_order" matching /resent/, told to model()',
        'Received: 1 output of "lookup_order", none matching',
        '',
        'Tool outputs:',
        '→ 1. lookup_order call_9 → "Order A has shipped."',
        '  2. get_weather call_10 → "Sunny."',
      ].join('\n'),
    );
  });
});
