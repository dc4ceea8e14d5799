import { Agent, hostedMcpTool, run } from '@openai/agents';
import { model, resume, ScriptError } from 'agents-testkit';
import { describe, expect, rejectionOf, test, thrownBy } from './support';

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
