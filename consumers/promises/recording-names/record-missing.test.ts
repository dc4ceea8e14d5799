// record-missing records the conversation of its own test when the file holds only another test's:
// the "only conversation stands in" rule is for replay alone. Two tests recording one MCP file keep
// one conversation each.
import { Agent, run } from '@openai/agents';
import { cassette, mcp, mcpCassette, model } from 'agents-testkit';
import { z } from 'zod';
import { message, startResponsesServer, type ResponsesServer } from './responsesServer';

let server: ResponsesServer;
beforeAll(async () => {
  server = await startResponsesServer([[message('Sunny in Tokyo.')], [message('Rainy in Oslo.')]]);
});
afterAll(() => server.close());

const forecast = (mode: 'record' | 'record-missing') => cassette('forecast.json', { mode, model: () => server.model() });

test('records the Tokyo forecast', async () => {
  expect((await run(new Agent({ name: 'Weather', model: forecast('record') }), 'Weather in Tokyo?')).finalOutput).toBe('Sunny in Tokyo.');
});

test('record-missing records a forecast the file lacks, though the file holds one other conversation', async () => {
  const before = server.requests.length;
  const result = await run(new Agent({ name: 'Weather', model: forecast('record-missing') }), 'Weather in Oslo?');
  expect(result.finalOutput).toBe('Rainy in Oslo.');
  expect(server.requests.length - before).toBe(1); // recorded from the server, not replayed from the Tokyo test's conversation
});

const stations = (mode: 'record' | 'record-missing' | 'replay', city: string, conversation?: string) =>
  mcpCassette('stations-mcp.json', {
    mode,
    ...(conversation === undefined ? {} : { conversation }),
    server: () => mcp({ name: 'stations', tools: { read_station: z.object({ city: z.string() }) } }).expectCall('read_station', { city }).returns(`${city}: open.`),
  });

async function readStation(server: ReturnType<typeof stations>, city: string) {
  await server.connect();
  try {
    return await run(new Agent({ name: 'Stations', model: model().calls('read_station', { city }).thenReplies('Open.'), mcpServers: [server] }), `Is ${city} open?`);
  } finally {
    await server.close();
  }
}

test('records the Tokyo station', async () => {
  const tokyo = stations('record', 'Tokyo');
  await readStation(tokyo, 'Tokyo');
  expect(tokyo).toHaveMcpToolOutput('read_station', 'Tokyo: open.');
});

test('record-missing records a station the file lacks, though the file holds one other conversation', async () => {
  const oslo = stations('record-missing', 'Oslo');
  await readStation(oslo, 'Oslo');
  expect(oslo.mode).toBe('record');
  expect(oslo).toHaveMcpToolOutput('read_station', 'Oslo: open.');
});

test('both stations replay from the one file they share', async () => {
  const tokyo = stations('replay', 'Tokyo', 'records the Tokyo station');
  const oslo = stations('replay', 'Oslo', 'record-missing records a station the file lacks, though the file holds one other conversation');
  await readStation(tokyo, 'Tokyo');
  await readStation(oslo, 'Oslo');
  expect(tokyo).toHaveMcpToolOutput('read_station', 'Tokyo: open.');
  expect(oslo).toHaveMcpToolOutput('read_station', 'Oslo: open.');
});
