// lifecycle(): the ordered events of agents (or a runner), nested runs of agents used as tools
// included, with the invariants every run must keep checked for the test.
import { Agent, defineToolInputGuardrail, run, Runner, tool, ToolGuardrailFunctionOutputFactory } from '@openai/agents';
import { z } from 'zod';
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

  test.each([
    ['null', null, 'null'],
    ['an object without off()', { on() {} }, 'an object ({})'],
    ['an object without on()', { off() {} }, 'an object ({})'],
    ['a function', () => undefined, 'a function'],
    ['a named function', function listen() {}, 'the function listen'],
    ['a function with on() and off()', Object.assign(function emitter() {}, { on() {}, off() {} }), 'the function emitter'],
  ])('a source given as %s is refused, wherever it stands', (_kind, source, shown) => {
    const agent = new Agent({ name: 'A' });
    const problem = `lifecycle(): expected agents or Runners (anything with on() and off()); got ${shown}.`;
    expect(thrownBy(() => lifecycle(agent, source as never, agent))).toMatchObject({ reason: 'invalid_option', message: problem });
    expect(thrownBy(() => lifecycle(source as never, agent))).toMatchObject({ reason: 'invalid_option', message: problem });
  });

  test('options come last and only last: alone they are refused, and their name labels the recorder', () => {
    expect(thrownBy(() => lifecycle({ name: 'idle' }))).toMatchObject({
      reason: 'invalid_option',
      message: 'lifecycle("idle"): pass the agents (or a Runner) whose events to record, e.g. lifecycle(triage, expert).',
    });
    expect(thrownBy(() => lifecycle(new Agent({ name: 'A' }), { name: 5 } as never))).toMatchObject({ reason: 'invalid_option' });
    expect(thrownBy(() => lifecycle(new Agent({ name: 'A' }), 5 as never))).toMatchObject({
      reason: 'invalid_option',
      message: "lifecycle(): expected an options object like { name: 'support' }; got number 5.",
    });
    const first = new Agent({ name: 'First' });
    expect(lifecycle(new Agent({ name: 'A' }), first, { verify: false }).label).toBe('lifecycle()');
    expect(lifecycle(first, { name: 'named', verify: false }).label).toBe('lifecycle("named")');
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

  test('a call a tool input guardrail rejected starts and ends like one that ran: the run’s end marks it, and the tool matchers do not count it as run', async () => {
    const noProd = defineToolInputGuardrail({ name: 'no_prod', run: async () => ToolGuardrailFunctionOutputFactory.rejectContent('Not on prod.') });
    const deploy = tool({ name: 'deploy', description: 'Deploys', parameters: z.object({ env: z.string() }), inputGuardrails: [noProd], execute: async () => 'Deployed.' });
    const script = model().calls(deploy, { env: 'prod' }, { toolFails: 'Not on prod.' }).calls(lookupOrder, { orderId: 'A-1' }).thenReplies('Not deployed.');
    const agent = new Agent({ name: 'Ops', model: script, tools: [deploy, lookupOrder] });
    const life = lifecycle(agent);

    await run(agent, 'Deploy to prod, then look up A-1.');

    expect(life.events.filter((event) => event.type === 'tool_end').map((event) => event.rejectedBy)).toEqual(['a tool input guardrail', undefined]);
    expect(life).not.toHaveCalledTool(deploy);
    expect(life).toHaveCalledTool(lookupOrder, { orderId: 'A-1' });
    const message = failureOf(() => expect(life).toHaveCalledTool(deploy));
    expect(message).toContain('rejected by a tool input guardrail');
    expect(failureOf(() => expect(life).toHaveLifecycle(['Ops: handoff → Nobody']))).toContain('Ops: tool_end deploy (call_1) → "Not on prod." (rejected by a tool input guardrail)');
  });
});

