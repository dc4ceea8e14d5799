// The README's record/replay recipe, recording through the SDK's real Responses model against a
// loopback server instead of the OpenAI API. Run once with AGENTS_TESTKIT_CASSETTE_MODE=record,
// then again without it: the second run replays what the first one wrote.
import { Agent, run, tool } from '@openai/agents';
import { cassette } from 'agents-testkit';
import { z } from 'zod';
import { functionCall, message, startResponsesServer, type ResponsesServer } from './responsesServer';

const getWeather = tool({
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => `It is sunny in ${city}.`,
});

let server: ResponsesServer;
beforeAll(async () => {
  server = await startResponsesServer([[functionCall('get_weather', { city: 'Tokyo' })], [message('It is sunny in Tokyo today.')]]);
});
afterAll(() => server.close());

test('the agent replays its recorded conversation', async () => {
  const recorded = cassette('weather.json', { model: () => server.model('gpt-5.4-mini') });
  const agent = new Agent({ name: 'Weather', instructions: 'Answer in one sentence.', model: recorded, tools: [getWeather] });

  const result = await run(agent, 'Weather in Tokyo?');

  expect(result).toHaveCalledTool(getWeather, { city: 'Tokyo' });
  expect(result.finalOutput).toBe('It is sunny in Tokyo today.');
  // Replaying reaches no server; recording reaches it once per model call.
  expect(server.requests).toHaveLength(process.env.AGENTS_TESTKIT_CASSETTE_MODE === 'record' ? 2 : 0);
});
