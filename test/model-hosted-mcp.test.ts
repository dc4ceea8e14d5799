import { Agent, hostedMcpTool, run } from '@openai/agents';
import { model, resume, ScriptError } from 'agents-testkit';
import { describe, expect, failureOf, rejectionOf, test, thrownBy } from './support';

const docs = hostedMcpTool({ serverLabel: 'docs', serverUrl: 'https://docs.example/mcp', requireApproval: 'always' });
const wiki = hostedMcpTool({ serverLabel: 'wiki', serverUrl: 'https://wiki.example/mcp' });

describe('hosted MCP: the calls the provider makes to MCP servers', () => {
  test('callsHostedMcp: an mcp_call the run records; the tool matchers find it by the tool name or the hosted tool', async () => {
    const script = model()
      .turn((t) => t.listsMcpTools('wiki', [{ name: 'search' }]).callsHostedMcp('wiki', 'search', { query: 'mcp' }, { output: 'Model Context Protocol' }))
      .thenReplies('MCP is the Model Context Protocol.');
    const agent = new Agent({ name: 'Researcher', model: script, tools: [wiki] });

    const result = await run(agent, 'What is MCP?');

    expect(result.finalOutput).toBe('MCP is the Model Context Protocol.');
    expect(result).toHaveCalledTool('search', { query: 'mcp' });
    expect(result).toHaveCalledTool(wiki, { query: 'mcp' });
    expect(result).toHaveCalledToolTimes('search', 1); // the listing is no call
    expect(result).not.toHaveCalledTool(docs);
  });

  test('asksMcpApproval: the run stops for approval; toHaveRequestedApproval reads it; approved, the provider goes on', async () => {
    const script = model()
      .asksMcpApproval('docs', 'delete_page', { page: 'old' })
      .thenTurn((t) => t.callsHostedMcp('docs', 'delete_page', { page: 'old' }, { output: 'deleted' }).replies('Deleted.'));
    const agent = new Agent({ name: 'Editor', model: script, tools: [docs] });

    const paused = await run(agent, 'Delete the old page');
    expect(paused).toHaveRequestedApproval('delete_page', { page: 'old' });
    expect(paused).toHaveRequestedApproval(docs);
    expect(paused).not.toHaveRequestedApproval(wiki);

    const resumed = await resume(agent, paused, { approve: 'delete_page' });

    expect(resumed.finalOutput).toBe('Deleted.');
    expect(resumed).toHaveCalledTool(docs, { page: 'old' });
    expect(resumed).toHaveRespectedApprovals();
    // The provider is told the decision in the next request.
    expect(script.lastRequest?.input).toContainEqual(expect.objectContaining({ type: 'hosted_tool_call', name: 'mcp_approval_response', providerData: expect.objectContaining({ approve: true, approval_request_id: 'mcpr_call_1' }) }));
  });

  test('a turn that uses a hosted MCP server the agent does not offer fails that model call, with a suggestion', async () => {
    const script = model({ verify: false }).callsHostedMcp('wikki', 'search', { query: 'x' });
    const error = await rejectionOf(run(new Agent({ name: 'Researcher', model: script, tools: [wiki] }), 'Hi'));
    expect(error).toMatchObject({ kind: 'not_offered' });
    expect(error.message).toContain('The turn uses the hosted MCP server "wikki", which the agent does not offer (it offers "wiki"). Did you mean "wiki"?');
    const none = model({ verify: false }).asksMcpApproval('docs', 'x');
    expect(await rejectionOf(run(new Agent({ name: 'Plain', model: none }), 'Hi'))).toMatchObject({ kind: 'not_offered' });
  });

  test('misuse is refused where it is written', () => {
    expect(thrownBy(() => model().callsHostedMcp('', 'search'))).toMatchObject({ reason: 'invalid_arguments' });
    expect(thrownBy(() => model().callsHostedMcp('wiki', 'search', 'q' as never))).toMatchObject({ reason: 'invalid_arguments' });
    expect(thrownBy(() => model().callsHostedMcp('wiki', 'search', {}, { output: 42 as never }))).toBeInstanceOf(ScriptError);
    expect(thrownBy(() => model().turn((t) => t.listsMcpTools('wiki', [{ nom: 'x' } as never])))).toMatchObject({ reason: 'invalid_option' });
  });
});

