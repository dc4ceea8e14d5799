// A second test file recording into the same cassette: a run filtered to weather.test.ts, or the
// shard without this file, reports none of its tests, and `cassettes prune` must keep its conversation.
import { Agent, run } from '@openai/agents';
import { cassette } from 'agents-testkit';
import { message, startResponsesServer, type ResponsesServer } from './responsesServer';

let server: ResponsesServer;
beforeAll(async () => {
  server = await startResponsesServer([[message('Rainy.')]]);
});
afterAll(() => server.close());

describe('other', () => {
  test('answers for Oslo', async () => {
    const model = cassette('weather.json', { mode: 'record-missing', model: () => server.model() });
    expect((await run(new Agent({ name: 'Weather', model }), 'Weather in Oslo?')).finalOutput).toBe('Rainy.');
  });
});
