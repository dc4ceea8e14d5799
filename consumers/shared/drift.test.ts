import { Agent, run, tool } from '@openai/agents';
import { model } from 'agents-testkit';
import { z } from 'zod';

// Every test here lets the workflow drift from its script, as an app change would. Each one
// must FAIL: scripts/consumers.mjs asserts that it did, and that its failure names the text
// given in the "Must FAIL, naming:" comment above it. A test here that passes is a false pass.

const getWeather = tool({
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => `It is sunny in ${city}.`,
});

const getForecast = tool({
  name: 'get_forecast',
  description: 'Forecast for a city',
  parameters: z.object({ city: z.string(), days: z.number() }),
  execute: async ({ city, days }) => `Sunny in ${city} for ${days} days.`,
});

// Must FAIL, naming: has 1 step not used
// Must FAIL, naming: 3. thenReplies("Anything else?")
test('drift: the agent stops before the last scripted turn', async () => {
  const weatherModel = model()
    .calls(getWeather, { city: 'Tokyo' })
    .thenReplies('It is sunny in Tokyo.')
    .thenReplies('Anything else?');
  const agent = new Agent({ name: 'Weather', model: weatherModel, tools: [getWeather] });

  const result = await run(agent, 'Weather in Tokyo?');

  expect(result).toHaveCalledTool(getWeather, { city: 'Tokyo' });
});

// Must FAIL, naming: expected calls(get_weather, {"city":"Tokyo"}) (step 1)
// Must FAIL, naming: a request offering "get_forecast"
test('drift: the agent no longer offers the scripted tool', async () => {
  const weatherModel = model().calls(getWeather, { city: 'Tokyo' }).thenReplies('It is sunny in Tokyo.');
  const agent = new Agent({ name: 'Weather', model: weatherModel, tools: [getForecast] });

  const result = await run(agent, 'Weather in Tokyo?');

  expect(result.finalOutput).toBe('It is sunny in Tokyo.');
});

// Must FAIL, naming: saw 1 call the script did not plan
// Must FAIL, naming: expected calls(get_weather, {"city":"Tokyo"}) (step 1)
test('drift: app code swallows the failed run, the kit does not', async () => {
  const weatherModel = model().calls(getWeather, { city: 'Tokyo' }).thenReplies('It is sunny in Tokyo.');
  const agent = new Agent({ name: 'Weather', model: weatherModel, tools: [getForecast] });

  // The app under test catches every error and answers with a fallback.
  const answer = await run(agent, 'Weather in Tokyo?').then(
    (result) => String(result.finalOutput),
    () => 'Sorry, try again later.',
  );

  expect(answer).toContain('');
});

// Must FAIL, naming: toHaveCalledTool
// Must FAIL, naming: 1. get_weather({"city":"Tokyo"})
test('drift: the tool is called with other arguments', async () => {
  const weatherModel = model().calls(getWeather, { city: 'Tokyo' }).thenReplies('It is sunny in Tokyo.');
  const agent = new Agent({ name: 'Weather', model: weatherModel, tools: [getWeather] });

  const result = await run(agent, 'Weather in Kyoto?');

  expect(result).toHaveCalledTool(getWeather, { city: 'Kyoto' });
});

// Must FAIL, naming: The turn makes 2 tool calls, but the request sets parallelToolCalls: false
test('drift: the agent now allows one tool call per turn, and the script still makes two at once', async () => {
  const weatherModel = model()
    .turn((t) => t.calls(getWeather, { city: 'Tokyo' }).calls(getForecast, { city: 'Tokyo', days: 3 }))
    .thenReplies('Sunny now and for three days.');
  const agent = new Agent({ name: 'Weather', model: weatherModel, tools: [getWeather, getForecast], modelSettings: { parallelToolCalls: false } });

  const result = await run(agent, 'Weather and forecast in Tokyo?');

  expect(result.finalOutput).toBe('Sunny now and for three days.');
});
