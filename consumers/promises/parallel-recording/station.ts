// What each of the two worker files does: record (or replay) one city's forecast into the same
// cassette and the same MCP recording as the other file, as its own test's conversation.
import { Agent, run, tool } from '@openai/agents';
import { cassette, mcp, mcpCassette, model } from 'agents-testkit';
import { z } from 'zod';
import { meetTheOtherWorker } from './barrier';
import { functionCall, message, startResponsesServer, type ResponsesServer } from './responsesServer';

const getWeather = tool({
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => `It is mild in ${city}.`,
});

export function forecastTest(me: string, other: string, city: string): void {
  let server: ResponsesServer;
  beforeAll(async () => {
    server = await startResponsesServer([[functionCall('get_weather', { city })], [message(`It is mild in ${city} today.`)]]);
  });
  afterAll(() => server.close());

  test(`the ${me} forecast`, async () => {
    const forecast = cassette('forecast.json', { model: () => server.model('gpt-5.4-mini') });
    // The server it records from (made only when recording): a scripted one, standing in for a real server.
    const stationsServer = () =>
      mcp({ name: 'stations', tools: { read_station: z.object({ city: z.string() }) } })
        .expectCall('read_station', { city })
        .returns(`Station of ${city}: open.`);
    const stations = mcpCassette('stations-mcp.json', { server: stationsServer });
    await stations.connect();
    const weather = new Agent({ name: 'Weather', instructions: 'Answer in one sentence.', model: forecast, tools: [getWeather] });
    const reader = new Agent({
      name: 'Stations',
      model: model().calls('read_station', { city }).thenReplies('The station is open.'),
      mcpServers: [stations],
    });

    const result = await run(weather, `Weather in ${city}?`);
    const station = await run(reader, 'Is the station open?');
    await stations.close();
    if (process.env.AGENTS_TESTKIT_CASSETTE_MODE === 'record') await meetTheOtherWorker(me, other);

    expect(result.finalOutput).toBe(`It is mild in ${city} today.`);
    expect(station.finalOutput).toBe('The station is open.');
    expect(stations).toHaveMcpToolOutput('read_station', `Station of ${city}: open.`);
    // Each worker waits for the other to record; on a loaded machine Jest's native-ESM workers can
    // start seconds apart, past the runners' 5 s default.
  }, 30_000);
}
