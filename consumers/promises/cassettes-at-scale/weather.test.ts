// Records its conversation the first time (record-missing), under its test's full name, with its
// provenance; scenario.mjs then runs `agents-testkit cassettes` over the file with this run's report.
import { Agent, run } from '@openai/agents';
import { cassette } from 'agents-testkit';
import { message, startResponsesServer, type ResponsesServer } from './responsesServer';

let server: ResponsesServer;
beforeAll(async () => {
  server = await startResponsesServer([[message('Sunny.')]]);
});
afterAll(() => server.close());

describe('weather', () => {
  test('answers for Tokyo', async () => {
    const model = cassette('weather.json', { mode: 'record-missing', model: () => server.model() });
    expect((await run(new Agent({ name: 'Weather', model }), 'Weather in Tokyo?')).finalOutput).toBe('Sunny.');
  });
});