describe('hosted MCP: the items the provider would send, and how steps show them', () => {
  test('mcp_call with output and error, and mcp_list_tools with and without descriptions and schemas', async () => {
    const script = model()
      .turn((t) =>
        t
          .callsHostedMcp('wiki', 'search', { q: 1 }, { output: 'O', error: 'E' })
          .callsHostedMcp('wiki', 'search')
          .listsMcpTools('wiki', [{ name: 'a', description: 'd', inputSchema: { type: 'object', properties: { z: {} } } }, { name: 'b' }]),
      )
      .thenReplies('ok');
    const result = await run(new Agent({ name: 'Reader', model: script, tools: [wiki] }), 'Go');
    expect(result.rawResponses[0]!.output).toEqual([
      {
        type: 'hosted_tool_call',
        id: 'mcp_call_1',
        name: 'mcp_call',
        status: 'completed',
        output: 'O',
        providerData: { type: 'mcp_call', id: 'mcp_call_1', server_label: 'wiki', name: 'search', arguments: '{"q":1}', output: 'O', error: 'E' },
      },
      {
        type: 'hosted_tool_call',
        id: 'mcp_call_2',
        name: 'mcp_call',
        status: 'completed',
        providerData: { type: 'mcp_call', id: 'mcp_call_2', server_label: 'wiki', name: 'search', arguments: '{}' },
      },
      {
        type: 'hosted_tool_call',
        id: 'mcpl_call_3',
        name: 'mcp_list_tools',
        status: 'completed',
        providerData: {
          type: 'mcp_list_tools',
          id: 'mcpl_call_3',
          server_label: 'wiki',
          tools: [
            { name: 'a', description: 'd', input_schema: { type: 'object', properties: { z: {} } } },
            { name: 'b', input_schema: { type: 'object', properties: {} } },
          ],
        },
      },
    ]);
  });

  test('a step shows the server and tool quoted, the arguments when there are any, and how many tools a listing has', () => {
    const script = model({ verify: false })
      .callsHostedMcp('wiki', 'search')
      .thenCallsHostedMcp('wiki', 'search', { q: 'x' })
      .thenAsksMcpApproval('wiki', 'delete')
      .thenAsksMcpApproval('wiki', 'delete', { id: 1 })
      .turn((t) => t.listsMcpTools('wiki', [{ name: 'a' }]).listsMcpTools('wiki', []).listsMcpTools('wiki', [{ name: 'a' }, { name: 'b' }]))
      .thenTurn((t) => t.listsMcpTools('wiki', undefined as never));
    expect(failureOf(() => script.assertComplete()).split('\n').slice(3, 9)).toEqual([
      '  1. callsHostedMcp("wiki", "search")',
      '  2. thenCallsHostedMcp("wiki", "search", {"q":"x"})',
      '  3. thenAsksMcpApproval("wiki", "delete")',
      '  4. thenAsksMcpApproval("wiki", "delete", {"id":1})',
      '  5. turn(listsMcpTools("wiki", 1 tool), listsMcpTools("wiki", 0 tools), listsMcpTools("wiki", 2 tools))',
      '  6. thenTurn(listsMcpTools("wiki", 0 tools))',
    ]);
  });

  test.each([
    ['a blank server label', () => model().callsHostedMcp(' ', 'x'), 'invalid_arguments', 'callsHostedMcp(): expected the server label as a non-empty string; got the string " ".'],
    ['a tool name that is no string', () => model().callsHostedMcp('w', 5 as never), 'invalid_arguments', 'callsHostedMcp(): expected the MCP tool name as a non-empty string; got number 5.'],
    ['arguments that are a list', () => model().callsHostedMcp('w', 'x', [] as never), 'invalid_arguments', "callsHostedMcp(): the MCP tool's arguments are an object; got an array ([])."],
    ['arguments that are null', () => model().callsHostedMcp('w', 'x', null as never), 'invalid_arguments', "callsHostedMcp(): the MCP tool's arguments are an object; got null."],
    ['arguments that are not JSON', () => model().callsHostedMcp('w', 'x', { n: 1n } as never), 'invalid_arguments', "callsHostedMcp(): the MCP tool's arguments must be JSON-serializable: Do not know how to serialize a BigInt"],
    ['options that are a number', () => model().callsHostedMcp('w', 'x', {}, 5 as never), 'invalid_option', 'callsHostedMcp(): expected { output?, error? }; got number 5.'],
    ['options that are null', () => model().callsHostedMcp('w', 'x', {}, null as never), 'invalid_option', 'callsHostedMcp(): expected { output?, error? }; got null.'],
    ['an output that is no string', () => model().callsHostedMcp('w', 'x', {}, { output: 42 as never }), 'invalid_option', 'callsHostedMcp(): output must be a string; got number 42.'],
    ['an error that is no string', () => model().callsHostedMcp('w', 'x', {}, { error: false as never }), 'invalid_option', 'callsHostedMcp(): error must be a string; got boolean false.'],
    ['an approval without a server label', () => model().asksMcpApproval('', 'x'), 'invalid_arguments', 'asksMcpApproval(): expected the server label as a non-empty string; got the string "".'],
    ['an approval without a tool name', () => model().asksMcpApproval('w', ''), 'invalid_arguments', 'asksMcpApproval(): expected the MCP tool name as a non-empty string; got the string "".'],
    ['an approval of arguments that are a string', () => model().asksMcpApproval('w', 'x', 'a' as never), 'invalid_arguments', "asksMcpApproval(): the MCP tool's arguments are an object; got the string \"a\"."],
    ['a listing of a server label that is no string', () => model().turn((t) => t.listsMcpTools(5 as never, [])), 'invalid_arguments', 'turn((t) => t.listsMcpTools()): expected the server label as a non-empty string; got number 5.'],
    ['a listing of a tool that is null', () => model().turn((t) => t.listsMcpTools('w', [null] as never)), 'invalid_option', 'turn((t) => t.listsMcpTools()): tools is a list of { name, description?, inputSchema? }; got an array ([null]).'],
    ['a listing of tools that are no list', () => model().turn((t) => t.listsMcpTools('w', 'x' as never)), 'invalid_option', 'turn((t) => t.listsMcpTools()): tools is a list of { name, description?, inputSchema? }; got the string "x".'],
  ])('%s is refused', (_name, write, reason, problem) => {
    expect(thrownBy(write)).toMatchObject({ reason, message: `model() step 1, ${problem}` });
  });
});
