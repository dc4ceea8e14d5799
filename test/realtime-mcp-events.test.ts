// Hosted MCP traffic in a Realtime session, scripted with realtime()'s MCP verbs and played
// against a real RealtimeSession: what the session tells the app, and what it sends back.
import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import { hostedMcpTool } from '@openai/agents';
import { realtime, ScriptError } from 'agents-testkit';
import { readFileSync } from 'node:fs';
import { describe, expect, test, thrownBy } from './support';

function session(rt: ReturnType<typeof realtime>) {
  const docs = hostedMcpTool({ serverLabel: 'docs', serverUrl: 'https://docs.example/mcp', requireApproval: 'always' });
  return new RealtimeSession(new RealtimeAgent({ name: 'Voice', tools: [docs] }), { transport: rt });
}

describe('realtime() hosted MCP verbs', () => {
  test('a listing makes the tools available; a call reaches history and completes', async () => {
    const rt = realtime()
      .emitMcpToolsListed('docs', [{ name: 'search', description: 'Searches' }])
      .emitMcpCall('search', { query: 'mcp' }, { output: 'found', itemId: 'item_1' })
      .expect('requestResponse'); // the session asks the model to go on once an MCP call completes
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

  test("the guide's row for emitMcpCall says the session then asks the model to go on (requestResponse), as the step expects", () => {
    const row = readFileSync('docs/realtime-and-voice.md', 'utf8').split('\n').find((line) => line.startsWith('| `emitMcpCall('));
    expect(row).toContain('`requestResponse`');
  });

  test('a call with no output and no arguments', async () => {
    const rt = realtime().emitMcpCall('ping').expect('requestResponse');
    const s = session(rt);
    const completed: unknown[] = [];
    s.on('mcp_tool_call_completed', (_context, _agent, call) => completed.push(call));

    await s.connect({ apiKey: 'test' });
    await rt.settled();
    s.close();

    expect(completed).toMatchObject([{ name: 'ping', arguments: '{}', output: null }]);
  });

  test('an approval request asks the app; its answer goes back through sendMcpResponse', async () => {
    const rt = realtime().emitMcpApprovalRequest('docs', 'delete_page', { page: 'old' }).expectMcpApproval();
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
    expect(thrownBy(() => realtime({ verify: false }).emitMcpToolsListed('', []))).toBeInstanceOf(ScriptError);
    expect(thrownBy(() => realtime({ verify: false }).emitMcpApprovalRequest(' ', 'delete_page'))).toMatchObject({ reason: 'invalid_text' });
    expect(thrownBy(() => realtime({ verify: false }).emitMcpToolsListed('docs', [{} as never]))).toMatchObject({ reason: 'invalid_event', stepIndex: 0, double: 'realtime()' });
    expect(thrownBy(() => realtime({ verify: false }).emitMcpCall('search', 'q' as never))).toMatchObject({ reason: 'invalid_arguments' });
    expect(thrownBy(() => realtime({ verify: false }).emitMcpCall('search', {}, { output: 1 as never }))).toMatchObject({ reason: 'invalid_option' });
    expect(thrownBy(() => realtime({ verify: false }).emitMcpCall('search', {}, 'x' as never))).toMatchObject({ reason: 'invalid_option' });
  });

  test('steps are named in reports as written', () => {
    const rt = realtime({ verify: false })
      .emitMcpToolsListed('docs', [{ name: 'search' }, { name: 'fetch' }])
      .emitMcpCall('search', { query: 'mcp' })
      .emitMcpToolsListed('docs', [])
      .emitMcpCall('ping');
    const pending = thrownBy(() => rt.assertComplete()).message;
    expect(pending).toContain('1. emitMcpToolsListed("docs", search, fetch)\n');
    expect(pending).toContain('2. emitMcpCall(search, {"query":"mcp"})\n');
    expect(pending).toContain('3. emitMcpToolsListed("docs", no tools)\n');
    expect(pending).toContain('4. emitMcpCall(ping)\n');
  });

  test("the session's history sees a call in progress (no output yet) before it completes, and an approval request as its own item", async () => {
    const rt = realtime()
      .emitMcpCall('search', { query: 'mcp' }, { output: 'found', itemId: 'item_1' })
      .expect('requestResponse')
      .emitMcpApprovalRequest('docs', 'delete_page', { page: 'old' }, { itemId: 'item_2' });
    const s = session(rt);
    const added: unknown[] = [];
    s.on('history_added', (item) => added.push(structuredClone(item)));
    s.on('tool_approval_requested', () => undefined);

    await s.connect({ apiKey: 'test' });
    await rt.settled();
    s.close();

    expect(added).toEqual([
      { itemId: 'item_1', type: 'mcp_call', status: 'in_progress', arguments: '{"query":"mcp"}', name: 'search', output: null },
      { itemId: 'item_2', type: 'mcp_approval_request', serverLabel: 'docs', name: 'delete_page', arguments: { page: 'old' }, approved: null },
    ]);
    expect(s.history).toMatchObject([{ itemId: 'item_1', status: 'completed', output: 'found' }, { itemId: 'item_2' }]);
  });

  test.each([
    ['a tool without a name among named ones', [{ name: 'search' }, {}], 'an array ([{"name":"search"},{}])'],
    ['a tool whose name is empty', [{ name: '' }], 'an array ([{"name":""}])'],
  ])('a listing with %s is refused, naming the shape it needs', (_name, tools, got) => {
    expect(thrownBy(() => realtime({ verify: false }).emitMcpToolsListed('docs', tools as never))).toMatchObject({
      reason: 'invalid_event',
      stepIndex: 0,
      message: `realtime() step 1, emitMcpToolsListed(): expected the tools as a list of { name, description?, input_schema? }; got ${got}.`,
    });
  });

  test('an output that is not text, and a rejection reason that is not text, are refused with what they got', () => {
    expect(thrownBy(() => realtime({ verify: false }).emitMcpCall('search', {}, { output: 1 as never }))).toMatchObject({
      reason: 'invalid_option',
      message: 'realtime() step 1, emitMcpCall(): output must be a string or null; got number 1.',
    });
    const script = realtime({ verify: false }).emitMcpApprovalRequest('docs', 'delete_page', { page: 'old' });
    expect(thrownBy(() => script.expectMcpRejection(5 as never))).toMatchObject({
      reason: 'invalid_text',
      stepIndex: 1,
      message: 'realtime() step 2, expectMcpRejection(): expected the rejection reason; got number 5.',
    });
  });
});
