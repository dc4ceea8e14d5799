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

// The servers below are called directly (callTool), as the SDK calls them, to shape each record.
const readerTools = { read_file: z.object({ path: z.string() }), list_directory: z.object({ path: z.string() }) };

/** A call the script did not plan: the double throws it into the caller and records it. */
async function unplanned(server: { callTool(tool: string, args: Record<string, unknown> | null): Promise<unknown> }, tool: string, args: Record<string, unknown>) {
  await server.callTool(tool, args).then(
    () => {
      throw new Error(`expected ${tool} to be a mismatch`);
    },
    () => undefined,
  );
}

describe('toHaveCalledMcpTool: every branch of the message', () => {
  test('a server that received no tool calls', () => {
    const files = mcp({ name: 'files', verify: false, tools: readerTools });
    expect(files).not.toHaveCalledMcpTool('read_file');
    expect(failureOf(() => expect(files).toHaveCalledMcpTool('read_file'))).toBe(
      ['expect(received).toHaveCalledMcpTool(tool)', '', 'Expected: a call of "read_file"', 'Received: no call of "read_file"', '', 'mcp("files") received no tool calls.'].join(
        '\n',
      ),
    );
  });

  test('no call of the tool: the closest tool the server was called with is suggested, a distant one is not', async () => {
    const files = mcp({ name: 'files', verify: false, tools: readerTools }).expectCall('read_file').returns('# A');
    await files.callTool('read_file', { path: 'a.md' });
    expect(failureOf(() => expect(files).toHaveCalledMcpTool('read_fil'))).toBe(
      [
        'expect(received).toHaveCalledMcpTool(tool)',
        '',
        'Expected: a call of "read_fil"',
        'Received: no call of "read_fil" (did you mean "read_file"?)',
        '',
        'Tool calls mcp("files") received:',
        '  1. read_file({"path":"a.md"}) → "# A"',
        '',
        'Number of tool calls: 1',
      ].join('\n'),
    );
    expect(failureOf(() => expect(files).toHaveCalledMcpTool('list_directory'))).toContain('\nReceived: no call of "list_directory"\n\n');
  });

  test('unplanned calls count: 1 such call, it did not run; 2 such calls, they did not run', async () => {
    const files = mcp({ name: 'files', verify: false, tools: readerTools });
    await unplanned(files, 'read_file', { path: 'b.md' });
    await unplanned(files, 'read_file', { path: 'c.md' });
    expect(failureOf(() => expect(files).toHaveCalledMcpTool('read_file', { path: 'b.md' }))).toBe(
      [
        'expect(received).toHaveCalledMcpTool(tool, args)',
        '',
        'Expected: a call of "read_file" with arguments matching {"path": "b.md"}',
        'Received: 1 such call, which the script did not plan, so it did not run',
        '',
        'Tool calls mcp("files") received:',
        '  1. read_file({"path":"b.md"})  (mismatch: the script did not plan it)',
        '  2. read_file({"path":"c.md"})  (mismatch: the script did not plan it)',
        '',
        'Number of tool calls: 2',
      ].join('\n'),
    );
    expect(failureOf(() => expect(files).toHaveCalledMcpTool('read_file'))).toContain(
      '\nReceived: 2 such calls, which the script did not plan, so they did not run\n',
    );
  });

  test("unplanned calls of another tool, or of this tool with other arguments, are not this call's", async () => {
    const files = mcp({ name: 'files', verify: false, tools: readerTools }).expectCall('read_file', { path: 'a.md' }).returns('# A');
    await files.callTool('read_file', { path: 'a.md' });
    await unplanned(files, 'read_file', { path: 'b.md' });
    expect(failureOf(() => expect(files).toHaveCalledMcpTool('list_directory'))).toContain('\nReceived: no call of "list_directory"\n');
    expect(failureOf(() => expect(files).toHaveCalledMcpTool('read_file', { path: 'c.md' }))).toContain(
      '\nReceived: 1 call of "read_file", none with matching arguments\n\nCall 1:\n',
    );
  });

  test('calls of the tool, none with matching arguments: 1 call vs 2 calls, the first one diffed', async () => {
    const files = mcp({ name: 'files', verify: false, tools: readerTools })
      .expectCall('list_directory')
      .returns('a.md b.md')
      .expectCall('read_file')
      .returns('# A')
      .expectCall('read_file')
      .returns('# B');
    await files.callTool('list_directory', { path: '.' });
    await files.callTool('read_file', { path: 'a.md' });
    expect(failureOf(() => expect(files).toHaveCalledMcpTool('read_file', { path: 'c.md' }))).toContain(
      '\nReceived: 1 call of "read_file", none with matching arguments\n\nCall 2:\n',
    );
    await files.callTool('read_file', { path: 'b.md' });
    // The diff's own layout is the runner's (Jest prints `Object {`), so only its lines are pinned.
    const message = failureOf(() => expect(files).toHaveCalledMcpTool('read_file', { path: 'c.md' }));
    const head = [
      'expect(received).toHaveCalledMcpTool(tool, args)',
      '',
      'Expected: a call of "read_file" with arguments matching {"path": "c.md"}',
      'Received: 2 calls of "read_file", none with matching arguments',
      '',
      'Call 2:',
      '- Expected',
    ].join('\n');
    const tail = [
      '',
      'Tool calls mcp("files") received:',
      '  1. list_directory({"path":"."}) → "a.md b.md"',
      '  2. read_file({"path":"a.md"}) → "# A"',
      '  3. read_file({"path":"b.md"}) → "# B"',
      '',
      'Number of tool calls: 3',
    ].join('\n');
    expect(message.slice(0, head.length)).toBe(head);
    expect(message).toContain('\n-   "path": "c.md",\n+   "path": "a.md",\n  }\n');
    expect(message.slice(-tail.length)).toBe(tail);
  });

  test('.not: 1 matching call vs 2 matching calls, the matching ones marked', async () => {
    const files = mcp({ name: 'files', verify: false, tools: readerTools }).expectCall('read_file').returns('# A').expectCall('read_file').returns('# B');
    await files.callTool('read_file', { path: 'a.md' });
    expect(failureOf(() => expect(files).not.toHaveCalledMcpTool(files.tools.read_file))).toContain('\nReceived: 1 matching call\n');
    await files.callTool('read_file', { path: 'b.md' });
    expect(files).toHaveCalledMcpTool('read_file', { path: 'b.md' });
    expect(failureOf(() => expect(files).not.toHaveCalledMcpTool('read_file', { path: expect.stringMatching(/\.md$/) }))).toContain('\nReceived: 2 matching calls\n');
    expect(failureOf(() => expect(files).not.toHaveCalledMcpTool('read_file'))).toBe(
      [
        'expect(received).not.toHaveCalledMcpTool(tool)',
        '',
        'Expected: no call of "read_file"',
        'Received: 2 matching calls',
        '',
        'Tool calls mcp("files") received:',
        '→ 1. read_file({"path":"a.md"}) → "# A"',
        '→ 2. read_file({"path":"b.md"}) → "# B"',
        '',
        'Number of tool calls: 2',
      ].join('\n'),
    );
  });

  test('the tool as a reference (server.tools.name, or any object with its name) or as a string', async () => {
    const files = mcp({ name: 'files', verify: false, tools: readerTools }).expectCall('read_file').returns('# A');
    await files.callTool('read_file', { path: 'a.md' });
    expect(files).toHaveCalledMcpTool(files.tools.read_file);
    expect(files).toHaveCalledMcpTool({ name: 'read_file' } as never);
    expect(files).toHaveCalledMcpTool('read_file');
    expect(files).toHaveCalledMcpTool(files.prefixedTools.read_file);
    expect(files).not.toHaveCalledMcpTool(files.tools.list_directory);
  });

  test("a tool named like another tool's prefixed name is read as itself", async () => {
    const files = mcp({ name: 'files', verify: false, tools: { read_file: z.object({ path: z.string() }), mcp_files__read_file: z.object({ path: z.string() }) } })
      .expectCall('read_file')
      .returns('plain')
      .expectCall('mcp_files__read_file')
      .returns('prefixed');
    await files.callTool('read_file', { path: 'a.md' });
    await files.callTool('mcp_files__read_file', { path: 'b.md' });
    expect(files).toHaveCalledMcpTool('mcp_files__read_file', { path: 'b.md' });
    expect(files).not.toHaveCalledMcpTool('mcp_files__read_file', { path: 'a.md' });
    expect(files).toHaveMcpToolOutput('mcp_files__read_file', 'prefixed');
  });

  test('a list of more than 30 calls, none marked, shows its head and its tail', async () => {
    const files = mcp({ name: 'files', verify: false, tools: readerTools });
    for (let index = 1; index <= 31; index++) await unplanned(files, 'read_file', { path: `${index}.md` });
    const message = failureOf(() => expect(files).toHaveCalledMcpTool('list_directory'));
    expect(message).toContain(
      [
        '  10. read_file({"path":"10.md"})  (mismatch: the script did not plan it)',
        '  … 16 more tool calls',
        '  27. read_file({"path":"27.md"})  (mismatch: the script did not plan it)',
      ].join('\n'),
    );
    expect(message.split('\n').filter((line) => /^ {2}\d+\. /.test(line))).toHaveLength(15);
    expect(message).toContain('\n  31. read_file({"path":"31.md"})  (mismatch: the script did not plan it)\n\nNumber of tool calls: 31');
  });
});

