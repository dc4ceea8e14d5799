// Records a real MCP server over stdio (notesServer.mjs). With DROP=1 the server exits when the
// second tool call arrives: the re-record loses its connection midway, and notes-mcp.json must stay
// as the first run wrote it.
import { Agent, MCPServerStdio, run } from '@openai/agents';
import { mcpCassette, model } from 'agents-testkit';

test('the assistant reads two notes from the recorded server', async () => {
  const notes = mcpCassette('notes-mcp.json', {
    server: () =>
      new MCPServerStdio({
        name: 'Notes',
        command: process.execPath,
        args: ['notesServer.mjs', ...(process.env.DROP === '1' ? ['--exit-on-call=2'] : [])],
      }),
  });
  const script = model().calls('read_note', { id: 1 }).thenCalls('read_note', { id: 2 }).thenReplies('Call the plumber, then buy milk.');
  const agent = new Agent({ name: 'Notes assistant', model: script, mcpServers: [notes] });

  await notes.connect();
  let result;
  try {
    result = await run(agent, 'What are my notes?');
  } finally {
    await notes.close();
  }

  expect(result.finalOutput).toBe('Call the plumber, then buy milk.');
  expect(notes).toHaveMcpToolOutput('read_note', 'Note 2: buy milk.');
});
