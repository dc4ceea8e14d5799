import { Agent, hostedMcpTool, run } from '@openai/agents';
import { model, resume } from 'agents-testkit';

const docs = hostedMcpTool({ serverLabel: 'docs', serverUrl: 'https://docs.example/mcp', requireApproval: 'always' });

test('the provider asks before a hosted MCP tool deletes a page; approved, it runs', async () => {
  const script = model()
    .asksMcpApproval('docs', 'delete_page', { page: 'old-pricing' }) // an mcp_approval_request item
    .thenTurn((t) => t.callsHostedMcp('docs', 'delete_page', { page: 'old-pricing' }, { output: 'deleted' }).replies('The page is gone.'));
  const agent = new Agent({ name: 'Editor', model: script, tools: [docs] });

  const paused = await run(agent, 'Delete the old pricing page');
  expect(paused).toHaveRequestedApproval('delete_page', { page: 'old-pricing' });

  const resumed = await resume(agent, paused, { approve: 'delete_page' });

  expect(resumed.finalOutput).toBe('The page is gone.');
  expect(resumed).toHaveCalledTool(docs, { page: 'old-pricing' }); // a hosted MCP tool stands for its server's tools
});
