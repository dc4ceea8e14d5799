// Recorded from a loopback Responses API in the record run, replayed in the next one under traces().
import { Agent, run, tool } from '@openai/agents';
import { cassette, traces } from 'agents-testkit';
import { z } from 'zod';
import { functionCall, message, startResponsesServer, type ResponsesServer } from './responsesServer';

const getWeather = tool({ name: 'get_weather', description: 'Weather for a city', parameters: z.object({ city: z.string() }), execute: async ({ city }) => `Sunny in ${city}.` });

let server: ResponsesServer;
beforeAll(async () => {
  server = await startResponsesServer([[functionCall('get_weather', { city: 'Tokyo' })], [message('Sunny in Tokyo today.')]]);
});
afterAll(() => server.close());

test('the replayed conversation has the recorded model calls’ generation spans', async () => {
  const trace = traces();
  const weather = cassette('weather.json', { model: () => server.model('gpt-5.4-mini') });
  await run(new Agent({ name: 'Weather', instructions: 'One sentence.', model: weather, tools: [getWeather] }), 'Weather in Tokyo?');

  if (process.env.AGENTS_TESTKIT_CASSETTE_MODE === 'record') {
    expect(server.requests).toHaveLength(2);
    return;
  }
  expect(server.requests).toHaveLength(0);
  expect(trace.tree()).toBe(['trace "Agent workflow"', '  agent "Weather"', '    generation', '    function get_weather {"city":"Tokyo"} → "Sunny in Tokyo."', '    generation'].join('\n'));
});
