import { Agent, MCPServerStdio, run } from '@openai/agents';
import { mcpCassette, model } from 'agents-testkit';

// Replays what @modelcontextprotocol/server-filesystem answered; the server is spawned only to record:
//   AGENTS_TESTKIT_CASSETTE_MODE=record npx vitest run examples/mcp-record-replay.test.ts
const files = () =>
  mcpCassette('examples/fixtures/filesystem-mcp.json', {
    server: () =>
      new MCPServerStdio({
        name: 'Filesystem Server',
        command: process.execPath,
        args: ['node_modules/@modelcontextprotocol/server-filesystem/dist/index.js', 'examples/fixtures/sample_files'],
      }),
  });

test('the assistant reads my songs from the recorded server', async () => {
  const server = files();
  await server.connect(); // recording: starts the real server; replay: nothing to start
  const script = model()
    .calls('read_text_file', { path: 'favorite_songs.txt' }) // relative to the served directory
    .thenReplies('You might like "Unfinished Sympathy".');
  const agent = new Agent({ name: 'MCP Assistant', model: script, mcpServers: [server] });

  const result = await run(agent, 'Suggest a song I might like.');
  await server.close(); // recording: stops the real server; the recording is written once this test passes

  expect(result.finalOutput).toBe('You might like "Unfinished Sympathy".');
  expect(server).toHaveMcpToolOutput('read_text_file', expect.stringContaining('Teardrop'));
  expect(script.firstRequest?.tools.map((tool) => tool.name)).toContain('read_text_file'); // the recorded tool list
});
