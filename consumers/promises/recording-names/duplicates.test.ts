// Two tests with the same full name would share one conversation, and the second recording would
// replace the first: recording refuses both, naming them and how to tell them apart.
import { Agent, run } from '@openai/agents';
import { cassette, mcp, mcpCassette, model } from 'agents-testkit';
import { z } from 'zod';
import { message, startResponsesServer, type ResponsesServer } from './responsesServer';

let server: ResponsesServer;
beforeAll(async () => {
  server = await startResponsesServer([[message('Sunny.')], [message('Rainy.')]]);
});
afterAll(() => server.close());

// Must FAIL, naming: 2 tests of
// Must FAIL, naming: the 1st and 2nd tests of the file
// Must FAIL, naming: Give each test a name of its own
test('records the forecast', async () => {
  const forecast = cassette('duplicates.json', { mode: 'record', model: () => server.model() });
  expect((await run(new Agent({ name: 'Weather', model: forecast }), 'Weather in Tokyo?')).finalOutput).toBe('Sunny.');
});

// A copy-pasted test whose title was not changed.
// Must FAIL, naming: 2 tests of
// Must FAIL, naming: the 1st and 2nd tests of the file
// Must FAIL, naming: Give each test a name of its own
test('records the forecast', async () => {
  const forecast = cassette('duplicates.json', { mode: 'record', model: () => server.model() });
  expect((await run(new Agent({ name: 'Weather', model: forecast }), 'Weather in Oslo?')).finalOutput).toBe('Rainy.');
});

// test.each without a placeholder in its title: every row has the same name.
// Must FAIL, naming: 2 tests of
// Must FAIL, naming: the 3rd and 4th tests of the file
// Must FAIL, naming: with test.each, put %s or $variable in the title
test.each([['Oslo'], ['Bergen']])('reads a station', async (city) => {
  const stations = mcpCassette('duplicates-mcp.json', {
    mode: 'record',
    server: () => mcp({ name: 'stations', tools: { read_station: z.object({ city: z.string() }) } }).expectCall('read_station').returns(`${city}: open.`),
  });
  await stations.connect();
  const reader = new Agent({ name: 'Stations', model: model().calls('read_station', { city }).thenReplies('Open.'), mcpServers: [stations] });
  try {
    await run(reader, `Is the ${city} station open?`);
  } finally {
    await stations.close();
  }
});