describe('toHaveLifecycle(): its verdict and its messages', () => {
  const matcherError = (type: string, value: string) =>
    [
      'expect(received).toHaveLifecycle(expected)',
      '',
      'Matcher error: expected value must be a non-empty array of events (strings like "Triage: agent_start", or partial events)',
      '',
      `Expected has type:  ${type}`,
      `Expected has value: ${value}`,
    ].join('\n');

  async function soloRun() {
    const agent = new Agent({ name: 'Solo', model: model().replies('Hi.') });
    const life = lifecycle(agent);
    await run(agent, 'Hi');
    return life;
  }

  test('an expected value that is not a non-empty array of strings and partial events is a matcher error, whatever the recorder holds', async () => {
    const life = await soloRun();
    expect(failureOf(() => expect(life).toHaveLifecycle('Solo: agent_start' as never))).toBe(matcherError('string', '"Solo: agent_start"'));
    expect(failureOf(() => expect(life).toHaveLifecycle({} as never))).toBe(matcherError('object', '{}'));
    expect(failureOf(() => expect(life).toHaveLifecycle([]))).toBe(matcherError('array', '[]'));
    expect(failureOf(() => expect(life).toHaveLifecycle([1] as never))).toBe(matcherError('array', '[1]'));
    expect(failureOf(() => expect(life).toHaveLifecycle([null] as never))).toBe(matcherError('array', '[null]'));
    // One bad entry among good ones is enough.
    expect(failureOf(() => expect(life).toHaveLifecycle(['Solo: agent_start', 2] as never))).toBe(matcherError('array', '["Solo: agent_start", 2]'));
    expect(failureOf(() => expect(life).not.toHaveLifecycle([{ agent: 'Solo' }, null] as never))).toContain('Matcher error: expected value must be a non-empty array of events');
    // Strings and partial events together are valid.
    expect(life).toHaveLifecycle(['Solo: agent_start', { agent: 'Solo', type: 'agent_end' }]);
  });

  test('none of the events found: the message says so and lists what the recorder saw', async () => {
    const life = await soloRun();
    expect(failureOf(() => expect(life).toHaveLifecycle(['Other: agent_start', 'Solo: agent_start']))).toBe(
      [
        'expect(received).toHaveLifecycle(expected)',
        '',
        'Expected: these events in order: "Other: agent_start" → "Solo: agent_start"',
        'Received: none of them in order; then no "Other: agent_start"',
        '',
        'Events lifecycle() recorded:',
        '  1. Solo: agent_start',
        '  2. Solo: agent_end → "Hi."',
      ].join('\n'),
    );
  });

  test('some of the events found in order: the message counts them, marks them and names the first one missing', async () => {
    const life = await soloRun();
    // The agent_start is there, but not after the agent_end: order counts.
    expect(failureOf(() => expect(life).toHaveLifecycle(['Solo: agent_end', { agent: 'Solo', type: 'agent_start' }]))).toBe(
      [
        'expect(received).toHaveLifecycle(expected)',
        '',
        'Expected: these events in order: "Solo: agent_end" → {"agent": "Solo", "type": "agent_start"}',
        'Received: the first 1 in order; then no {"agent":"Solo","type":"agent_start"}',
        '',
        'Events lifecycle() recorded:',
        '  1. Solo: agent_start',
        '→ 2. Solo: agent_end → "Hi."',
      ].join('\n'),
    );
  });

  test('.not: every event found in order fails, with all of them marked', async () => {
    const life = await soloRun();
    expect(life).not.toHaveLifecycle(['Solo: agent_end', 'Solo: agent_start']);
    expect(failureOf(() => expect(life).not.toHaveLifecycle(['Solo: agent_start', { agent: 'Solo', type: 'agent_end' }]))).toBe(
      [
        'expect(received).not.toHaveLifecycle(expected)',
        '',
        'Expected: not these events in order: "Solo: agent_start" → {"agent": "Solo", "type": "agent_end"}',
        'Received: all of them, in order',
        '',
        'Events lifecycle() recorded:',
        '→ 1. Solo: agent_start',
        '→ 2. Solo: agent_end → "Hi."',
      ].join('\n'),
    );
  });

  test('a recorder that recorded no events says so instead of listing them', () => {
    const idle = lifecycle(new Agent({ name: 'Idle' }), { name: 'idle' });
    expect(failureOf(() => expect(idle).toHaveLifecycle(['Idle: agent_start']))).toBe(
      [
        'expect(received).toHaveLifecycle(expected)',
        '',
        'Expected: these events in order: "Idle: agent_start"',
        'Received: none of them in order; then no "Idle: agent_start"',
        '',
        'lifecycle("idle") recorded no events.',
      ].join('\n'),
    );
    expect(idle).not.toHaveLifecycle(['Idle: agent_start']);
  });
});
