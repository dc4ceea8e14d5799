import { Agent, run, tool } from '@openai/agents';
import { model, sweep } from 'agents-testkit';
import { z } from 'zod';

const getWeather = tool({
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => `It is sunny in ${city}.`,
});

/** The app under test: it answers with the agent's reply, or apologises when the run fails. */
async function answer(agent: Agent, question: string): Promise<string> {
  try {
    return String((await run(agent, question)).finalOutput);
  } catch {
    return 'Sorry, the weather service is down.';
  }
}

test('the app answers the user whatever fails: each model call, each tool', async () => {
  const report = await sweep(async () => {
    const weatherModel = model().calls(getWeather, { city: 'Tokyo' }).thenReplies('It is sunny in Tokyo.');
    const agent = new Agent({ name: 'Weather', model: weatherModel, tools: [getWeather] });

    const reply = await answer(agent, 'Weather in Tokyo?'); // what must hold under every fault:

    expect(reply).toMatch(/sunny|Sorry/);
  });

  expect(report.points.map((point) => point.name)).toEqual([
    'model call 1 fails',
    'model call 1 fails, retry advised',
    'tool get_weather throws on call 1',
    'model call 2 fails',
    'model call 2 fails, retry advised',
  ]);
});