describe('the MCP matchers refuse an invalid tool or expected value with a matcher error', () => {
  const toolError = (matcher: string, expected: string, type: string, value: string) =>
    [
      `expect(received).${matcher}(tool)`,
      '',
      'Matcher error: tool value must be the name of an MCP tool, or its reference (server.tools.name)',
      '',
      ...(type === 'null' ? [] : [`Tool has type:  ${type}`]),
      `Tool has value: ${value}`,
    ].join('\n') + expected;

  test.each([
    ['a number', 42, 'number', '42'],
    ['null', null, 'null', 'null'],
    ['an empty string', '', 'string', '""'],
    ['an object without a name', { type: 'function' }, 'object', '{"type": "function"}'],
    ['an object whose name is not a string', { name: 7 }, 'object', '{"name": 7}'],
  ])('the tool as %s', async (_kind, tool, type, value) => {
    const files = mcp({ name: 'files', verify: false, tools: readerTools }).expectCall('read_file').returns('# A');
    await files.callTool('read_file', { path: 'a.md' });
    expect(failureOf(() => expect(files).toHaveCalledMcpTool(tool as never))).toBe(toolError('toHaveCalledMcpTool', '', type, value));
    expect(failureOf(() => expect(files).not.toHaveCalledMcpTool(tool as never))).toContain('Matcher error: tool value must be the name of an MCP tool');
    expect(failureOf(() => expect(files).toHaveMcpToolOutput(tool as never))).toBe(toolError('toHaveMcpToolOutput', '', type, value));
    expect(failureOf(() => expect(files).not.toHaveMcpToolOutput(tool as never))).toContain('Matcher error: tool value must be the name of an MCP tool');
  });

  test.each([
    ['a number', 42, 'number', '42'],
    ['null', null, 'null', 'null'],
    ['a boolean', true, 'boolean', 'true'],
  ])('the expected output as %s', async (_kind, expected, type, value) => {
    const files = mcp({ name: 'files', verify: false, tools: readerTools }).expectCall('read_file').returns('# A');
    await files.callTool('read_file', { path: 'a.md' });
    const error = [
      'expect(received).toHaveMcpToolOutput(tool, expected)',
      '',
      'Matcher error: expected value must be the result text, a RegExp, an asymmetric matcher or an object',
      '',
      ...(type === 'null' ? [] : [`Expected has type:  ${type}`]),
      `Expected has value: ${value}`,
    ].join('\n');
    expect(failureOf(() => expect(files).toHaveMcpToolOutput('read_file', expected as never))).toBe(error);
    expect(failureOf(() => expect(files).not.toHaveMcpToolOutput('read_file', expected as never))).toBe(error.replace('expect(received).', 'expect(received).not.'));
  });
});

