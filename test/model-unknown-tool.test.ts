// A model that calls a tool the agent does not offer (a made-up name), scripted on purpose with
// callsUnknownTool: the SDK's toolNotFoundBehavior decides what happens, and the script checks
// that the agent really lacks the tool.
import { Agent, handoff, ModelBehaviorError, run, type ToolErrorFormatter } from '@openai/agents';
import { MismatchError, model, ScriptError } from 'agents-testkit';
import { describe, expect, failureOf, getWeather, lookupOrder, recorded, rejectionOf, test, thrownBy } from './support';

const support = (script: ReturnType<typeof model>) => new Agent({ name: 'Support', model: script, tools: [lookupOrder] });

describe('callsUnknownTool', () => {
  test('by default the SDK ends the run with its ModelBehaviorError, and the script is complete', async () => {
    const script = model().callsUnknownTool('find_order', { orderId: 'A-1' });

    const error = await rejectionOf(run(support(script), 'Where is A-1?'));

    expect(error).toBeInstanceOf(ModelBehaviorError);
    expect(error.message).toBe('Tool find_order not found in agent Support.');
    expect(script).toBeComplete();
  });

  test("under return_error_to_model the SDK's not-found text reaches the model, and no mismatch is recorded", async () => {
    const script = model().callsUnknownTool('find_order', { orderId: 'A-1' }).thenReplies('Sorry.');

    const result = await run(support(script), 'Where is A-1?', { toolNotFoundBehavior: 'return_error_to_model' });

    expect(result.finalOutput).toBe('Sorry.');
    expect(result).toHaveToolOutput('find_order', "Tool 'find_order' not found.");
    expect(JSON.stringify(script.requests[1]?.input)).toContain("Tool 'find_order' not found.");
    expect(recorded(script)).toEqual([]);
  });

  test("an app's toolErrorFormatter words what the model is told", async () => {
    const toolErrorFormatter: ToolErrorFormatter = ({ kind, toolName }) => (kind === 'tool_not_found' ? `No tool ${toolName}.` : undefined);
    const script = model().turn((t) => t.replies('Let me look.').callsUnknownTool('find_order')).thenReplies('Sorry.');

    const result = await run(support(script), 'Where is A-1?', { toolNotFoundBehavior: 'return_error_to_model', toolErrorFormatter });

    expect(result).toHaveToolOutput('find_order', 'No tool find_order.');
  });

  test('a tool the agent offers after all fails the model call, saying the SDK would run it', async () => {
    const script = model({ verify: false }).callsUnknownTool('lookup_order', { orderId: 'A-1' });

    const error = await rejectionOf(run(support(script), 'Where is A-1?'));

    expect(error).toBeInstanceOf(MismatchError);
    expect(recorded(script).map((mismatch) => mismatch.kind)).toEqual(['offered']);
    expect(error.message).toContain('The turn calls "lookup_order" as a tool the agent does not offer, but the agent offers it, so the SDK would run it instead of answering that it is not found');
    expect(failureOf(() => expect(script).toBeComplete())).toContain('1. callsUnknownTool(lookup_order, {"orderId":"A-1"})');
  });

  test('a handoff the agent offers is offered too', async () => {
    const billing = new Agent({ name: 'Billing', model: model({ verify: false }).replies('Billing here.') });
    const script = model({ verify: false }).callsUnknownTool(handoff(billing).toolName);

    await rejectionOf(run(new Agent({ name: 'Support', model: script, handoffs: [billing] }), 'Refund?'));

    expect(recorded(script).map((mismatch) => mismatch.kind)).toEqual(['offered']);
  });

  test('repeated with times(n), each call gets its own id', async () => {
    const script = model().callsUnknownTool('find_order').times(2).thenReplies('Sorry.');

    const result = await run(support(script), 'Where is A-1?', { toolNotFoundBehavior: 'return_error_to_model' });

    expect(result.newItems.filter((item) => item.type === 'tool_call_output_item')).toHaveLength(2);
    expect(script).toBeComplete();
  });

  test('thenCallsUnknownTool() is the same turn after another: ids number on, the not-found text reaches the model', async () => {
    const script = model().calls(lookupOrder, { orderId: 'A-1' }).thenCallsUnknownTool('find_order', { orderId: 'A-1' }).thenReplies('Sorry.');

    const result = await run(support(script), 'Where is A-1?', { toolNotFoundBehavior: 'return_error_to_model' });

    expect(result).toHaveToolOutput('find_order', "Tool 'find_order' not found.");
    const calls = (script.lastRequest?.input as readonly { type: string; name?: string; callId?: string; arguments?: string }[]).filter((item) => item.type === 'function_call');
    expect(calls.map(({ name, callId, arguments: args }) => ({ name, callId, args }))).toEqual([
      { name: 'lookup_order', callId: 'call_1', args: '{"orderId":"A-1"}' },
      { name: 'find_order', callId: 'call_2', args: '{"orderId":"A-1"}' },
    ]);
  });

  test('a step shows the made-up name, and the arguments only when written', () => {
    const script = model({ verify: false }).callsUnknownTool('find_order').thenCallsUnknownTool('find_order', { orderId: 'A-1' });
    expect(failureOf(() => script.assertComplete())).toContain(['  1. callsUnknownTool(find_order)', '  2. thenCallsUnknownTool(find_order, {"orderId":"A-1"})'].join('\n'));
  });

  test('thenCallsUnknownTool() without a name is refused at its step, naming itself', () => {
    const error = thrownBy(() => model({ verify: false }).replies('Hi.').thenCallsUnknownTool(''));
    expect(error).toBeInstanceOf(ScriptError);
    expect(error).toMatchObject({ reason: 'empty_tool_name', stepIndex: 1 });
    expect(error.message).toBe('model() step 2, thenCallsUnknownTool(): the tool name is empty; pass the tool object or its name.');
  });

  test('is refused without a tool name, where it is written', () => {
    const error = thrownBy(() => model().callsUnknownTool(''));
    expect(error).toBeInstanceOf(ScriptError);
    expect(error).toMatchObject({ stepIndex: 0 });
    expect(error.message).toContain('callsUnknownTool');
  });

  test('a tool of another agent is unknown to this one', async () => {
    const script = model().callsUnknownTool(getWeather.name, { city: 'Oslo' }).thenReplies('Sorry.');
    const result = await run(support(script), 'Weather?', { toolNotFoundBehavior: 'return_error_to_model' });
    expect(result).toHaveToolOutput('get_weather', "Tool 'get_weather' not found.");
  });
});
