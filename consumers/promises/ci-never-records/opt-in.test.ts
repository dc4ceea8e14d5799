// Run with CI=true, AGENTS_TESTKIT_CASSETTE_MODE=record-missing and AGENTS_TESTKIT_RECORD_IN_CI=1, as
// a CI job that records on purpose would: the opt-in lets both recordings reach their servers.
import { Agent, run } from '@openai/agents';
import { cassette, mcp, mcpCassette, model } from 'agents-testkit';
import { z } from 'zod';
import { message, startResponsesServer, type ResponsesServer } from './responsesServer';

let server: ResponsesServer;
beforeAll(async () => {
  server = await startResponsesServer([[message('Sunny in Tokyo.')]]);
});
afterAll(() => server.close());

test('with the opt-in, CI records the weather', async () => {
  const recorded = cassette('opted-weather.json', { model: () => server.model() });
  const result = await run(new Agent({ name: 'Weather', model: recorded }), 'Weather in Tokyo?');
  expect(result.finalOutput).toBe('Sunny in Tokyo.');
  expect(recorded.mode).toBe('record');
  expect(server.requests).toHaveLength(1);
});

test('with the opt-in, CI records the station', async () => {
  const stations = mcpCassette('opted-stations.json', {
    server: () => mcp({ name: 'stations', tools: { read_station: z.object({ city: z.string() }) } }).expectCall('read_station', { city: 'Oslo' }).returns('Oslo: open.'),
  });
  await stations.connect();
  try {
    await run(new Agent({ name: 'Stations', model: model().calls('read_station', { city: 'Oslo' }).thenReplies('Open.'), mcpServers: [stations] }), 'Is Oslo open?');
  } finally {
    await stations.close();
  }
  expect(stations.mode).toBe('record');
  expect(stations).toHaveMcpToolOutput('read_station', 'Oslo: open.');
});
