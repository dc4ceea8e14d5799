// The run record behind the run matchers (src/matchers/runRecord.ts): what it reads off a result
// (or a lifecycle() recorder), what it leaves out, and when it reads a result again. Results of
// other shapes are built by hand: the record reads results by shape, not by class.
import { Agent, hostedMcpTool, run, tool } from '@openai/agents';
import { lifecycle, model } from 'agents-testkit';
import { z } from 'zod';
import { readRun } from '../src/matchers/runRecord';
import { agentWith, describe, expect, failureOf, lookupOrder, test, thrownBy } from './support';

const shop = { name: 'Shop' };
const wiki = hostedMcpTool({ serverLabel: 'wiki', serverUrl: 'https://wiki.example/mcp' });

// `null` for an item without its agent.
const call = (name: string, callId: string, args: Record<string, unknown>, agent: object | null = shop) => ({
  type: 'tool_call_item',
  rawItem: { type: 'function_call', name, callId, arguments: JSON.stringify(args), status: 'completed' },
  ...(agent ? { agent } : {}),
});
const output = (name: string, callId: string, text: string) => ({
  type: 'tool_call_output_item',
  rawItem: { type: 'function_call_result', name, callId, status: 'completed', output: { type: 'text', text } },
  output: text,
  agent: shop,
});
const itemOf = (rawItem: Record<string, unknown>, agent: object | null = shop) => ({ type: 'tool_call_item', rawItem, ...(agent ? { agent } : {}) });
const approvalOf = (rawItem: Record<string, unknown>, agent: object | null = shop) => ({ type: 'tool_approval_item', rawItem, ...(agent ? { agent } : {}) });
const message = { type: 'message_output_item', rawItem: { type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Done.' }] }, agent: shop };
const resultOf = (newItems: unknown[], more: Record<string, unknown> = {}) => ({ finalOutput: 'Done.', newItems, interruptions: [] as unknown[], ...more });
const webSearch = (providerData?: unknown) => itemOf({ type: 'hosted_tool_call', name: 'web_search_call', id: 'ws_1', status: 'completed', ...(providerData === undefined ? {} : { providerData }) });

describe('the record is read once per result, and again when the result changed', () => {
  test('asked twice about one result, the record is the one read the first time', async () => {
    const result = await run(agentWith(model().calls(lookupOrder, { orderId: 'A' }).thenReplies('Shipped.')), 'Where is A?');
    const first = readRun(result, '');
    expect(readRun(result, '')).toBe(first);
    expect(first.toolCalls).toHaveLength(1);
  });

  test('a result whose last item was replaced in place is read again, though its length is the same', () => {
    const items = [call('lookup_order', 'c1', { orderId: 'A' }), output('lookup_order', 'c1', 'Shipped.'), call('get_weather', 'c2', { city: 'Paris' }), output('get_weather', 'c2', 'Sunny.')];
    const result = resultOf(items);
    expect(result).toHaveCalledTool('get_weather');

    items[3] = message as never; // the output of get_weather is gone: the call did not run
    expect(result).not.toHaveCalledTool('get_weather');
    expect(failureOf(() => expect(result).toHaveCalledTool('get_weather'))).toContain('2. get_weather({"city":"Paris"})  (Shop)  — not run');
  });

  test('a result whose last interruption was replaced in place is read again', () => {
    const asks = (name: string, callId: string) => approvalOf({ type: 'function_call', name, callId, arguments: '{}' });
    const interruptions = [asks('refund', 'a1'), asks('cancel', 'a2'), asks('refund', 'a3')];
    const result = resultOf([], { interruptions });
    expect(result).not.toHaveRequestedApproval('close_account');

    interruptions[2] = asks('close_account', 'a3');
    expect(result).toHaveRequestedApproval('close_account');
  });
});

describe('what became of a call', () => {
  const rejects = (message: unknown, type: unknown = 'rejectContent') => ({ guardrail: { type: 'tool_input', name: 'policy' }, output: { behavior: { type, message } } });

  test('a call whose output is the message a tool input guardrail rejected it with did not run; each message stands for one call', () => {
    const items = [call('remove', 'c1', { id: 'a' }), output('remove', 'c1', 'Not on prod.'), call('remove', 'c2', { id: 'b' }), output('remove', 'c2', 'Not on prod.')];
    const result = resultOf(items, { toolInputGuardrailResults: [rejects('Not on prod.')] });
    expect(result).toHaveCalledToolTimes('remove', 1);
    expect(result).not.toHaveCalledTool('remove', { id: 'a' });
    expect(result).toHaveCalledTool('remove', { id: 'b' });
    expect(failureOf(() => expect(result).toHaveCalledTool('remove', { id: 'a' }))).toContain('1. remove({"id":"a"})  (Shop)  — rejected by a tool input guardrail');
  });

  test('guardrail results that reject nothing, or are not what the SDK makes, leave every call as it ran', () => {
    const items = [call('lookup_order', 'c1', { orderId: 'A' }), output('lookup_order', 'c1', 'Shipped.')];
    const odd = [null, {}, { output: {} }, { output: { behavior: null } }, rejects('Shipped.', 'allow'), rejects(undefined), rejects(42)];
    expect(resultOf(items, { toolInputGuardrailResults: odd })).toHaveCalledTool('lookup_order');
    expect(resultOf(items, { toolInputGuardrailResults: { length: 1, 0: rejects('Shipped.') } })).toHaveCalledTool('lookup_order');
  });

  test('a function call without an output did not run; one with an output ran', () => {
    const result = resultOf([call('lookup_order', 'c1', { orderId: 'A' }), output('lookup_order', 'c1', 'Shipped.'), call('get_weather', 'c2', { city: 'Paris' })]);
    expect(result).toHaveCalledTool('lookup_order');
    expect(result).not.toHaveCalledTool('get_weather');
    const failure = failureOf(() => expect(result).toHaveCalledTool('get_weather'));
    expect(failure).toContain('1. lookup_order({"orderId":"A"})  (Shop)\n');
    expect(failure).toContain('2. get_weather({"city":"Paris"})  (Shop)  — not run');
  });

  test('a hosted call has no call id, so no approval decision makes it rejected', () => {
    const result = resultOf([webSearch({ type: 'web_search_call', action: { query: 'mcp' } })], { runContext: { isToolApproved: () => false } });
    expect(result).toHaveCalledTool('web_search', { action: { query: 'mcp' } });
  });

  test('a run context without isToolApproved decides nothing', () => {
    const result = resultOf([call('lookup_order', 'c1', { orderId: 'A' }), output('lookup_order', 'c1', 'Shipped.')], { runContext: {} });
    expect(result).toHaveCalledTool('lookup_order', { orderId: 'A' });
  });

  test('a hosted MCP approval request holds up no hosted call of the run (those have no call id)', () => {
    const request = approvalOf({ type: 'hosted_tool_call', name: 'delete_page', id: 'mcpr_1', providerData: { type: 'mcp_approval_request', id: 'mcpr_1', server_label: 'wiki', name: 'delete_page', arguments: '{}' } });
    const result = resultOf([webSearch({ type: 'web_search_call' })], { interruptions: [request] });
    expect(result).toHaveRequestedApproval('delete_page');
    expect(result).toHaveCalledTool('web_search');
  });
});

describe('items of other shapes', () => {
  test('a call item without its agent is still a call, listed without an agent', () => {
    const result = resultOf([call('lookup_order', 'c1', { orderId: 'A' }, null), output('lookup_order', 'c1', 'Shipped.')]);
    expect(result).toHaveCalledTool('lookup_order', { orderId: 'A' });
    expect(failureOf(() => expect(result).toHaveCalledTool('get_weather'))).toContain('1. lookup_order({"orderId":"A"})\n');
  });

  test('a handoff item without its source agent is still a handoff, from "?"', () => {
    const billing = { name: 'Billing' };
    const result = resultOf([{ type: 'handoff_output_item', rawItem: { type: 'function_call_result', name: 'transfer_to_billing', callId: 'h1' }, targetAgent: billing }]);
    expect(result).toHaveHandedOffTo('Billing');
    expect(failureOf(() => expect(result).toHaveHandedOffTo('Expert'))).toContain('1. ? → Billing (transfer_to_billing)');
  });

  test('a hosted call keeps its details as its arguments: from providerData when it is an object, else off the item', () => {
    expect(resultOf([webSearch()])).toHaveCalledTool('web_search', { name: 'web_search_call' });
    expect(resultOf([webSearch(null)])).toHaveCalledTool('web_search', { name: 'web_search_call' });
    const click = itemOf({ type: 'computer_call', callId: 'cc1', status: 'completed', action: { type: 'click', x: 1, y: 2 }, providerData: { trace: 'x' } });
    expect(resultOf([click])).toHaveCalledTool('computer', { action: { type: 'click', x: 1 } });
    expect(resultOf([click])).not.toHaveCalledTool('computer', { trace: 'x' });
  });

  test('a hosted item that names no tool is no call', () => {
    const result = resultOf([itemOf({ type: 'hosted_tool_call', id: 'x_1', status: 'completed' })]);
    expect(failureOf(() => expect(result).toHaveCalledTool('web_search'))).toContain('The run made no tool calls.');
  });
});

describe('approvals', () => {
  const requests = (...interruptions: unknown[]) => resultOf([], { interruptions });

  test('an interruption other than an approval item is no approval request', () => {
    const result = requests({ type: 'other_interruption', rawItem: { type: 'function_call', name: 'refund', callId: 'r1', arguments: '{}' }, agent: shop });
    expect(result).not.toHaveRequestedApproval('refund');
    expect(failureOf(() => expect(result).toHaveRequestedApproval('refund'))).toContain('Received: the run did not stop for any approval');
  });

  test('an approval item without its agent is still a request, of a function tool or a hosted MCP tool', () => {
    const fn = approvalOf({ type: 'function_call', name: 'refund', callId: 'r1', arguments: '{"amount":5}' }, null);
    expect(requests(fn)).toHaveRequestedApproval('refund', { amount: 5 });
    const mcp = approvalOf({ type: 'hosted_tool_call', name: 'delete_page', id: 'mcpr_1', providerData: { type: 'mcp_approval_request', id: 'mcpr_1', server_label: 'wiki', name: 'delete_page', arguments: '{}' } }, null);
    expect(requests(mcp)).toHaveRequestedApproval(wiki);
  });

  test('a request without a tool name is named by its item type, or "unknown tool"', () => {
    expect(requests(approvalOf({ type: 'shell_call', callId: 's1', action: { commands: ['ls'] } }))).toHaveRequestedApproval('shell');
    expect(requests(approvalOf({ type: 'some_call', callId: 'x1' }))).toHaveRequestedApproval('unknown tool');
  });

  test('only a hosted call can be a hosted MCP approval request', () => {
    const fn = approvalOf({ type: 'function_call', name: 'refund', callId: 'r1', arguments: '{"amount":5}', providerData: { type: 'mcp_approval_request' } });
    expect(requests(fn)).toHaveRequestedApproval('refund', { amount: 5 });
    const hosted = approvalOf({ type: 'hosted_tool_call', name: 'code_interpreter', arguments: '{"code":"1"}', providerData: { type: 'code_interpreter_call' } });
    expect(requests(hosted)).toHaveRequestedApproval('code_interpreter', { code: '1' });
  });

  test('a hosted MCP request is named by the tool in its providerData, else by the item', () => {
    const named = approvalOf({ type: 'hosted_tool_call', name: 'mcp_approval_request', id: 'mcpr_1', providerData: { type: 'mcp_approval_request', id: 'mcpr_1', server_label: 'wiki', name: 'delete_page' } });
    expect(requests(named)).toHaveRequestedApproval('delete_page');
    const unnamed = approvalOf({ type: 'hosted_tool_call', name: 'delete_page', id: 'mcpr_2', providerData: { type: 'mcp_approval_request', id: 'mcpr_2', server_label: 'wiki' } });
    expect(requests(unnamed)).toHaveRequestedApproval('delete_page');
  });
});

describe('hosted MCP items', () => {
  test('a listing is no call: only the mcp_call is listed', async () => {
    const script = model()
      .turn((t) => t.listsMcpTools('wiki', [{ name: 'search' }]).callsHostedMcp('wiki', 'search', { query: 'mcp' }, { output: 'MCP' }))
      .thenReplies('MCP.');
    const result = await run(new Agent({ name: 'Researcher', model: script, tools: [wiki] }), 'What is MCP?');
    const failure = failureOf(() => expect(result).toHaveCalledTool('fetch'));
    expect(failure).toContain('1. search({"query":"mcp"})  (Researcher)\n');
    expect(failure).toContain('Number of tool calls: 1');
  });

  test('a hosted item is known by its providerData type, else by its name', () => {
    const listing = itemOf({ type: 'hosted_tool_call', name: 'mcp_list_tools', id: 'mcpl_1', status: 'completed' });
    expect(failureOf(() => expect(resultOf([listing])).toHaveCalledTool('mcp'))).toContain('The run made no tool calls.');
    const mcpCall = itemOf({ type: 'hosted_tool_call', name: 'search', id: 'mcp_1', providerData: { type: 'mcp_call', server_label: 'wiki', name: 'search', arguments: '{"query":"mcp"}' } });
    expect(resultOf([mcpCall])).toHaveCalledTool(wiki, { query: 'mcp' });
  });

  test('a function tool named like a hosted MCP item is a function call', async () => {
    const listTools = tool({ name: 'mcp_list_tools', description: 'Lists tools', parameters: z.object({}), execute: async () => 'none' });
    const result = await run(agentWith(model().calls(listTools, {}).thenReplies('None.'), { tools: [listTools] }), 'List');
    expect(result).toHaveCalledTool(listTools);
  });
});

describe('what a matcher takes as a tool or a handoff target', () => {
  test('a function or an object whose name is no string is no tool', async () => {
    const result = await run(agentWith(model().calls(lookupOrder, { orderId: 'A' }).thenReplies('Shipped.')), 'Where is A?');
    const named = function lookup_order() {};
    expect(thrownBy(() => expect(result).toHaveCalledTool(named as never)).message).toContain('a tool object or a tool name');
    expect(thrownBy(() => expect(result).toHaveCalledTool({ name: 5 } as never)).message).toContain('a tool object or a tool name');
  });

  test('an agent is no tool: the tool it is used as is agent.asTool(…), which a .not would otherwise never meet', async () => {
    const expert = new Agent({ name: 'Expert', model: model().replies('Forty-two.') });
    const asked = expert.asTool({ toolName: 'ask_expert', toolDescription: 'Asks the expert' });
    const result = await run(agentWith(model().calls(asked, { input: 'Meaning?' }).thenReplies('42.'), { tools: [asked] }), 'Ask');
    expect(result).toHaveCalledTool(asked);
    expect(thrownBy(() => expect(result).not.toHaveCalledTool(expert as never)).message).toContain('a tool object or a tool name');
    expect(thrownBy(() => expect(result).toHaveCalledToolTimes(expert as never, 0)).message).toContain('a tool object or a tool name');
  });

  test('null, a function or an object whose name is no string is no agent', async () => {
    const billing = new Agent({ name: 'Billing', model: model().replies('Billed.') });
    const result = await run(agentWith(model().handsOffTo(billing), { handoffs: [billing] }), 'Bill me');
    for (const target of [null, function Billing() {}, { name: 42 }]) {
      expect(thrownBy(() => expect(result).toHaveHandedOffTo(target as never)).message).toContain('an agent, a handoff() or an agent name');
    }
  });

  test('a handoff-shaped target without its agent matches by its agent name', async () => {
    const billing = new Agent({ name: 'Billing', model: model().replies('Billed.') });
    const result = await run(agentWith(model().handsOffTo(billing), { handoffs: [billing] }), 'Bill me');
    expect(result).toHaveHandedOffTo({ agentName: 'Billing', toolName: 'transfer_to_billing' } as never);
    expect(result).not.toHaveHandedOffTo({ agentName: 'Expert', toolName: 'transfer_to_expert' } as never);
  });
});

describe('a lifecycle() recorder', () => {
  test('a call that started and has not ended has not run; another call of the same tool that ended ran', async () => {
    let release = (): void => {};
    let startedB = (): void => {};
    const bStarted = new Promise<void>((resolve) => (startedB = resolve));
    const slow = tool({
      name: 'lookup_order',
      description: 'Looks an order up',
      parameters: z.object({ orderId: z.string() }),
      execute: async ({ orderId }) => {
        if (orderId === 'B') {
          startedB();
          await new Promise<void>((resolve) => (release = resolve));
        }
        return `Order ${orderId} has shipped.`;
      },
    });
    const script = model().turn((t) => t.calls(slow, { orderId: 'A' }).calls(slow, { orderId: 'B' })).thenReplies('Done.');
    const agent = agentWith(script, { name: 'Clerk', tools: [slow] });
    const life = lifecycle(agent);
    const running = run(agent, 'Where are A and B?');
    await bStarted;
    // A's tool_end follows its start within a few turns of the event loop.
    for (let wait = 0; wait < 100 && !life.events.some((event) => event.type === 'tool_end'); wait += 1) await new Promise((resolve) => setTimeout(resolve, 5));

    expect(life).toHaveCalledTool(slow, { orderId: 'A' });
    expect(life).not.toHaveCalledTool(slow, { orderId: 'B' });
    expect(failureOf(() => expect(life).toHaveCalledTool(slow, { orderId: 'B' }))).toContain('2. lookup_order({"orderId":"B"})  (Clerk)  — not run');
    release();
    await running;
    expect(life).toHaveCalledTool(slow, { orderId: 'B' });
  });

  test('its handoffs are its handoff events only; it asks for no approvals', async () => {
    const billing = new Agent({ name: 'Billing', model: model().replies('Billed.') });
    const triage = agentWith(model().calls(lookupOrder, { orderId: 'A' }).thenHandsOffTo(billing), { name: 'Triage', handoffs: [billing] });
    const life = lifecycle(triage, billing);
    await run(triage, 'Where is A?');

    const failure = failureOf(() => expect(life).toHaveHandedOffTo('Expert'));
    expect(failure).toContain('Handoffs of the run:\n  1. Triage → Billing');
    expect(failure).not.toContain('2. ');
    expect(failureOf(() => expect(life).toHaveRequestedApproval('refund'))).toContain('Received: the run did not stop for any approval');
  });

  test('a handoff to an agent object matches by name, the recorder knowing no agent objects', async () => {
    const billing = new Agent({ name: 'Billing', model: model().replies('Billed.') });
    const expert = new Agent({ name: 'Expert', model: model({ verify: false }).replies('Expert.') });
    const triage = agentWith(model().handsOffTo(billing), { name: 'Triage', handoffs: [billing, expert] });
    const life = lifecycle(triage, billing);
    await run(triage, 'Bill me');

    expect(life).toHaveHandedOffTo(billing);
    expect(life).not.toHaveHandedOffTo(expert);
    // An object with agentName but no toolName is no Handoff: its name counts; a name with a toolName is an agent's too.
    expect(life).toHaveHandedOffTo({ name: 'Billing', agentName: 'Expert' } as never);
    expect(life).toHaveHandedOffTo({ name: 'Billing', toolName: 'transfer_to_expert' } as never);
  });
});
