// lifecycle(): the ordered events of agents (or a runner), nested runs of agents used as tools
// included, with the invariants every run must keep checked for the test.
import { Agent, run, Runner } from '@openai/agents';
import { lifecycle, LifecycleRecorder, model, ScriptError } from 'agents-testkit';
import { describe, expect, failureOf, lookupOrder, refund, test, thrownBy } from './support';

function graph() {
  const expert = new Agent({ name: 'Expert', model: model().calls(lookupOrder, { orderId: 'A' }).thenReplies('Shipped.'), tools: [lookupOrder] });
  const billing = new Agent({ name: 'Billing', model: model().replies('Billed.') });
  const triage = new Agent({
    name: 'Triage',
    model: model().calls('ask_expert', { input: 'Where is A?' }).thenHandsOffTo(billing),
    tools: [expert.asTool({ toolName: 'ask_expert', toolDescription: 'Asks the expert' })],
    handoffs: [billing],
  });
  return { triage, expert, billing };
}

describe('lifecycle()', () => {
  test('records the events of the agents it watches in order, nested runs included', async () => {
    const { triage, expert, billing } = graph();
    const life = lifecycle(triage, expert, billing);

    await run(triage, 'Where is A?');

    expect(life).toHaveLifecycle([
      'Triage: agent_start',
      'Triage: tool_start ask_expert',
      'Expert: agent_start',
      'Expert: tool_start lookup_order',
      'Expert: tool_end lookup_order',
      'Expert: agent_end → "Shipped."',
      'Triage: tool_end ask_expert',
      'Triage: handoff → Billing',
      { agent: 'Billing', type: 'agent_end', output: 'Billed.' },
    ]);
    expect(life).not.toHaveLifecycle(['Billing: agent_start', 'Triage: agent_start']);
    expect(life).toBeComplete();
  });

  test('the tool matchers read it, so a call made inside an agent used as a tool is found, naming the agent', async () => {
    const { triage, expert, billing } = graph();
    const life = lifecycle(triage, expert, billing);
    const result = await run(triage, 'Where is A?');

    expect(result).not.toHaveCalledTool(lookupOrder); // the outer run does not show it…
    expect(life).toHaveCalledTool(lookupOrder, { orderId: 'A' }); // …the recorder does
    expect(life).toHaveCalledToolTimes('ask_expert', 1);
    expect(life).toHaveHandedOffTo('Billing');
    expect(failureOf(() => expect(life).toHaveCalledTool(refund))).toContain('2. lookup_order({"orderId":"A"})  (Expert)');
  });

  test('a runner reports every agent it runs', async () => {
    const { triage } = graph();
    const runner = new Runner();
    const life = lifecycle(runner);
    await runner.run(triage, 'Where is A?');
    expect(life).toHaveLifecycle(['Triage: agent_start', 'Triage: handoff → Billing', 'Billing: agent_end']);
  });

  test('a tool call that runs twice fails the test; a start that never ends is left over', () => {
    const fake = new EventTarget() as unknown as { on(event: string, fn: (...args: unknown[]) => void): void; off(): void; emit(event: string, ...args: unknown[]): void };
    const listeners = new Map<string, ((...args: unknown[]) => void)[]>();
    fake.on = (event, fn) => void listeners.set(event, [...(listeners.get(event) ?? []), fn]);
    fake.off = () => undefined;
    fake.emit = (event, ...args) => listeners.get(event)?.forEach((fn) => fn(...args));
    (fake as unknown as { asTool: unknown; name: string }).asTool = () => undefined;
    (fake as unknown as { name: string }).name = 'Shop';

    const twice = lifecycle(fake, { verify: false });
    const call = { toolCall: { callId: 'call_1', arguments: '{}' } };
    fake.emit('agent_tool_start', {}, refund, call);
    fake.emit('agent_tool_end', {}, refund, 'Refunded.', call);
    fake.emit('agent_tool_start', {}, refund, call);
    expect(twice).not.toBeComplete();
    const message = failureOf(() => twice.assertComplete());
    expect(message).toContain('lifecycle() call #3, Shop: tool_start refund (call_1): expected each tool call to run once. Call call_1 of refund had already run.');
    expect(message).toContain('3. Shop: tool_start refund (call_1) (no tool_end)');
  });

  test('misuse is refused where it is written', () => {
    expect(thrownBy(() => lifecycle())).toBeInstanceOf(ScriptError);
    expect(thrownBy(() => lifecycle()).message).toBe("lifecycle(): pass the agents (or a Runner) whose events to record, e.g. lifecycle(triage, expert).");
    expect(thrownBy(() => lifecycle('x' as never, new Agent({ name: 'A' }))).message).toContain('expected agents or Runners (anything with on() and off()); got the string "x".');
    expect(failureOf(() => expect({}).toHaveLifecycle(['x']))).toContain('a lifecycle() recorder');
  });

  test('stop() ends the recording', async () => {
    const agent = new Agent({ name: 'Solo', model: model().replies('Hi.').thenReplies('Again.') });
    const life = lifecycle(agent);
    await run(agent, 'Hi');
    life.stop();
    await run(agent, 'Hi');
    expect(life).toBeInstanceOf(LifecycleRecorder);
    expect(life.events.map((event) => event.type)).toEqual(['agent_start', 'agent_end']);
  });
});
