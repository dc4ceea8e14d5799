import { Agent, connectMcpServers, run, type MCPServer } from '@openai/agents';
import { z } from 'zod';
import { mcp, MismatchError, model, ScriptError, asserting, type McpOptions } from 'agents-testkit';
import { describe, expect, failureOf, rejectionOf, stripAnsi, test, thrownBy } from './support';

const fileTools = {
  read_file: { description: 'Reads a file', parameters: z.object({ path: z.string() }) },
  list_directory: z.object({ path: z.string() }),
};

function filesServer(options: Omit<McpOptions, 'tools'> = {}) {
  return mcp({ name: 'files', tools: fileTools, ...options });
}

function agentOf(script: ReturnType<typeof model>, server: MCPServer, extra: Partial<ConstructorParameters<typeof Agent>[0]> = {}) {
  return new Agent({ name: 'Reader', model: script, mcpServers: [server], ...extra });
}

describe('mcp(): a scripted MCP server', () => {
  test('is an MCPServer: the agent is offered its tools, and its steps answer the calls', async () => {
    const files = filesServer().expectCall('read_file', { path: 'notes.md' }).returns('# Notes');
    const script = model().calls(files.tools.read_file, { path: 'notes.md' }).thenReplies('Your notes have a title.');

    const result = await run(agentOf(script, files), 'What is in my notes?');

    expect(result.finalOutput).toBe('Your notes have a title.');
    expect(result).toHaveCalledTool('read_file', { path: 'notes.md' });
    expect(script.firstRequest?.tools.map((tool) => tool.name)).toEqual(['read_file', 'list_directory']);
    expect(script).toHaveToolOutput('read_file', '# Notes');
    expect(files).toHaveCalledMcpTool(files.tools.read_file, { path: 'notes.md' });
    expect(files).toBeComplete();
  });

  test('lists JSON-schema tools as they are, and tool descriptions and schemas reach the model', async () => {
    const search = mcp({
      name: 'search',
      tools: { find: { description: 'Finds pages', inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] } } },
    })
      .expectCall('find', { query: 'mcp' })
      .returns([{ type: 'text', text: 'one page' }]);
    const script = model().calls('find', { query: 'mcp' }).thenReplies('Found one.');

    await run(agentOf(script, search), 'Find mcp');

    expect(script.firstRequest?.tools[0]).toMatchObject({ name: 'find', description: 'Finds pages', parameters: { properties: { query: { type: 'string' } } } });
    expect(await search.listTools()).toEqual([
      { name: 'find', description: 'Finds pages', inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] } },
    ]);
  });

  test('answers the lifecycle calls for the user and records them, as set-up calls that are no steps', async () => {
    const files = filesServer().expectCall('list_directory', { path: '.' }).returns('notes.md');
    const servers = await connectMcpServers([files]);
    await run(agentOf(model().calls(files.tools.list_directory, { path: '.' }).thenReplies('One file.'), files), 'ls');
    await files.invalidateToolsCache();
    await servers.close();

    expect(files.calls.map((call) => `${call.method}${call.setup ? ' (set-up)' : ''}`)).toEqual([
      'connect (set-up)',
      'listTools (set-up)',
      'callTool',
      'listTools (set-up)',
      'invalidateToolsCache (set-up)',
      'close (set-up)',
    ]);
    expect(files.remainingSteps).toBe(0);
  });

  test('structured content: the model reads it as JSON with useStructuredContent, the content otherwise', async () => {
    const weather = mcp({ name: 'weather', tools: { forecast: z.object({ city: z.string() }) }, useStructuredContent: true })
      .expectCall('forecast', { city: 'Oslo' })
      .returns({ structuredContent: { city: 'Oslo', sky: 'clear' } });
    const script = model().calls(weather.tools.forecast, { city: 'Oslo' }).thenReplies('Clear.');

    await run(agentOf(script, weather), 'Oslo?');

    expect(script).toHaveToolOutput('forecast', '{"city":"Oslo","sky":"clear"}');
    expect(weather).toHaveMcpToolOutput('forecast', { sky: 'clear' });
    expect(weather).toHaveMcpToolOutput('forecast', '{"city":"Oslo","sky":"clear"}');
  });

  test('responds derives a result from the arguments; the steps are played in one order', async () => {
    const files = filesServer()
      .expectCall('list_directory')
      .returns('a.md\nb.md')
      .expectCall('read_file', (args) => args.path.endsWith('.md'))
      .responds(({ path }) => `contents of ${path}`);
    const script = model()
      .calls(files.tools.list_directory, { path: '.' })
      .thenCalls(files.tools.read_file, { path: 'a.md' })
      .thenReplies('Done.');

    await run(agentOf(script, files), 'Read a.md');

    expect(files).toHaveMcpToolOutput('read_file', 'contents of a.md');
  });
});

