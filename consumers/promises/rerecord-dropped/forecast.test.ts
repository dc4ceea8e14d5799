// One run re-records a conversation the test before recorded (each cassette names its mode, so the
// run's mode and DROP change nothing here): a re-record whose second real call fails and one whose
// test fails after the run both leave the first recording in the file, where the replay at the end
// finds it, and keep theirs in the partial file; the recording of another test into the same file
// is committed beside it all the same.
import { Agent, run } from '@openai/agents';
import { cassette, type CassetteOptions } from 'agents-testkit';
import { getWeather } from './getWeather';
import { functionCall, message, serverError, startResponsesServer, type ResponsesServer } from './responsesServer';

let server: ResponsesServer;
beforeAll(async () => {
  const tokyo = [functionCall('get_weather', { city: 'Tokyo' })];
  server = await startResponsesServer([
    tokyo,
    [message('Sunny in Tokyo today.')],
    // The re-record whose second real call fails:
    tokyo,
    serverError('rate limited'),
    // The re-record whose test fails after the run:
    tokyo,
    [message('Foggy in Tokyo.')],
    // Another test recording into the same file:
    [functionCall('get_weather', { city: 'Oslo' })],
    [message('Rainy in Oslo.')],
  ]);
});
afterAll(() => server.close());

const forecast = (options: CassetteOptions) => cassette('forecast.json', { model: () => server.model('gpt-5.4-mini'), ...options });
const ask = (model: ReturnType<typeof cassette>, input: string) =>
  run(new Agent({ name: 'Weather', instructions: 'Answer in one sentence.', model, tools: [getWeather] }), input);

test('records the Tokyo forecast', async () => {
  expect((await ask(forecast({ mode: 'record', conversation: 'tokyo' }), 'Weather in Tokyo?')).finalOutput).toBe('Sunny in Tokyo today.');
});

// Must FAIL, naming: The call it recorded for conversation "tokyo" is kept in
test('a re-record whose second real call fails', async () => {
  await ask(forecast({ mode: 'record', conversation: 'tokyo' }), 'Weather in Tokyo?');
});

// Must FAIL, naming: The 2 calls it recorded for conversation "tokyo" are kept in
test('a re-record whose test fails after the run', async () => {
  expect((await ask(forecast({ mode: 'record', conversation: 'tokyo' }), 'Weather in Tokyo?')).finalOutput).toBe('Cloudy in Tokyo.');
});

test('records the Oslo forecast into the same file', async () => {
  expect((await ask(forecast({ mode: 'record' }), 'Weather in Oslo?')).finalOutput).toBe('Rainy in Oslo.');
});

test('both forecasts replay', async () => {
  const tokyo = await ask(forecast({ mode: 'replay', conversation: 'tokyo' }), 'Weather in Tokyo?');
  const oslo = await ask(forecast({ mode: 'replay', conversation: 'records the Oslo forecast into the same file' }), 'Weather in Oslo?');
  expect([tokyo.finalOutput, oslo.finalOutput]).toEqual(['Sunny in Tokyo today.', 'Rainy in Oslo.']);
});