describe('toHaveMcpToolOutput: every branch of the message', () => {
  test('a server that received no tool calls; without expected, the hint has no second argument', () => {
    const files = mcp({ name: 'files', verify: false, tools: readerTools });
    expect(files).not.toHaveMcpToolOutput('read_file');
    expect(failureOf(() => expect(files).toHaveMcpToolOutput('read_file'))).toBe(
      [
        'expect(received).toHaveMcpToolOutput(tool)',
        '',
        'Expected: a result of "read_file" that reports no error',
        'Received: no result of "read_file"',
        '',
        'mcp("files") received no tool calls.',
      ].join('\n'),
    );
  });

  test('calls that failed, planned or not, have no result', async () => {
    const files = mcp({ name: 'files', verify: false, tools: readerTools }).expectCall('read_file').fails(new Error('ENOENT'));
    await files.callTool('read_file', { path: 'gone.md' }).catch(() => undefined);
    await unplanned(files, 'read_file', { path: 'b.md' });
    expect(files).not.toHaveMcpToolOutput('read_file', /.*/);
    expect(failureOf(() => expect(files).toHaveMcpToolOutput(files.tools.read_file, 'x'))).toBe(
      [
        'expect(received).toHaveMcpToolOutput(tool, expected)',
        '',
        'Expected: a result of "read_file" matching "x"',
        'Received: no result of "read_file"',
        '',
        'Tool calls mcp("files") received:',
        '  1. read_file({"path":"gone.md"})  (failed)',
        '  2. read_file({"path":"b.md"})  (mismatch: the script did not plan it)',
        '',
        'Number of tool calls: 2',
      ].join('\n'),
    );
  });

  test('a result that reports an error does not pass without expected; one that reports none does', async () => {
    const files = mcp({ name: 'files', verify: false, tools: readerTools })
      .expectCall('read_file')
      .returns({ content: [{ type: 'text', text: 'ENOENT' }], isError: true });
    await files.callTool('read_file', { path: 'gone.md' });
    expect(files).not.toHaveMcpToolOutput('read_file');
    expect(files).toHaveMcpToolOutput('read_file', { isError: true });
    expect(files).toHaveMcpToolOutput('read_file', 'ENOENT');
    expect(failureOf(() => expect(files).toHaveMcpToolOutput('read_file'))).toBe(
      [
        'expect(received).toHaveMcpToolOutput(tool)',
        '',
        'Expected: a result of "read_file" that reports no error',
        'Received: 1 result of "read_file", none matching',
        '',
        'Tool calls mcp("files") received:',
        '→ 1. read_file({"path":"gone.md"}) → error "ENOENT"',
        '',
        'Number of tool calls: 1',
      ].join('\n'),
    );
    const fine = mcp({ name: 'fine', verify: false, tools: readerTools }).expectCall('read_file').returns('ok');
    await fine.callTool('read_file', { path: 'a.md' });
    expect(fine).toHaveMcpToolOutput('read_file');
    expect(failureOf(() => expect(fine).not.toHaveMcpToolOutput('read_file'))).toContain(
      'expect(received).not.toHaveMcpToolOutput(tool)\n\nExpected: no result of "read_file" that reports no error\nReceived: 1 matching result\n',
    );
  });

  test('.not: 1 matching result vs 2 matching results', async () => {
    const files = mcp({ name: 'files', verify: false, tools: readerTools }).expectCall('read_file').returns('# A').expectCall('read_file').returns('# B');
    await files.callTool('read_file', { path: 'a.md' });
    expect(failureOf(() => expect(files).not.toHaveMcpToolOutput('read_file', /^# /))).toContain('\nReceived: 1 matching result\n');
    await files.callTool('read_file', { path: 'b.md' });
    expect(failureOf(() => expect(files).not.toHaveMcpToolOutput('read_file', /^# /))).toBe(
      [
        'expect(received).not.toHaveMcpToolOutput(tool, expected)',
        '',
        'Expected: no result of "read_file" matching /^# /',
        'Received: 2 matching results',
        '',
        'Tool calls mcp("files") received:',
        '→ 1. read_file({"path":"a.md"}) → "# A"',
        '→ 2. read_file({"path":"b.md"}) → "# B"',
        '',
        'Number of tool calls: 2',
      ].join('\n'),
    );
  });

  test('results, none matching: 1 result vs 2 results; a string gets the diff with the first, a RegExp or an object none', async () => {
    const files = mcp({ name: 'files', verify: false, tools: readerTools }).expectCall('read_file').returns('# A').expectCall('read_file').returns('# B');
    await files.callTool('read_file', { path: 'a.md' });
    expect(failureOf(() => expect(files).toHaveMcpToolOutput('read_file', '# C'))).toContain('\nReceived: 1 result of "read_file", none matching\n');
    await files.callTool('read_file', { path: 'b.md' });
    expect(failureOf(() => expect(files).toHaveMcpToolOutput('read_file', '# C'))).toBe(
      [
        'expect(received).toHaveMcpToolOutput(tool, expected)',
        '',
        'Expected: a result of "read_file" matching "# C"',
        'Received: 2 results of "read_file", none matching',
        '',
        'Expected: "# C"',
        'Received: "# A"',
        '',
        'Tool calls mcp("files") received:',
        '→ 1. read_file({"path":"a.md"}) → "# A"',
        '→ 2. read_file({"path":"b.md"}) → "# B"',
        '',
        'Number of tool calls: 2',
      ].join('\n'),
    );
    const listing = ['Tool calls mcp("files") received:', '→ 1. read_file({"path":"a.md"}) → "# A"', '→ 2. read_file({"path":"b.md"}) → "# B"', '', 'Number of tool calls: 2'];
    expect(failureOf(() => expect(files).toHaveMcpToolOutput('read_file', /^# C/))).toBe(
      [
        'expect(received).toHaveMcpToolOutput(tool, expected)',
        '',
        'Expected: a result of "read_file" matching /^# C/',
        'Received: 2 results of "read_file", none matching',
        '',
        ...listing,
      ].join('\n'),
    );
    expect(failureOf(() => expect(files).toHaveMcpToolOutput('read_file', { title: 'C' }))).toBe(
      [
        'expect(received).toHaveMcpToolOutput(tool, expected)',
        '',
        'Expected: a result of "read_file" matching {"title": "C"}',
        'Received: 2 results of "read_file", none matching',
        '',
        ...listing,
      ].join('\n'),
    );
  });

  test('an asymmetric matcher matches the text or the structured content, and fails when it matches neither', async () => {
    const files = mcp({ name: 'files', verify: false, tools: readerTools })
      .expectCall('read_file')
      .returns({ content: [{ type: 'text', text: '# A' }], structuredContent: { title: 'A' } });
    await files.callTool('read_file', { path: 'a.md' });
    expect(files).toHaveMcpToolOutput('read_file', expect.stringContaining('# A'));
    expect(files).toHaveMcpToolOutput('read_file', expect.objectContaining({ title: 'A' }));
    expect(files).not.toHaveMcpToolOutput('read_file', expect.stringContaining('# B'));
    expect(files).not.toHaveMcpToolOutput('read_file', expect.objectContaining({ title: 'B' }));
  });

  test('an object is a partial of the structured content, or of the whole result when it has content, isError or structuredContent', async () => {
    const files = mcp({ name: 'files', verify: false, tools: readerTools })
      .expectCall('read_file')
      .returns({ content: [{ type: 'text', text: '# A' }], structuredContent: { title: 'A', content: 'summary' } })
      .expectCall('read_file')
      .returns('plain text');
    await files.callTool('read_file', { path: 'a.md' });
    await files.callTool('read_file', { path: 'b.md' });
    // structured content
    expect(files).toHaveMcpToolOutput('read_file', { title: 'A' });
    expect(files).not.toHaveMcpToolOutput('read_file', { title: 'B' });
    // the whole result
    expect(files).toHaveMcpToolOutput('read_file', { content: [{ type: 'text', text: '# A' }] });
    expect(files).toHaveMcpToolOutput('read_file', { content: [{ type: 'text', text: 'plain text' }] });
    expect(files).toHaveMcpToolOutput('read_file', { structuredContent: { title: 'A' } });
    expect(files).not.toHaveMcpToolOutput('read_file', { structuredContent: { title: 'B' } });
    expect(files).not.toHaveMcpToolOutput('read_file', { isError: true });
    // a key of the structured content named content makes the object a partial of the whole result
    expect(files).not.toHaveMcpToolOutput('read_file', { content: 'summary' });
    expect(files).not.toHaveMcpToolOutput('read_file', { content: 'summary', title: 'A' });
  });
});