describe('mcp(): failures the SDK would hand the model as text', () => {
  test('a call of other arguments than planned is recorded, and fails the test, though the run goes on', async () => {
    const files = filesServer({ verify: false }).expectCall('read_file', { path: 'notes.md' }).returns('# Notes');
    const script = model({ verify: false }).calls(files.tools.read_file, { path: 'todo.md' }).thenReplies('Read it.');

    const result = await run(agentOf(script, files), 'Read my todo');

    expect(result.finalOutput).toBe('Read it.');
    expect(files).not.toBeComplete();
    expect(files).not.toHaveCalledMcpTool('read_file');
    const [mismatch] = (files as unknown as { [key: symbol]: { mismatches: MismatchError[] } })[Symbol.for('agents-testkit.ledger')]!.mismatches;
    expect(mismatch).toMatchObject({ kind: 'wrong_arguments', double: 'mcp("files")', callIndex: 1, stepIndex: 0 });
    expect(mismatch!.message.split('\n')[0]).toBe(
      'mcp("files") call #2, callTool read_file({"path":"todo.md"}): expected callTool read_file {"path":"notes.md"} (step 1). "path" is "todo.md", not "notes.md".',
    );
    // model() sees the SDK's error text come back, too.
    expect(() => script.assertComplete()).toThrow('to run the tool');
  });

  test('a failure the script plans passes: .fails() on the server, { toolFails } on the model', async () => {
    const files = filesServer().expectCall('read_file', { path: 'gone.md' }).fails(new Error('ENOENT: no such file'));
    const script = model().calls(files.tools.read_file, { path: 'gone.md' }, { toolFails: true }).thenReplies('That file does not exist.');

    const result = await run(agentOf(script, files), 'Read gone.md');

    expect(result.finalOutput).toBe('That file does not exist.');
    expect(files).not.toHaveMcpToolOutput('read_file');
  });

  test('a tool that reports its own error (isError) is a result the model reads', async () => {
    const files = filesServer().expectCall('read_file').returns({ content: [{ type: 'text', text: 'ENOENT' }], isError: true });
    const script = model().calls(files.tools.read_file, { path: 'gone.md' }).thenReplies('Missing.');

    await run(agentOf(script, files), 'Read gone.md');

    expect(files).toHaveMcpToolOutput('read_file', { isError: true });
    expect(files).not.toHaveMcpToolOutput('read_file');
  });

  test('a call with no step left, of another tool, or of a tool the server does not list', async () => {
    const files = filesServer({ verify: false }).expectCall('list_directory').returns('a.md');
    await expect(files.callTool('read_file', { path: 'a.md' })).rejects.toThrow(
      'mcp("files") call #1, callTool read_file({"path":"a.md"}): expected callTool list_directory (step 1).',
    );
    await expect(files.callTool('read_file', { path: 'a.md' })).rejects.toThrow('expected no more calls. Its one step is used. Script another step, e.g. .expectCall("read_file", {"path":"a.md"}).returns(…)');
    const error = await rejectionOf(files.callTool('read_fil', { path: 'a.md' }));
    expect(error).toMatchObject({ kind: 'not_offered' });
    expect(error.message).toContain('The server does not list "read_fil" (it lists "read_file", "list_directory"). Did you mean "read_file"?');
  });

  test('arguments that do not fit the declared schema are refused, as a real server refuses them', async () => {
    const files = filesServer({ verify: false }).expectCall('read_file').returns('x');
    const error = await rejectionOf(files.callTool('read_file', { file: 'a.md' }));
    expect(error).toMatchObject({ kind: 'schema_mismatch' });
    expect(error.message).toContain('"path": ');
    const json = mcp({ name: 'j', verify: false, tools: { find: { inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } } } });
    expect((await rejectionOf(json.callTool('find', {}))).message).toContain('the required argument "q" is missing');
    expect((await rejectionOf(json.callTool('find', { q: 1 }))).message).toContain('"q" is the number 1, not string');
  });

  test('a responder whose assertion fails, or that hangs, is a mismatch', async () => {
    const files = filesServer({ verify: false, timeoutMs: 20 })
      .expectCall('read_file')
      .responds(({ path }) => {
        expect(path).toBe('a.md');
        return 'a';
      })
      .expectCall('read_file')
      .responds(() => new Promise<string>(() => {}));
    expect(await rejectionOf(files.callTool('read_file', { path: 'b.md' }))).toMatchObject({ kind: 'failed_assertion' });
    expect(await rejectionOf(files.callTool('read_file', { path: 'b.md' }))).toMatchObject({ kind: 'responder_timeout' });
  });

  test('with errorFunction: null the failed call fails the run instead', async () => {
    const files = filesServer({ verify: false, errorFunction: null });
    const script = model({ verify: false }).calls(files.tools.read_file, { path: 'a.md' }).thenReplies('?');
    const error = await rejectionOf(run(agentOf(script, files), 'Read'));
    expect(stripAnsi(error.message)).toContain('mcp("files") call #2, callTool read_file({"path":"a.md"}): expected no more calls.');
  });

  test('requireConnect: a call before connect() or after close() is a mismatch', async () => {
    const files = filesServer({ verify: false, requireConnect: true }).expectCall('read_file').returns('a');
    expect(await rejectionOf(files.listTools())).toMatchObject({ kind: 'not_connected', expected: 'connect() first' });
    await files.connect();
    await files.callTool('read_file', { path: 'a.md' });
    await files.close();
    expect(await rejectionOf(files.callTool('read_file', { path: 'a.md' }))).toMatchObject({ kind: 'not_connected', expected: 'no calls after close()' });
  });
});

