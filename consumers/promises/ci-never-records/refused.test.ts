// Run with CI=true and AGENTS_TESTKIT_CASSETTE_MODE=record-missing, as a CI job that forgot to commit
// a recording would: nothing may reach the model server or start the MCP server, each test fails
// naming the command that records it on a developer machine, and no file is written. What reached
// the servers is written to reached.json for the scenario to read.
import { writeFileSync } from 'node:fs';
import { Agent, run } from '@openai/agents';
import { cassette, mcp, mcpCassette, model } from 'agents-testkit';
import { z } from 'zod';
import { message, startResponsesServer, type ResponsesServer } from './responsesServer';

let server: ResponsesServer;
let modelsMade = 0;
let mcpServersMade = 0;
beforeAll(async () => {
  server = await startResponsesServer([[message('Sunny in Tokyo.')]]);
});
afterAll(async () => {
  writeFileSync('reached.json', JSON.stringify({ requests: server.requests.length, modelsMade, mcpServersMade }));
  await server.close();
});

// Must FAIL, naming: CI=
// Must FAIL, naming: refused-weather.json
// Must FAIL, naming: the test "the weather is recorded on a developer machine"
// Must FAIL, naming: AGENTS_TESTKIT_CASSETTE_MODE=record-missing npx
// Must FAIL, naming: refused.test.ts -t 'the weather is recorded on a developer machine'
// Must FAIL, naming: AGENTS_TESTKIT_RECORD_IN_CI=1
test('the weather is recorded on a developer machine', async () => {
  const recorded = cassette('refused-weather.json', {
    model: () => {
      modelsMade += 1;
      return server.model();
    },
  });
  const result = await run(new Agent({ name: 'Weather', model: recorded }), 'Weather in Tokyo?');
  expect(result.finalOutput).toBe('Sunny in Tokyo.');
});

// Must FAIL, naming: CI=
// Must FAIL, naming: refused-stations.json
// Must FAIL, naming: AGENTS_TESTKIT_CASSETTE_MODE=record-missing npx
// Must FAIL, naming: refused.test.ts -t 'the station is recorded on a developer machine'
// Must FAIL, naming: AGENTS_TESTKIT_RECORD_IN_CI=1
test('the station is recorded on a developer machine', async () => {
  const stations = mcpCassette('refused-stations.json', {
    server: () => {
      mcpServersMade += 1;
      return mcp({ name: 'stations', tools: { read_station: z.object({ city: z.string() }) } }).expectCall('read_station', { city: 'Oslo' }).returns('Oslo: open.');
    },
  });
  await stations.connect();
  try {
    await run(new Agent({ name: 'Stations', model: model().calls('read_station', { city: 'Oslo' }).thenReplies('Open.'), mcpServers: [stations] }), 'Is Oslo open?');
  } finally {
    await stations.close();
  }
  expect(stations).toHaveMcpToolOutput('read_station', 'Oslo: open.');
});
