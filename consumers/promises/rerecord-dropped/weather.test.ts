// Records the weather conversation from a loopback Responses API. With DROP=1 the server drops the
// connection on the second model call: the re-record fails midway, and weather.json must stay as
// the first run wrote it.
import { Agent, run } from '@openai/agents';
import { cassette } from 'agents-testkit';
import { getWeather } from './getWeather';
import { dropConnection, functionCall, message, startResponsesServer, type ResponsesServer } from './responsesServer';

let server: ResponsesServer;
beforeAll(async () => {
  const answer = process.env.DROP === '1' ? dropConnection() : [message('It is sunny in Tokyo today.')];
  server = await startResponsesServer([[functionCall('get_weather', { city: 'Tokyo' })], answer]);
});
afterAll(() => server.close());

test('the weather agent answers from its recording', async () => {
  const recorded = cassette('weather.json', { model: () => server.model('gpt-5.4-mini') });
  const agent = new Agent({ name: 'Weather', instructions: 'Answer in one sentence.', model: recorded, tools: [getWeather] });

  const result = await run(agent, 'Weather in Tokyo?');

  expect(result.finalOutput).toBe('It is sunny in Tokyo today.');
});