describe('mcp(): the SDK settings it serves', () => {
  test("toolFilter: a tool the filter hides is not offered, so a turn calling it fails the model's call", async () => {
    const files = filesServer({ toolFilter: { allowedToolNames: ['list_directory'] } });
    const script = model({ verify: false }).calls('read_file', { path: 'a.md' });

    const error = await rejectionOf(run(agentOf(script, files), 'Read'));

    expect(error).toMatchObject({ kind: 'not_offered' });
    expect(script.firstRequest?.tools.map((tool) => tool.name)).toEqual(['list_directory']);
  });

  test('a callable toolFilter sees the agent', async () => {
    const files = filesServer({ toolFilter: async ({ agent }, tool) => agent.name === 'Reader' || tool.name !== 'read_file' });
    const script = model().replies('Hi.');
    await run(agentOf(script, files, { name: 'Lister' }), 'Hi');
    expect(script.firstRequest?.tools.map((tool) => tool.name)).toEqual(['list_directory']);
  });

  test('server-prefixed names: prefixedTools names the tools as the model sees them; the server is called by its own names', async () => {
    const files = filesServer().expectCall(files_read(), { path: 'a.md' }).returns('A');
    function files_read() {
      return 'read_file' as const;
    }
    const script = model().calls(files.prefixedTools.read_file, { path: 'a.md' }).thenReplies('A.');

    const result = await run(agentOf(script, files, { mcpConfig: { includeServerInToolNames: true } }), 'Read');

    expect(files.prefixedTools.read_file.name).toBe('mcp_files__read_file');
    expect(result).toHaveCalledTool(files.prefixedTools.read_file, { path: 'a.md' });
    expect(files).toHaveCalledMcpTool(files.prefixedTools.read_file);
    expect(files).toHaveCalledMcpTool('read_file');
  });

  test('cacheToolsList: a server of the same name made by another test does not answer from the SDK cache', async () => {
    const first = mcp({ name: 'cached', cacheToolsList: true, tools: { one: z.object({}) } });
    const script = model().replies('Hi.');
    await run(agentOf(script, first), 'Hi');
    const second = mcp({ name: 'cached', cacheToolsList: true, tools: { two: z.object({}) } });
    const next = model().replies('Hi.');
    await run(agentOf(next, second), 'Hi');
    expect(next.firstRequest?.tools.map((tool) => tool.name)).toEqual(['two']);
  });

  test('predicates follow the one rule, and asserting() checks with assertions', async () => {
    const forgot = filesServer({ verify: false }).expectCall('read_file', (() => undefined) as never).returns('a');
    expect(await rejectionOf(forgot.callTool('read_file', { path: 'a.md' }))).toMatchObject({ kind: 'invalid_step' });
    const checked = filesServer().expectCall('read_file', asserting(({ path }) => expect(path).toMatch(/\.md$/))).returns('a');
    await checked.callTool('read_file', { path: 'a.md' });
  });
});

