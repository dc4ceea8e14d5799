// Three conversations in two cassettes, recorded through the SDK's real Responses model against a
// loopback server. FORECAST changes what the weather tool returns, so the Tokyo conversation's
// second request drifts from its recording; the other two never drift. scenario.mjs runs this
// file in record-missing, replay, rerecord-drifted and CI (the mode from AGENTS_TESTKIT_CASSETTE_MODE).
import { Agent, run, tool } from '@openai/agents';
import { cassette } from 'agents-testkit';
import { z } from 'zod';
import { functionCall, message, startResponsesServer, type ServerTurn } from './responsesServer';

const drifted = process.env.FORECAST !== undefined;
const getWeather = tool({
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => process.env.FORECAST ?? `It is sunny in ${city}.`,
});

async function ask(file: string, input: string, turns: readonly ServerTurn[]): Promise<unknown> {
  const server = await startResponsesServer(turns);
  try {
    const model = cassette(file, { model: () => server.model('gpt-5.4-mini') });
    return (await run(new Agent({ name: 'Weather', instructions: 'Answer in one sentence.', model, tools: [getWeather] }), input)).finalOutput;
  } finally {
    await server.close();
  }
}

describe('weather', () => {
  test('answers for Tokyo', async () => {
    // Re-recorded from its drifted second call, the real model is asked that call only.
    const turns = drifted ? [[message('Rainy in Tokyo today.')]] : [[functionCall('get_weather', { city: 'Tokyo' })], [message('Sunny in Tokyo today.')]];
    expect(await ask('weather.json', 'Weather in Tokyo?', turns)).toBe(drifted ? 'Rainy in Tokyo today.' : 'Sunny in Tokyo today.');
  });

  test('answers for Oslo', async () => {
    expect(await ask('weather.json', 'Is it cold in Oslo?', [[message('Cold in Oslo.')]])).toBe('Cold in Oslo.');
  });
});

test('greets', async () => {
  expect(await ask('greetings.json', 'Hello!', [[message('Hello there.')]])).toBe('Hello there.');
});
