import { Agent, run } from '@openai/agents';
import { z } from 'zod';
import { mcp, model } from 'agents-testkit';
import { describe, expect, failureOf, test } from './support';

async function servedFiles() {
  const files = mcp({ name: 'files', verify: false, tools: { read_file: z.object({ path: z.string() }), list_directory: z.object({ path: z.string() }) } })
    .expectCall('list_directory', { path: '.' })
    .returns('a.md')
    .expectCall('read_file', { path: 'a.md' })
    .returns({ content: [{ type: 'text', text: '# A' }], structuredContent: { title: 'A' } });
  const script = model({ verify: false })
    .calls(files.tools.list_directory, { path: '.' })
    .thenCalls(files.tools.read_file, { path: 'a.md' })
    .thenCalls(files.tools.read_file, { path: 'b.md' })
    .thenReplies('Done.');
  await run(new Agent({ name: 'Reader', model: script, mcpServers: [files] }), 'Read');
  return files;
}

describe('toHaveCalledMcpTool', () => {
  test('passes for a call a step answered, by name or reference, arguments partial; .not reads well', async () => {
    const files = await servedFiles();
    expect(files).toHaveCalledMcpTool('read_file');
    expect(files).toHaveCalledMcpTool(files.tools.read_file, { path: 'a.md' });
    expect(files).toHaveCalledMcpTool('read_file', { path: expect.stringMatching(/\.md$/) });
    expect(files).not.toHaveCalledMcpTool('read_file', { path: 'b.md' }); // it came, unplanned
    expect(files).not.toHaveCalledMcpTool('write_file');
  });

  test('failure with other arguments shows the diff and every call', async () => {
    const files = await servedFiles();
    expect(failureOf(() => expect(files).toHaveCalledMcpTool('read_file', { path: 'c.md' }))).toMatchSnapshot();
  });

  test('failure for a call the script did not plan says so', async () => {
    const files = await servedFiles();
    expect(failureOf(() => expect(files).toHaveCalledMcpTool('read_file', { path: 'b.md' }))).toMatchSnapshot();
  });

  test('.not failure, and a received value of the wrong kind', async () => {
    const files = await servedFiles();
    expect(failureOf(() => expect(files).not.toHaveCalledMcpTool('list_directory'))).toMatchSnapshot();
    expect(failureOf(() => expect({ name: 'files' }).toHaveCalledMcpTool('read_file'))).toMatchSnapshot();
  });
});

describe('toHaveMcpToolOutput', () => {
  test('matches the text, a RegExp, an asymmetric matcher, or the structured content', async () => {
    const files = await servedFiles();
    expect(files).toHaveMcpToolOutput('read_file');
    expect(files).toHaveMcpToolOutput('read_file', '# A');
    expect(files).toHaveMcpToolOutput(files.tools.read_file, /^# /);
    expect(files).toHaveMcpToolOutput('read_file', expect.stringContaining('A'));
    expect(files).toHaveMcpToolOutput('read_file', { title: 'A' });
    expect(files).not.toHaveMcpToolOutput('read_file', { title: 'B' });
    expect(files).not.toHaveMcpToolOutput('read_file', { isError: true });
  });

  test('failure shows the text diff', async () => {
    const files = await servedFiles();
    expect(failureOf(() => expect(files).toHaveMcpToolOutput('read_file', '# B'))).toMatchSnapshot();
    expect(failureOf(() => expect(files).not.toHaveMcpToolOutput('list_directory', 'a.md'))).toMatchSnapshot();
  });
});
