// Two tests replay one cassette and one MCP recording, each written by the record run.
import { Agent, run, tool } from '@openai/agents';
import { cassette, mcp, mcpCassette } from 'agents-testkit';
import { z } from 'zod';
import { message, startResponsesServer, type ResponsesServer } from './responsesServer';

const noop = tool({ name: 'noop', description: 'Does nothing', parameters: z.object({}), execute: async () => 'ok' });

let server: ResponsesServer;
beforeAll(async () => {
  server = await startResponsesServer([[message('Sunny.')], [message('Sunny.')]]);
});
afterAll(() => server.close());

for (const name of ['first', 'second']) {
  test(`the ${name} replay answers as recorded`, async () => {
    const model = cassette('weather.json', { conversation: 'weather', model: () => server.model('gpt-5.4-mini') });
    const result = await run(new Agent({ name: 'Weather', instructions: 'One sentence.', model, tools: [noop] }), 'Weather?');
    expect(result.finalOutput).toBe('Sunny.');

    const notes = mcpCassette('notes-mcp.json', { conversation: 'notes', server: () => mcp({ name: 'Notes', tools: { read_note: z.object({}) } }) });
    await notes.connect();
    expect((await notes.listTools()).map((listed) => listed.name)).toEqual(['read_note']);
    await notes.close();
  });
}
