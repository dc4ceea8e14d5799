import { Agent, run, tool } from '@openai/agents';
import { model } from 'agents-testkit';
import { z } from 'zod';

const getWeather = tool({
  name: 'get_weather',
  description: 'Weather for a city',
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => {
    if (city === 'Atlantis') throw new Error('no such city');
    return `Sunny in ${city}.`;
  },
});

test('a tool that fails where the script expects it to run fails the test', async () => {
  // The SDK hands the model "An error occurred while running the tool…" and the run goes on.
  const script = model({ verify: false }).calls(getWeather, { city: 'Atlantis' }).thenReplies('It is sunny.');
  const agent = new Agent({ name: 'Weather', model: script, tools: [getWeather] });

  const result = await run(agent, 'Weather in Atlantis?');

  expect(result.finalOutput).toBe('It is sunny.'); // still holds
  expect(() => script.assertComplete()).toThrow('expected calls(get_weather, {"city":"Atlantis"}) to run the tool');
});

test('a tool meant to fail says so, and the agent is tested on how it recovers', async () => {
  const script = model()
    .calls(getWeather, { city: 'Atlantis' }, { toolFails: true })
    .thenReplies('I could not find that city.');
  const agent = new Agent({ name: 'Weather', model: script, tools: [getWeather] });

  const result = await run(agent, 'Weather in Atlantis?');

  expect(result.finalOutput).toBe('I could not find that city.');
});
