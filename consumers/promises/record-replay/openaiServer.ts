// The OpenAI API for the README recipe (the scenario puts its import first): the recipe names its
// model, so the SDK's OpenAI provider makes the client, from OPENAI_BASE_URL, when it is first
// asked for that model. It counts the requests in openai-requests for the scenario: recording
// reaches the server once per model call of the first test only, replaying never.
import { writeFileSync } from 'node:fs';
import { functionCall, message, startResponsesServer, type ResponsesServer } from './responsesServer';

let server: ResponsesServer;
beforeAll(async () => {
  server = await startResponsesServer([[functionCall('get_weather', { city: 'Tokyo' })], [message('It is sunny in Tokyo today.')]]);
  process.env.OPENAI_BASE_URL = server.url;
});
afterAll(async () => {
  await server.close();
  writeFileSync('openai-requests', String(server.requests.length));
});