describe('mcp(): the tools it declares', () => {
  const pathSchema = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] };
  const standard = (jsonSchema: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    '~standard': { version: 1, vendor: 'test', validate: (value: unknown) => ({ value }), jsonSchema: { input: () => jsonSchema, output: () => jsonSchema }, ...extra },
  });

  test('lists each tool as written: title, description, output schema and annotations only when given', async () => {
    const server = mcp({
      name: 'docs',
      verify: false,
      tools: {
        full: { title: 'Full', description: 'Reads', inputSchema: pathSchema, outputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
        bare: { properties: { a: { type: 'number' } } } as never,
        params: { description: 'P', parameters: pathSchema as never },
        callable: Object.assign(() => true, standard({ type: 'object', properties: { q: { type: 'string' } } })) as never,
      },
    });
    expect(await server.listTools()).toStrictEqual([
      { name: 'full', title: 'Full', description: 'Reads', inputSchema: pathSchema, outputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
      { name: 'bare', inputSchema: { properties: { a: { type: 'number' } } } },
      { name: 'params', description: 'P', inputSchema: pathSchema },
      { name: 'callable', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } },
    ]);
  });

  test('a JSON schema reaches the model as a non-strict object schema; zod as strict', () => {
    const server = mcp({ name: 'docs', verify: false, tools: { bare: { properties: { a: { type: 'number' } } } as never, params: { parameters: pathSchema as never }, typed: z.object({ path: z.string() }) } });
    expect(server.tools.bare.parameters).toEqual({ properties: { a: { type: 'number' } }, type: 'object', required: [], additionalProperties: true });
    expect(server.tools.params.parameters).toEqual({ ...pathSchema, additionalProperties: true });
    expect(server.tools.params.strict).toBe(false);
    expect(server.tools.typed.strict).toBe(true);
    expect((server.tools.typed.parameters as { properties?: unknown }).properties).toEqual({ path: { type: 'string' } });
  });

  test("arguments a real server would refuse: the schema's first problem, with its path when it has one", async () => {
    const server = mcp({
      name: 'docs',
      verify: false,
      tools: {
        json: { inputSchema: pathSchema },
        nested: z.object({ filter: z.object({ limit: z.number() }) }),
        refined: z.object({ a: z.number() }).refine((value) => value.a > 1, 'a must exceed 1'),
      },
    });
    const why = async (tool: string, args: Record<string, unknown>) => /would refuse them: (.*)\. Check the model/.exec((await rejectionOf(server.callTool(tool, args))).message)?.[1];
    expect(await why('json', {})).toBe('the required argument "path" is missing');
    expect(await why('json', { path: 5 })).toBe('"path" is the number 5, not string');
    expect(await why('nested', { filter: { limit: 'x' } })).toBe('"filter.limit": Invalid input: expected number, received string');
    expect(await why('refined', { a: 0 })).toBe('a must exceed 1');
  });

  test('a schema with its own toJSONSchema() and no Standard JSON Schema (zod before 4.2) lists its conversion', async () => {
    const zodLike = { '~standard': { version: 1, vendor: 'zod', validate: (value: unknown) => ({ value }) }, toJSONSchema: () => pathSchema };
    expect(await mcp({ name: 'docs', verify: false, tools: { read: zodLike as never } }).listTools()).toStrictEqual([{ name: 'read', inputSchema: pathSchema }]);
  });

  test("a Standard Schema's issue path: an object segment by its key, another as it prints, no path as no prefix", async () => {
    const refusing = standard({ type: 'object', properties: {} }, { validate: (value: { at?: unknown[] }) => ({ issues: [{ message: 'not allowed', ...(value.at ? { path: value.at } : {}) }] }) });
    const server = mcp({ name: 'docs', verify: false, tools: { t: refusing as never } });
    const why = async (args: Record<string, unknown>) => /would refuse them: (.*)\. Check the model/.exec((await rejectionOf(server.callTool('t', args))).message)?.[1];
    expect(await why({ at: [{ key: 'filter' }, 0, 'limit'] })).toBe('"filter.0.limit": not allowed');
    expect(await why({ at: [null] })).toBe('"null": not allowed');
    expect(await why({})).toBe('not allowed');
  });

  test('a JSON schema without required takes any arguments of its types; a required entry that is no name is passed over', async () => {
    const server = mcp({
      name: 'docs',
      verify: false,
      tools: { bare: { properties: { a: { type: 'number' } } } as never, odd: { inputSchema: { ...pathSchema, required: ['path', 5] } } },
    })
      .expectCall('bare')
      .returns('A')
      .expectCall('odd')
      .returns('B');
    expect(await server.callTool('bare', { a: 1 })).toEqual([{ type: 'text', text: 'A' }]);
    expect(await server.callTool('odd', { path: 'a.md' })).toEqual([{ type: 'text', text: 'B' }]);
    expect(server).toBeComplete();
  });

  test.each([
    ['a string', 'x', 'the string "x"'],
    ['null', null, 'null'],
    ['an array', [], 'an array ([])'],
  ])('tools given as %s', (_kind, tools, shown) => {
    expect(thrownBy(() => mcp({ name: 's', tools: tools as never }))).toMatchObject({
      reason: 'invalid_schema',
      message: `mcp("s"): tools maps tool names to their input schemas, like { read_file: z.object({ path: z.string() }) }; got ${shown}.`,
    });
  });

  test('a tool with an empty name', () => {
    expect(thrownBy(() => mcp({ name: 's', tools: { ' ': z.object({}) } }))).toMatchObject({ reason: 'invalid_name', message: 'mcp("s"): a tool name in tools is empty.' });
  });

  test.each([
    ['a string', 'path', 'the string "path"'],
    ['a description that is not a string', { description: 5, inputSchema: pathSchema }, 'an object ({"description":5,"inputSchema":{"type":…)'],
    ['a title that is not a string', { title: 5, inputSchema: pathSchema }, 'an object ({"title":5,"inputSchema":{"type":"objec…)'],
    ['annotations that are not an object', { annotations: 'x', inputSchema: pathSchema }, 'an object ({"annotations":"x","inputSchema":{"type…)'],
    ['an output schema that is a list', { outputSchema: [], inputSchema: pathSchema }, 'an object ({"outputSchema":[],"inputSchema":{"type…)'],
    ['an input schema of a string', { inputSchema: { type: 'string' } }, 'an object ({"inputSchema":{"type":"string"}})'],
    ['parameters of an array', { parameters: { type: 'array' } }, 'an object ({"parameters":{"type":"array"}})'],
    ['a bare object schema without properties', { type: 'object' }, 'an object ({"type":"object"})'],
    ['an input schema of a string with properties', { inputSchema: { type: 'string', properties: {} } }, 'an object ({"inputSchema":{"type":"string","proper…)'],
    ['an input schema whose properties are no object', { inputSchema: { properties: 5 } }, 'an object ({"inputSchema":{"properties":5}})'],
    ['null', null, 'null'],
    ['undefined', undefined, 'undefined'],
    ['an input schema of null', { inputSchema: null }, 'an object ({"inputSchema":null})'],
    ['parameters of null', { parameters: null }, 'an object ({"parameters":null})'],
    ['annotations of null', { annotations: null, inputSchema: pathSchema }, 'an object ({"annotations":null,"inputSchema":{"typ…)'],
    ['a ~standard of null', { '~standard': null }, 'an object ({"~standard":null})'],
    ['a ~standard without validate()', { '~standard': { version: 1, jsonSchema: { input: () => pathSchema, output: () => pathSchema } } }, 'an object ({"~standard":{"version":1,"jsonSchema":…)'],
  ])('a definition of %s', (_kind, definition, shown) => {
    expect(thrownBy(() => mcp({ name: 's', tools: { t: definition as never } }))).toMatchObject({
      reason: 'invalid_schema',
      message: `mcp("s"): tools.t must be an input schema (zod, or a Standard Schema with JSON Schema), { description?, parameters }, or { description?, inputSchema } with a JSON schema; got ${shown}.`,
    });
  });

  test('a schema that does not describe an object, does not convert, or that the SDK would not take', () => {
    const objectOnly = (converted: string) => `mcp("s"): tools.t: its schema must describe an object (an MCP tool takes named arguments); it converts to ${converted}.`;
    expect(thrownBy(() => mcp({ name: 's', tools: { t: z.string() as never } })).message).toBe(objectOnly('{"$schema":"http://json-schema.org/draft-07/schema#","type"…'));
    expect(thrownBy(() => mcp({ name: 's', tools: { t: { parameters: z.string() as never } } })).message).toBe(objectOnly('{"$schema":"http://json-schema.org/draft-07/schema#","type"…'));
    expect(thrownBy(() => mcp({ name: 's', tools: { t: standard({ type: 'array' }) as never } }))).toMatchObject({ reason: 'invalid_schema', message: objectOnly('{"type":"array"}') });
    const throwing = { '~standard': { version: 1, validate: () => ({}), jsonSchema: { output: () => ({}), input: () => { throw new Error('no JSON'); } } } };
    expect(thrownBy(() => mcp({ name: 's', tools: { t: throwing as never } }))).toMatchObject({ reason: 'invalid_schema', message: 'mcp("s"): tools.t: its schema does not convert to JSON Schema (no JSON).' });
    const notStandardJson = 'mcp("s"): tools.t: a schema other than zod must be a Standard JSON Schema (~standard.version 1, with ~standard.jsonSchema.input() and .output()), as the SDK\'s tool() requires; use the schema library\'s Standard JSON Schema adapter.';
    expect(thrownBy(() => mcp({ name: 's', tools: { t: { '~standard': { version: 1, validate: () => ({}) } } as never } }))).toMatchObject({ reason: 'invalid_schema', message: notStandardJson });
    expect(thrownBy(() => mcp({ name: 's', tools: { t: { '~standard': { version: 1, validate: () => ({}), jsonSchema: { input: () => pathSchema } } } as never } })).message).toBe(notStandardJson);
    expect(thrownBy(() => mcp({ name: 's', tools: { t: standard(pathSchema, { version: 2 }) as never } })).message).toBe(notStandardJson);
  });
});

