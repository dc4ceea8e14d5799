import { Agent, run, tool } from '@openai/agents';
import { model } from 'agents-testkit';
import { z } from 'zod';

const getWeather = tool({
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => `It is sunny in ${city}.`,
});

test('the agent looks the weather up, then answers', async () => {
  const weatherModel = model()
    .calls(getWeather, { city: 'Tokyo' }) // arguments are typed from the zod schema
    .thenReplies('It is sunny in Tokyo.');
  const agent = new Agent({ name: 'Weather', model: weatherModel, tools: [getWeather] });

  const result = await run(agent, 'Weather in Tokyo?');

  expect(result).toHaveCalledTool(getWeather, { city: 'Tokyo' });
  expect(result.finalOutput).toBe('It is sunny in Tokyo.');
  // The tool's output reached the model in the second request.
  expect(weatherModel.lastRequest?.input).toContainEqual(
    expect.objectContaining({ type: 'function_call_result', name: 'get_weather' }),
  );
  // No assertComplete(): the setup file fails this test if a turn is left unused.
});
