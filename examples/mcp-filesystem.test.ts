import { Agent, run, type MCPServer, type Model } from '@openai/agents';
import { mcp, model } from 'agents-testkit';
import { z } from 'zod';

// The app under test: the SDK's filesystem example, an agent that reads files through an MCP server.
function mcpAssistant(files: MCPServer, script: Model) {
  return new Agent({ name: 'MCP Assistant', instructions: 'Use the tools to read the filesystem.', model: script, mcpServers: [files] });
}

// The tools of @modelcontextprotocol/server-filesystem this test needs, declared instead of spawned.
const filesystem = (options?: { verify?: boolean }) =>
  mcp({
    name: 'Filesystem Server',
    ...options,
    tools: {
      list_directory: { description: 'List the files of a directory', parameters: z.object({ path: z.string() }) },
      read_text_file: { description: 'Read a text file', parameters: z.object({ path: z.string(), head: z.number().optional() }) },
    },
  });

test('the assistant reads my books, and no server process runs', async () => {
  const files = filesystem()
    .expectCall('list_directory', { path: 'sample_files' })
    .returns('[FILE] books.txt\n[FILE] favorite_songs.txt')
    .expectCall('read_text_file', { path: 'sample_files/books.txt' })
    .returns('1. Dune\n2. Solaris\n');
  const script = model()
    .calls(files.tools.list_directory, { path: 'sample_files' }) // arguments typed from the server's schema
    .thenCalls(files.tools.read_text_file, { path: 'sample_files/books.txt' })
    .thenReplies('Your #1 favorite book is Dune.');

  const result = await run(mcpAssistant(files, script), 'What is my #1 favorite book?');

  expect(result.finalOutput).toBe('Your #1 favorite book is Dune.');
  expect(files).toHaveCalledMcpTool(files.tools.read_text_file, { path: 'sample_files/books.txt' });
  expect(files).toHaveMcpToolOutput('read_text_file', /Dune/);
});

test('a file that cannot be read is a planned failure: .fails() on the server plans it for the model too', async () => {
  const files = filesystem().expectCall('read_text_file', { path: 'sample_files/poems.txt' }).fails(new Error('ENOENT: no such file'));
  const script = model()
    .calls(files.tools.read_text_file, { path: 'sample_files/poems.txt' }) // no { toolFails: true } needed
    .thenReplies('I found no poems.');

  const result = await run(mcpAssistant(files, script), 'Read me a poem.');

  expect(result.finalOutput).toBe('I found no poems.');
});

test('an MCP call the script did not plan fails the test, though the SDK hands the model an error text and runs on', async () => {
  // This test shows the failure on purpose, so its doubles opt out of the after-each check.
  const files = filesystem({ verify: false }).expectCall('read_text_file', { path: 'sample_files/books.txt' }).returns('1. Dune\n');
  const script = model({ verify: false })
    .calls(files.tools.read_text_file, { path: 'sample_files/songs.txt' })
    .thenReplies('Here are your songs.');

  const result = await run(mcpAssistant(files, script), 'Read my songs.');

  expect(result.finalOutput).toBe('Here are your songs.'); // the run went on…
  expect(() => files.assertComplete()).toThrow('"path" is "sample_files/songs.txt", not "sample_files/books.txt"'); // …the double did not
});