describe('mcp(): misuse is refused where it is written', () => {
  test('options and tools', () => {
    expect(thrownBy(() => mcp(undefined as never))).toMatchObject({ reason: 'invalid_schema', message: "mcp(): pass the tools the server lists: mcp({ name: 'files', tools: { read_file: z.object({ path: z.string() }) } })." });
    expect(thrownBy(() => mcp({ tools: { read_file: 'path' as never } }))).toMatchObject({ reason: 'invalid_schema' });
    expect(thrownBy(() => mcp({ tools: { read_file: z.string() as never } })).message).toContain('its schema must describe an object');
    expect(thrownBy(() => mcp(5 as never))).toMatchObject({
      reason: 'invalid_option',
      message: "mcp(): expected an options object like { name: 'files', tools: { read_file: z.object({ path: z.string() }) } }; got number 5.",
    });
    expect(thrownBy(() => mcp({ tools: {}, timeoutMs: -1 }))).toMatchObject({ reason: 'invalid_option' });
    expect(thrownBy(() => mcp({ tools: {}, toolFilter: 'read_file' as never }))).toMatchObject({ reason: 'invalid_option' });
  });

  test('steps', () => {
    const files = filesServer({ verify: false });
    const unknown = thrownBy(() => files.expectCall('read_fil' as never)) as ScriptError;
    expect(unknown).toMatchObject({ reason: 'unknown_tool', stepIndex: 0 });
    expect(unknown.message).toBe('mcp("files") step 1, expectCall(): the server does not list "read_fil" (it lists "read_file", "list_directory"). Did you mean "read_file"?');
    const step = files.expectCall('read_file');
    expect(thrownBy(() => files.expectCall('list_directory'))).toMatchObject({
      reason: 'missing_outcome',
      message: 'mcp("files") step 1, expectCall(): expectCall(read_file) has no outcome; end it with .returns(…), .fails(…) or .responds(…) before writing the next step.',
    });
    step.returns('a');
    expect(thrownBy(() => step.returns('b'))).toMatchObject({ reason: 'second_outcome' });
    expect(thrownBy(() => files.expectCall('read_file').returns(42 as never))).toMatchObject({ reason: 'invalid_result' });
  });

  test.each([
    ['timeoutMs', -1, 'timeoutMs is how long a responder may take, a positive number of milliseconds up to 2147483647; got number -1.'],
    ['timeoutMs', 2147483648, 'timeoutMs is how long a responder may take, a positive number of milliseconds up to 2147483647; got number 2147483648.'],
    ['cacheToolsList', 'y', 'cacheToolsList must be a boolean; got the string "y".'],
    ['useStructuredContent', 1, 'useStructuredContent must be a boolean; got number 1.'],
    ['requireConnect', null, 'requireConnect must be a boolean; got null.'],
    ['toolFilter', 'read_file', 'toolFilter is the SDK\'s filter: a function, or { allowedToolNames?, blockedToolNames? }; got the string "read_file".'],
    ['toolFilter', null, 'toolFilter is the SDK\'s filter: a function, or { allowedToolNames?, blockedToolNames? }; got null.'],
    ['errorFunction', 5, 'errorFunction is a function, or null to make a failed call fail the run; got number 5.'],
    ['toolMetaResolver', {}, 'toolMetaResolver must be a function; got an object ({}).'],
  ])('the option %s as %j', (key, value, problem) => {
    expect(thrownBy(() => mcp({ tools: fileTools, [key]: value } as never))).toMatchObject({ reason: 'invalid_option', message: `mcp(): ${problem}` });
  });

  test('the options the SDK takes as they are pass', () => {
    const accepted = { timeoutMs: 50, cacheToolsList: true, useStructuredContent: false, requireConnect: false, toolFilter: { allowedToolNames: ['read_file'] }, errorFunction: null, toolMetaResolver: () => ({}) };
    expect(mcp({ name: 'files', verify: false, tools: fileTools, ...accepted }).name).toBe('files');
    expect(mcp({ name: 'files', verify: false, tools: fileTools, toolFilter: async () => true, errorFunction: () => 'failed' }).name).toBe('files');
    expect(mcp({ name: 'files', verify: false, tools: fileTools, timeoutMs: 2147483647 }).name).toBe('files');
    expect(thrownBy(() => mcp({ name: 'files' } as never))).toMatchObject({
      reason: 'invalid_schema',
      message: "mcp(\"files\"): pass the tools the server lists: mcp({ name: 'files', tools: { read_file: z.object({ path: z.string() }) } }).",
    });
  });

  test.each([
    ['a number', 5, 'number 5'],
    ['a blank name', '  ', 'the string "  "'],
    ['null', null, 'null'],
    ['an object whose name is not a string', { name: 5 }, 'an object ({"name":5})'],
  ])('a step of a tool given as %s', (_kind, tool, shown) => {
    const files = filesServer({ verify: false });
    expect(thrownBy(() => files.expectCall(tool as never))).toMatchObject({
      reason: 'invalid_tool',
      message: `mcp("files") step 1, expectCall(): expected the name of a tool the server lists, or its reference (server.tools.name); got ${shown}.`,
    });
  });

  test('a step of a tool the server does not list, with nothing close, or on a server that lists none', () => {
    expect(thrownBy(() => filesServer({ verify: false }).expectCall('zzzzzz' as never)).message).toBe(
      'mcp("files") step 1, expectCall(): the server does not list "zzzzzz" (it lists "read_file", "list_directory"). Declare it in mcp({ tools }).',
    );
    expect(thrownBy(() => mcp({ name: 'empty', tools: {} }).expectCall('read' as never)).message).toBe(
      'mcp("empty") step 1, expectCall(): the server does not list "read" (it lists no tools). Declare it in mcp({ tools }).',
    );
  });

  test.each([
    ['a number', 5, 'number 5'],
    ['null', null, 'null'],
    ['an array', [], 'an array ([])'],
  ])('arguments given as %s', (_kind, args, shown) => {
    expect(thrownBy(() => filesServer({ verify: false }).expectCall('read_file', args as never))).toMatchObject({
      reason: 'invalid_matcher',
      message: `mcp("files") step 1, expectCall(): the arguments are a partial object like { path: 'a.md' }, or a predicate on them; got ${shown}.`,
    });
  });

  test('each outcome refuses what it cannot play, and a second outcome, naming the step', () => {
    const step = filesServer({ verify: false }).expectCall('read_file');
    const at = 'mcp("files") step 1, expectCall(read_file)';
    expect(thrownBy(() => step.fails(undefined))).toMatchObject({ reason: 'missing_error', message: `${at}.fails(): pass the error the call should fail with, e.g. new Error("ENOENT").` });
    expect(thrownBy(() => step.fails(null))).toMatchObject({ reason: 'missing_error' });
    expect(thrownBy(() => step.responds(5 as never))).toMatchObject({ reason: 'invalid_responder', message: `${at}.responds(): expected a function of the call's arguments; got number 5.` });
    expect(thrownBy(() => step.returns(42 as never))).toMatchObject({
      reason: 'invalid_result',
      message: `${at}.returns(): expected the result text, a list of content parts, or { content, structuredContent?, isError? }; got 42.`,
    });
    step.fails(new Error('ENOENT'));
    for (const [verb, second] of [['returns', () => step.returns('a')], ['fails', () => step.fails('a')], ['responds', () => step.responds(() => 'a')]] as const) {
      expect(thrownBy(second)).toMatchObject({ reason: 'second_outcome', message: `${at}.${verb}(): the step already ends with .fails(Error: ENOENT); a step has exactly one outcome.` });
    }
  });

  test('a call while a step has no outcome is refused as a test bug; a call after every step names how many there were', async () => {
    const files = filesServer({ verify: false });
    files.expectCall('read_file', { path: 'a.md' });
    expect(await rejectionOf(files.callTool('read_file', { path: 'a.md' }))).toMatchObject({
      reason: 'missing_outcome',
      message: 'mcp("files") step 1, expectCall(): expectCall(read_file, {"path":"a.md"}) has no outcome, and the server was called; end it with .returns(…), .fails(…) or .responds(…).',
    });

    const two = filesServer({ verify: false }).expectCall('read_file').returns('A').expectCall('read_file').returns('B');
    await two.callTool('read_file', { path: 'a.md' });
    await two.callTool('read_file', { path: 'b.md' });
    expect((await rejectionOf(two.callTool('read_file', { path: 'c.md' }))).message.split('\n')[0]).toBe(
      'mcp("files") call #3, callTool read_file({"path":"c.md"}): expected no more calls. All 2 steps are used. Script another step, e.g. .expectCall("read_file", {"path":"c.md"}).returns(…), if the workflow should go on.',
    );
    const none = filesServer({ verify: false });
    expect((await rejectionOf(none.callTool('list_directory', { path: '/' }))).message.split('\n')[0]).toBe(
      'mcp("files") call #1, callTool list_directory({"path":"/"}): expected no more calls. The script has no steps. Script another step, e.g. .expectCall("list_directory", {"path":"/"}).returns(…), if the workflow should go on.',
    );
  });

  test('a step of a tool reference: server.tools and prefixedTools name the tool the server is called by', async () => {
    const files = filesServer({ verify: false });
    files.expectCall(files.prefixedTools.read_file, { path: 'a.md' }).returns('A').expectCall(files.tools.list_directory).returns('a.md');
    expect(await files.callTool('read_file', { path: 'a.md' })).toEqual([{ type: 'text', text: 'A' }]);
    expect(await files.callTool('list_directory', { path: '/' })).toEqual([{ type: 'text', text: 'a.md' }]);
    expect(files).toBeComplete();
    const unnamed = mcp({ verify: false, tools: fileTools });
    expect([unnamed.name, unnamed.prefixedTools.read_file.name]).toEqual(['mcp', 'mcp_mcp__read_file']);
    // An object that only carries a name is taken by its name.
    const byName = filesServer({ verify: false }).expectCall({ name: 'read_file' } as never).returns('A');
    expect(failureOf(() => byName.assertComplete())).toContain('1. expectCall(read_file).returns("A")');
  });

  test('arguments that do not fit a partial pattern: the key that is missing or differs, or the arguments as a whole', async () => {
    const search = mcp({ name: 'search', verify: false, tools: { find: z.object({ q: z.string(), limit: z.number().optional() }) } })
      .expectCall('find', { limit: 5 })
      .returns('none')
      .expectCall('find', expect.objectContaining({ q: 'mcp' }))
      .returns('one');
    const why = async (args: Record<string, unknown>) => (await rejectionOf(search.callTool('find', args))).message.split('\n')[0]!.replace(/^.*\(step \d\)\. /, '');
    expect(await why({ q: 'x' })).toBe('"limit" is missing, not 5.');
    expect(await why({ q: 'x' })).toMatch(/^the arguments are \{"q":"x"\}, not ObjectContaining/);
  });

  test('a step is written out as it was written: tool, arguments or predicate, and outcome', () => {
    const files = filesServer({ verify: false })
      .expectCall('read_file')
      .returns('# A')
      .expectCall('read_file', { path: 'a.md' })
      .returns([{ type: 'text', text: 'x' }])
      .expectCall('list_directory', function isRoot(args) {
        return args.path === '/';
      })
      .fails(new Error('ENOENT'))
      .expectCall('list_directory', (args) => args.path === '/')
      .responds(function listing() {
        return 'a.md';
      })
      .expectCall('read_file')
      .responds((args) => `#${args.path}`)
      .expectCall('read_file')
      .fails('boom');
    expect(failureOf(() => files.assertComplete())).toBe(
      [
        'mcp("files") was not complete.',
        '',
        'mcp("files") has 6 steps not used:',
        '  1. expectCall(read_file).returns("# A")',
        '  2. expectCall(read_file, {"path":"a.md"}).returns([{"type":"text","text":"x"}])',
        '  3. expectCall(list_directory, isRoot).fails(Error: ENOENT)',
        '  4. expectCall(list_directory, fn).responds(listing)',
        '  5. expectCall(read_file).responds(fn)',
        '  6. expectCall(read_file).fails("boom")',
        '',
        'mcp("files") recorded no calls.',
      ].join('\n'),
    );
  });

  test('a mismatch names what the waiting step wanted and its number, whether or not the call could take it', async () => {
    const files = filesServer({ verify: false })
      .expectCall('read_file', { path: 'a.md' })
      .returns('A')
      .expectCall('read_file', function isB(args) {
        return args.path === 'b.md';
      })
      .returns('B')
      .expectCall('read_file', (args) => args.path === 'c.md')
      .returns('C');
    const firstLine = async (calling: Promise<unknown>) => (await rejectionOf(calling)).message.split('\n')[0];
    const schema = 'The arguments do not fit the tool\'s input schema, and a real server would refuse them: "path": Invalid input: expected string, received undefined.';
    expect(await firstLine(files.callTool('read_file', {}))).toBe(`mcp("files") call #1, callTool read_file(): expected callTool read_file {"path":"a.md"} (step 1). ${schema} Check the model's arguments (or the script's calls(…)) against the tool's schema.`);
    expect(await firstLine(files.callTool('list_directry', { path: '/' }))).toBe(
      'mcp("files") call #2, callTool list_directry({"path":"/"}): expected callTool read_file {"path":"a.md"} (step 1). The server does not list "list_directry" (it lists "read_file", "list_directory"). Did you mean "list_directory"?',
    );
    await files.callTool('read_file', { path: 'a.md' });
    expect(await firstLine(files.callTool('read_file', { path: 'x.md' }))).toBe('mcp("files") call #4, callTool read_file({"path":"x.md"}): expected callTool read_file matching isB (step 2). The predicate returned false.');
    expect(await firstLine(files.callTool('read_file', null))).toBe(`mcp("files") call #5, callTool read_file(): expected callTool read_file matching a predicate (step 3). ${schema} Check the model's arguments (or the script's calls(…)) against the tool's schema.`);
  });

  test('a step left without outcome is pending, and names how to end it', () => {
    const files = filesServer({ verify: false });
    files.expectCall('read_file', { path: 'a.md' });
    expect(failureOf(() => files.assertComplete())).toContain(
      '1. expectCall(read_file, {"path":"a.md"}) (no outcome: end it with .returns(…), .fails(…) or .responds(…))',
    );
  });
});
