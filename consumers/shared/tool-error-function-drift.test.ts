import { Agent, run, tool } from '@openai/agents';
import { model } from 'agents-testkit';
import { z } from 'zod';

// The app's weather tool now throws, and its own errorFunction hands the model a polite text: the
// SDK goes on as if the tool had answered. The text says nothing of a failure; the kit still sees
// it. Each test marked "Must FAIL" must fail, naming the text given; the last two must pass.

const SORRY = 'The weather is unavailable just now.';

const getWeather = tool({
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: z.object({ city: z.string() }),
  execute: async (): Promise<string> => {
    throw new Error('the weather service is down');
  },
  errorFunction: () => SORRY,
});

// Must FAIL, naming: expected calls(get_weather, {"city":"Oslo"}) to run the tool
// Must FAIL, naming: The weather is unavailable just now.
test('drift: the tool fails behind its errorFunction, and the script carries on', async () => {
  const agent = new Agent({ name: 'Weather', model: model().calls(getWeather, { city: 'Oslo' }).thenReplies('Sunny in Oslo.'), tools: [getWeather] });

  const result = await run(agent, 'Weather in Oslo?');

  expect(result.finalOutput).toBe('Sunny in Oslo.');
});

// Must FAIL, naming: the output of get_weather (call_1) as its run ended
test('drift: the same where the run stops at the tool', async () => {
  const agent = new Agent({ name: 'Weather', model: model().calls(getWeather, { city: 'Oslo' }), tools: [getWeather], toolUseBehavior: 'stop_on_first_tool' });

  await run(agent, 'Weather in Oslo?');
});

// Must FAIL, naming: the tool failed; its errorFunction wrote this text
test('drift: toHaveToolOutput(tool) on the failed call', async () => {
  const agent = new Agent({ name: 'Weather', model: model().calls(getWeather, { city: 'Oslo' }, { toolFails: true }).thenReplies('No weather.'), tools: [getWeather] });

  const result = await run(agent, 'Weather in Oslo?');

  expect(result).toHaveToolOutput(getWeather);
});

// Must FAIL, naming: the tool failed; its errorFunction wrote this text
test('drift: toHaveToolOutput(tool) on the script whose call failed', async () => {
  const weather = model().calls(getWeather, { city: 'Oslo' }, { toolFails: true }).thenReplies('No weather.');

  await run(new Agent({ name: 'Weather', model: weather, tools: [getWeather] }), 'Weather in Oslo?');

  expect(weather).toHaveToolOutput(getWeather);
});

test('planned: { toolFails: true } and the errorFunction’s text', async () => {
  const agent = new Agent({ name: 'Weather', model: model().calls(getWeather, { city: 'Oslo' }, { toolFails: true }).thenReplies('No weather.'), tools: [getWeather] });

  const result = await run(agent, 'Weather in Oslo?');

  expect(result).toHaveToolOutput(getWeather, SORRY);
  expect(result).not.toHaveToolOutput(getWeather);
});

test('control: a working tool with an errorFunction', async () => {
  const working = tool({ name: 'get_weather', description: 'Current weather for a city', parameters: z.object({ city: z.string() }), execute: async ({ city }) => `Sunny in ${city}.`, errorFunction: () => SORRY });
  const agent = new Agent({ name: 'Weather', model: model().calls(working, { city: 'Oslo' }).thenReplies('Sunny in Oslo.'), tools: [working] });

  const result = await run(agent, 'Weather in Oslo?');

  expect(result).toHaveToolOutput(working, 'Sunny in Oslo.');
});
