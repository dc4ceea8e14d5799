// A tool with its own `errorFunction` that fails: the SDK hands the model whatever text that
// function returns and runs on, so the output cannot tell the failure. The SDK's function span
// still notes it (`setError`, tracing off or on), and the kit reads that note: the script's next
// request, the run's end and `toHaveToolOutput` all take the call for a failed one.
import { Agent, Runner, run, tool } from '@openai/agents';
import { model } from 'agents-testkit';
import { z } from 'zod';
import { describe, expect, recorded, test } from './support';

const SORRY = 'The weather is unavailable just now.';

/** Fails with the app's own text for the model. */
const failing = tool({
  name: 'get_weather',
  description: 'Weather for a city',
  parameters: z.object({ city: z.string() }),
  execute: async (): Promise<string> => {
    throw new Error('the weather service is down');
  },
  errorFunction: () => SORRY,
});

/** The same tool, working; its `errorFunction` never runs. */
const working = tool({
  name: 'get_weather',
  description: 'Weather for a city',
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => `Sunny in ${city}.`,
  errorFunction: () => SORRY,
});

describe('a tool whose own errorFunction turned its failure into text', () => {
  test('the script’s next request records the unplanned failure, quoting the app’s text', async () => {
    const script = model({ name: 'weather', verify: false }).calls(failing, { city: 'Oslo' }).thenReplies('Sorry, no weather.');

    const result = await run(new Agent({ name: 'Weather', model: script, tools: [failing] }), 'Weather in Oslo?');

    expect(result.finalOutput).toBe('Sorry, no weather.');
    expect(recorded(script).map((mismatch) => mismatch.kind)).toEqual(['tool_failed']);
    expect(recorded(script)[0]?.message).toContain(SORRY);
  });

  test('planned with { toolFails: true }, it passes', async () => {
    const script = model().calls(failing, { city: 'Oslo' }, { toolFails: true }).thenReplies('Sorry, no weather.');

    await run(new Agent({ name: 'Weather', model: script, tools: [failing] }), 'Weather in Oslo?');

    expect(recorded(script)).toEqual([]);
    expect(script).toBeComplete();
  });

  test('a working tool with an errorFunction is not taken for a failed one, and { toolFails: true } then records that it ran', async () => {
    const fine = model().calls(working, { city: 'Oslo' }).thenReplies('Sunny.');
    const planned = model({ verify: false }).calls(working, { city: 'Oslo' }, { toolFails: true }).thenReplies('Sunny.');

    await run(new Agent({ name: 'Weather', model: fine, tools: [working] }), 'Weather in Oslo?');
    await run(new Agent({ name: 'Weather', model: planned, tools: [working] }), 'Weather in Oslo?');

    expect(recorded(fine)).toEqual([]);
    expect(recorded(planned).map((mismatch) => mismatch.kind)).toEqual(['tool_not_failed']);
  });

  test('at the run’s end (stop_on_first_tool), streamed', async () => {
    const script = model({ verify: false }).calls(failing, { city: 'Oslo' });
    const agent = new Agent({ name: 'Weather', model: script, tools: [failing], toolUseBehavior: 'stop_on_first_tool' });

    const result = await run(agent, 'Weather in Oslo?', { stream: true });
    for await (const _event of result);
    await result.completed;

    expect(result.finalOutput).toBe(SORRY);
    expect(recorded(script).map((mismatch) => mismatch.kind)).toEqual(['tool_failed']);
  });

  test('with the runner’s traceIncludeSensitiveData off (the span holds no arguments), by the tool’s name', async () => {
    const script = model({ verify: false }).calls(failing, { city: 'Oslo' }).thenReplies('Sorry.');
    const runner = new Runner({ traceIncludeSensitiveData: false });

    await runner.run(new Agent({ name: 'Weather', model: script, tools: [failing] }), 'Weather in Oslo?');

    expect(recorded(script).map((mismatch) => mismatch.kind)).toEqual(['tool_failed']);
  });

  test('two calls of the tool in one turn, one failing: only that call is recorded', async () => {
    const flaky = tool({
      name: 'get_weather',
      description: 'Weather for a city',
      parameters: z.object({ city: z.string() }),
      execute: async ({ city }) => {
        if (city === 'Oslo') throw new Error('down for Oslo');
        return `Sunny in ${city}.`;
      },
      errorFunction: () => SORRY,
    });
    const script = model({ verify: false })
      .turn((t) => t.calls(flaky, { city: 'Paris' }).calls(flaky, { city: 'Oslo' }))
      .thenReplies('Half the weather.');

    const result = await run(new Agent({ name: 'Weather', model: script, tools: [flaky] }), 'Weather in Paris and Oslo?');

    expect(recorded(script)).toHaveLength(1);
    expect(recorded(script)[0]?.message).toContain('{"city":"Oslo"}');
    expect(result).toHaveToolOutput(flaky, 'Sunny in Paris.');
  });

  test('toHaveToolOutput(tool) does not take the errorFunction’s text for an output; .not passes', async () => {
    const script = model().calls(failing, { city: 'Oslo' }, { toolFails: true }).thenReplies('Sorry.');

    const result = await run(new Agent({ name: 'Weather', model: script, tools: [failing] }), 'Weather in Oslo?');

    expect(() => expect(result).toHaveToolOutput(failing)).toThrow(/Received: 1 output of "get_weather", none matching/);
    expect(() => expect(result).toHaveToolOutput(failing)).toThrow(`get_weather call_1 → "${SORRY}"  (Weather)  (the tool failed; its errorFunction wrote this text)`);
    expect(result).not.toHaveToolOutput(failing);
    expect(result).toHaveToolOutput(failing, SORRY);
  });

  test('on the model() script too: the output its request carried is not taken for one', async () => {
    const script = model().calls(failing, { city: 'Oslo' }, { toolFails: true }).thenReplies('Sorry.');

    await run(new Agent({ name: 'Weather', model: script, tools: [failing] }), 'Weather in Oslo?');

    expect(script).not.toHaveToolOutput(failing);
    expect(script).toHaveToolOutput(failing, SORRY);
    expect(() => expect(script).toHaveToolOutput(failing)).toThrow('(the tool failed; its errorFunction wrote this text)');
  });

  test('toHaveToolOutput(tool) passes for the working tool', async () => {
    const result = await run(new Agent({ name: 'Weather', model: model().calls(working, { city: 'Oslo' }).thenReplies('Sunny.'), tools: [working] }), 'Weather in Oslo?');

    expect(result).toHaveToolOutput(working);
  });

  test('a tool invoked outside any run notes nothing that a later run could take', async () => {
    await failing.invoke({} as never, '{"city":"Oslo"}');
    const script = model().calls(working, { city: 'Oslo' }).thenReplies('Sunny.');

    await run(new Agent({ name: 'Weather', model: script, tools: [working] }), 'Weather in Oslo?');

    expect(recorded(script)).toEqual([]);
  });
});
