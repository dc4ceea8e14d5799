// The events of hosted MCP traffic for realtime() (src/builders/realtimeMcpEvents.ts), played
// through the script's own emit() until the verbs are wired into realtime(), against a real session.
import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import { hostedMcpTool } from '@openai/agents';
import { realtime, ScriptError } from 'agents-testkit';
import { mcpApprovalRequestStep, mcpCallStep, mcpResponsePattern, mcpToolsListedStep, type McpEmitStep } from '../src/builders/realtimeMcpEvents';
import { describe, expect, test, thrownBy } from './support';

const context = { double: 'realtime()', stepIndex: 0, verb: 'emitMcpCall' };

function play(rt: ReturnType<typeof realtime>, step: McpEmitStep) {
  for (const planned of step.events) {
    if (planned.type === 'event') (rt.emit as (name: string, ...args: unknown[]) => unknown)(planned.name, ...planned.args);
  }
  return rt;
}

function session(rt: ReturnType<typeof realtime>) {
  const docs = hostedMcpTool({ serverLabel: 'docs', serverUrl: 'https://docs.example/mcp', requireApproval: 'always' });
  return new RealtimeSession(new RealtimeAgent({ name: 'Voice', tools: [docs] }), { transport: rt });
}

describe('realtime() hosted MCP events', () => {
  test('a listing makes the tools available; a call reaches history and completes', async () => {
    const rt = realtime();
    play(rt, mcpToolsListedStep('docs', [{ name: 'search', description: 'Searches' }], context));
    play(rt, mcpCallStep('search', { query: 'mcp' }, { output: 'found' }, 'item_1', context));
    rt.expect('requestResponse'); // the session asks the model to go on once an MCP call completes
    const s = session(rt);
    const available: string[][] = [];
    const completed: unknown[] = [];
    s.on('mcp_tools_changed', (tools) => available.push(tools.map((tool) => tool.name)));
    s.on('mcp_tool_call_completed', (_context, _agent, call) => completed.push(call));

    await s.connect({ apiKey: 'test' });
    await rt.settled();
    s.close();

    expect(available).toEqual([['search']]);
    expect(completed).toMatchObject([{ name: 'search', arguments: '{"query":"mcp"}', output: 'found', status: 'completed' }]);
    expect(s.history).toMatchObject([{ itemId: 'item_1', type: 'mcp_call', name: 'search', output: 'found' }]);
  });

  test('an approval request asks the app; its answer goes back through sendMcpResponse', async () => {
    const rt = realtime();
    play(rt, mcpApprovalRequestStep('docs', 'delete_page', { page: 'old' }, 'item_1', context));
    rt.expect('sendMcpResponse', mcpResponsePattern('delete_page', { approved: true }, context));
    const s = session(rt);
    const asked: unknown[] = [];
    s.on('tool_approval_requested', (_context, _agent, request) => {
      asked.push(request.approvalItem.rawItem);
      void s.approve(request.approvalItem);
    });

    await s.connect({ apiKey: 'test' });
    await rt.settled();
    s.close();

    expect(asked).toMatchObject([{ type: 'hosted_tool_call', name: 'delete_page' }]);
    expect(rt).toHaveSentRealtime('sendMcpResponse', { approvalRequest: { name: 'delete_page', serverLabel: 'docs' }, approved: true });
  });

  test('bad input is refused at the step, with a reason', () => {
    expect(thrownBy(() => mcpToolsListedStep('', [], context))).toBeInstanceOf(ScriptError);
    expect(thrownBy(() => mcpToolsListedStep('docs', [{}], context))).toMatchObject({ reason: 'invalid_event' });
    expect(thrownBy(() => mcpCallStep('search', 'q', undefined, 'item_1', context))).toMatchObject({ reason: 'invalid_arguments' });
    expect(thrownBy(() => mcpCallStep('search', {}, { output: 1 as never }, 'item_1', context))).toMatchObject({ reason: 'invalid_option' });
    expect(thrownBy(() => mcpResponsePattern('delete_page', {} as never, context))).toMatchObject({ reason: 'invalid_option' });
    expect(mcpCallStep('search', { query: 'mcp' }, undefined, 'item_1', context).describe()).toBe('emitMcpCall(search, {"query":"mcp"})');
  });
});
