// mcp(): the tools a server declares type the arguments of its steps, of model().calls(…) through
// its references, and of the MCP matchers; JSON-schema tools take a plain record.
import { Agent, type MCPServer } from '@openai/agents';
import { z } from 'zod';
import { asserting, mcp, model, resume, type McpCall, type McpScript } from 'agents-testkit';
import { expect } from 'runner-expect';
import { check, typed, type Equal, type IsAny } from './assert';
import { refund } from './fixtures';

const files = mcp({
  name: 'files',
  tools: {
    read_file: { description: 'Reads a file', parameters: z.object({ path: z.string(), head: z.number().optional() }) },
    list_directory: z.object({ path: z.string() }),
    find: { inputSchema: { type: 'object', properties: { query: { type: 'string' } } } },
  },
});

// The script is an MCPServer, for mcpServers.
const server: MCPServer = files;
new Agent({ name: 'Reader', mcpServers: [files] });
typed<McpScript<any>>(files);

// Steps: the tool by name or reference; arguments typed from its schema.
files.expectCall('read_file', { path: 'a.md' }).returns('# A');
files.expectCall(files.tools.read_file, { path: expect.stringMatching(/\.md$/) }).returns([{ type: 'text', text: '# A' }]);
files.expectCall('read_file', ({ path, head }) => path === 'a.md' && head === undefined).responds(({ path }) => `contents of ${path}`);
files.expectCall('list_directory', asserting(({ path }) => expect(path).toBe('.'))).fails(new Error('EACCES'));
files.expectCall('find', { query: 'x', anything: 1 }).returns({ structuredContent: { hits: 1 } });
files.expectCall('read_file').responds(async (args, call) => {
  check<Equal<typeof args, { path: string; head?: number | undefined }>>();
  typed<McpCall>(call);
  return { content: [{ type: 'text', text: 'x' }], isError: true };
});
// @ts-expect-error the server does not list write_file
files.expectCall('write_file');
// @ts-expect-error path is a string
files.expectCall('read_file', { path: 1 });
// @ts-expect-error a predicate returns a boolean
files.expectCall('read_file', ({ path }) => path);
// @ts-expect-error a result is text, content parts or { content, structuredContent, isError }
files.expectCall('read_file').returns(42);

// References: model().calls types the arguments; the prefixed ones too.
model().calls(files.tools.read_file, { path: 'a.md' });
model().calls(files.prefixedTools.list_directory, { path: '.' });
check<Equal<typeof files.tools.read_file.name, 'read_file'>>();
// @ts-expect-error path is a string
model().calls(files.tools.read_file, { path: 1 });
// @ts-expect-error no such tool
files.tools.write_file;
check<Equal<IsAny<Parameters<typeof files.expectCall<'find'>>[1]>, false>>();

// Matchers
expect(files).toHaveCalledMcpTool('read_file');
expect(files).toHaveCalledMcpTool(files.tools.read_file, { path: 'a.md' });
expect(files).not.toHaveCalledMcpTool(files.tools.list_directory, { path: expect.any(String) });
expect(files).toHaveMcpToolOutput('read_file', '# A');
expect(files).toHaveMcpToolOutput(files.tools.read_file, /^#/);
expect(files).toHaveMcpToolOutput('read_file', { title: 'A' });
expect(files).toBeComplete();
// @ts-expect-error path is a string
expect(files).toHaveCalledMcpTool(files.tools.read_file, { path: 1 });
// @ts-expect-error an output is text, a RegExp, an asymmetric matcher or an object
expect(files).toHaveMcpToolOutput('read_file', 42);

// resume(): decisions by tool, name, call id, with "always"; the resumed result is a run result.
declare const paused: Parameters<typeof resume>[1];
declare const agent: Agent;
void resume(agent, paused, { approve: refund }).then((resumed) => typed<string | undefined>(resumed.finalOutput as string | undefined));
void resume(agent, paused, { approve: [refund, 'lookup_order'], reject: { callId: 'call_2', message: 'Not today.' } });
void resume(agent, paused, { approve: { tool: refund, always: true } });
void resume(agent, '{"$schemaVersion":"1.2"}', { reject: 'refund' });
// @ts-expect-error decisions approve or reject
void resume(agent, paused, { allow: refund });
expect(paused).toHaveRespectedApprovals();
