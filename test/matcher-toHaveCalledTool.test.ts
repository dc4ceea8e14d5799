import { run } from '@openai/agents';
import { model } from 'agents-testkit';
import { agentWith, describe, expect, failureOf, getWeather, lookupOrder, rejectionOf, runCalling, stripAnsi, test } from './support';

describe('toHaveCalledTool', () => {
  test('passes for a tool the run called, by object or by name', async () => {
    const result = await runCalling([getWeather, { city: 'Oslo' }]);
    expect(result).toHaveCalledTool(getWeather);
    expect(result).toHaveCalledTool('get_weather');
    expect(result).not.toHaveCalledTool(lookupOrder);
  });

  test('arguments are a partial match at every depth, asymmetric matchers allowed', async () => {
    const result = await runCalling([getWeather, { city: 'Oslo', unit: 'c' }]);
    expect(result).toHaveCalledTool(getWeather, { city: 'Oslo' });
    expect(result).toHaveCalledTool(getWeather, { city: expect.stringMatching(/^Os/), unit: 'c' });
    expect(result).toHaveCalledTool(getWeather, { city: expect.any(String) });
    expect(result).not.toHaveCalledTool(getWeather, { city: 'Rome' });
    expect(result).not.toHaveCalledTool(getWeather, { unit: 'f' });
  });

  test('any matching call counts', async () => {
    const result = await runCalling([getWeather, { city: 'Oslo' }], [lookupOrder, { orderId: 'A-1' }], [getWeather, { city: 'Rome' }]);
    expect(result).toHaveCalledTool(getWeather, { city: 'Rome' });
  });

  test('failure lists what the run called, with a diff against the first call of the tool', async () => {
    const result = await runCalling([getWeather, { city: 'Oslo', unit: 'c' }], [lookupOrder, { orderId: 'A-1' }]);
    expect(failureOf(() => expect(result).toHaveCalledTool(getWeather, { city: 'Rome' }))).toMatchSnapshot();
  });

  test('failure for a tool never called suggests the closest called name', async () => {
    const result = await runCalling([getWeather, { city: 'Oslo' }]);
    expect(failureOf(() => expect(result).toHaveCalledTool('get_wether'))).toMatchSnapshot();
  });

  test('failure on a run without tool calls says so', async () => {
    const result = await run(agentWith(model().replies('Hi.')), 'Hi');
    expect(failureOf(() => expect(result).toHaveCalledTool(getWeather))).toMatchSnapshot();
  });

  test('.not failure marks the matching calls', async () => {
    const result = await runCalling([getWeather, { city: 'Oslo' }], [lookupOrder, { orderId: 'A-1' }]);
    expect(failureOf(() => expect(result).not.toHaveCalledTool(getWeather, { city: 'Oslo' }))).toMatchSnapshot();
  });

  test('a long run lists its first and last calls and the matching ones, and counts what it leaves out', async () => {
    const cities = Array.from({ length: 40 }, (_, index) => `C${index + 1}`);
    const script = model()
      .turn((t) => cities.reduce((turn, city) => turn.calls(getWeather, { city }), t))
      .thenReplies('Done.');
    const result = await run(agentWith(script), 'Go');
    const message = failureOf(() => expect(result).not.toHaveCalledTool(getWeather, { city: 'C20' }));
    expect(message).toMatchSnapshot();
    const listed = [...message.matchAll(/^\s*(?:→ )?(\d+)\. get_weather/gm)].map((match) => Number(match[1]));
    expect(listed).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 36, 37, 38, 39, 40]);
    expect(message).toContain('  … 9 more tool calls\n');
    expect(message).toContain('  … 15 more tool calls\n');
    expect(message).toContain('Number of tool calls: 40');
  });

  test('a long run shows the first ten matching calls past the head, in order', async () => {
    const cities = Array.from({ length: 40 }, (_, index) => `C${index + 1}`);
    const script = model()
      .turn((t) => cities.reduce((turn, city) => turn.calls(getWeather, { city }), t))
      .thenReplies('Done.');
    const result = await run(agentWith(script), 'Go');
    const fromC12 = expect.stringMatching(/^C(1[2-9]|[23]\d|40)$/);
    const message = failureOf(() => expect(result).not.toHaveCalledTool(getWeather, { city: fromC12 }));
    const listed = [...message.matchAll(/^\s*(?:→ )?(\d+)\. get_weather/gm)].map((match) => Number(match[1]));
    expect(listed).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 36, 37, 38, 39, 40]);
    expect(message).toContain('\n  … 1 more tool call\n→ 12.');
    expect(message).toContain('\n  … 14 more tool calls\n→ 36.');
  });

  test('.resolves reads the run a promise gives, and its hint says so', async () => {
    await expect(runCalling([getWeather, { city: 'Oslo' }])).resolves.toHaveCalledTool(getWeather);
    const error = await rejectionOf(expect(runCalling([getWeather, { city: 'Oslo' }])).resolves.toHaveCalledTool(lookupOrder));
    expect(stripAnsi(error.message).split('\n')[0]).toBe('expect(received).resolves.toHaveCalledTool(tool)');
  });

  test('a run of up to 30 calls lists every one', async () => {
    const cities = Array.from({ length: 30 }, (_, index) => `C${index + 1}`);
    const script = model()
      .turn((t) => cities.reduce((turn, city) => turn.calls(getWeather, { city }), t))
      .thenReplies('Done.');
    const result = await run(agentWith(script), 'Go');
    const message = failureOf(() => expect(result).toHaveCalledTool(getWeather, { city: 'Rome' }));
    const listed = [...message.matchAll(/^\s*(?:→ )?(\d+)\. get_weather/gm)].map((match) => Number(match[1]));
    expect(listed).toEqual(cities.map((_, index) => index + 1));
    expect(message).not.toContain('more tool call');
  });

  test('streamed runs are read once they finished', async () => {
    const script = model().calls(getWeather, { city: 'Oslo' }).thenReplies('Done.');
    const result = await run(agentWith(script), 'Go', { stream: true });
    expect(failureOf(() => expect(result).toHaveCalledTool(getWeather))).toMatchSnapshot();
    await result.completed;
    expect(result).toHaveCalledTool(getWeather, { city: 'Oslo' });
  });

  test('a received value that is not a run is a matcher error that shows its type', () => {
    expect(failureOf(() => expect({ finalOutput: 'x' }).toHaveCalledTool(getWeather))).toMatchSnapshot();
    expect(failureOf(() => expect(undefined).not.toHaveCalledTool(getWeather))).toMatchSnapshot();
  });

  test('a tool that is neither a tool nor a name is a matcher error', async () => {
    const result = await runCalling([getWeather, { city: 'Oslo' }]);
    expect(failureOf(() => expect(result).toHaveCalledTool(42 as never))).toMatchSnapshot();
  });

  test('a call that carries no arguments (a hosted MCP call without them) is listed with empty parentheses', () => {
    const hostedCall = (name: string, data: object) => ({ type: 'tool_call_item', rawItem: { type: 'hosted_tool_call', name: 'mcp_call', providerData: { type: 'mcp_call', name, server_label: 'files', ...data } } });
    const result = { finalOutput: 'Done.', newItems: [hostedCall('list_files', {}), hostedCall('read_file', { arguments: '{"path":"a.txt"}' })] };
    expect(result).toHaveCalledTool('list_files');
    expect(failureOf(() => expect(result).toHaveCalledTool('get_weather')).split('\n').slice(5, 8)).toEqual([
      'Tool calls of the run:',
      '  1. list_files()',
      '  2. read_file({"path":"a.txt"})',
    ]);
  });
});
