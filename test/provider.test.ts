import { Agent, run, Runner, setDefaultModelProvider, type InputGuardrail, type Model } from '@openai/agents';
import { cassette, MismatchError, model, modelProvider, ScriptError, UnscriptedModelError } from 'agents-testkit';
import { restoreDefaults } from '../src/fakes/offline/offlineGuard';
import { createKit } from '../src/setup/kit';
import { describe, expect, failureOf, getWeather, lookupOrder, mark, rejectionOf, test, thrownBy, verificationFailureSince } from './support';

/** A graph configured with model names, as production code would configure it. */
function graph() {
  const billing = new Agent({ name: 'Billing', instructions: 'Handle invoices.', model: 'gpt-5.4-mini', tools: [getWeather] });
  const triage = new Agent({ name: 'Triage', instructions: 'Route the customer.', model: 'gpt-5.4', handoffs: [billing] });
  return { triage, billing };
}

describe('modelProvider()', () => {
  test('routes each model request to the script of the agent that asks', async () => {
    const { triage, billing } = graph();
    const triageScript = model().handsOffTo(billing);
    // Each script numbers its calls from call_1; the handoff took that id, so this one numbers its own apart.
    const billingScript = model().calls(getWeather, { city: 'Paris' }).thenReplies('Your invoice is on its way.');
    const provider = modelProvider({ agents: { Triage: triageScript, Billing: billingScript } });

    const result = await new Runner({ modelProvider: provider }).run(triage, 'Where is my invoice?');

    expect(result.finalOutput).toBe('Your invoice is on its way.');
    expect(result).toHaveHandedOffTo(billing);
    expect(triageScript.requests).toHaveLength(1);
    expect(billingScript.requests).toHaveLength(2);
    expect(provider).toBeComplete();
    expect(failureOf(() => expect(provider).not.toBeComplete())).toMatchSnapshot();
  });

  test('routes by model name, and an agent route wins over a model route', async () => {
    const { triage } = graph();
    const byModel = model().replies('Billing, by model name.');
    const provider = modelProvider({
      agents: { Triage: model().handsOffTo('Billing') },
      models: { 'gpt-5.4': model({ verify: false }).replies('never used'), 'gpt-5.4-mini': byModel },
    });

    const result = await new Runner({ modelProvider: provider }).run(triage, 'Invoice?');

    expect(result.finalOutput).toBe('Billing, by model name.');
    expect(byModel).toBeComplete();
  });

  test('the default model routes under the empty name', async () => {
    const provider = modelProvider({ models: { '': model().replies('Default.') } });

    expect((await new Runner({ modelProvider: provider }).run(new Agent({ name: 'Plain' }), 'Hi')).finalOutput).toBe('Default.');
  });

  test('streamed runs are routed the same way', async () => {
    const { triage } = graph();
    const provider = modelProvider({ agents: { Triage: model().handsOffTo('Billing'), Billing: model().replies('Streamed.') } });

    const result = await new Runner({ modelProvider: provider }).run(triage, 'Invoice?', { stream: true });
    let text = '';
    for await (const chunk of result.toTextStream()) text += chunk;
    await result.completed;

    expect(text).toBe('Streamed.');
  });

  test('any Model routes, a cassette too', async () => {
    // Not a GPT-5 name: for those the runner adds implicit reasoning settings, which the recording lacks.
    const agent = new Agent({ name: 'Assistant', instructions: 'Help.', model: 'gpt-4.1', tools: [getWeather, lookupOrder] });
    const provider = modelProvider({ agents: { Assistant: cassette('test/fixtures/weather.json') } });

    const result = await new Runner({ modelProvider: provider }).run(agent, 'Weather in Tokyo?');

    expect(result.finalOutput).toBe('Sunny in Tokyo today.');
  });

  test('as the default provider, it serves run() too', async () => {
    const { triage } = graph();
    setDefaultModelProvider(modelProvider({ agents: { Triage: model().handsOffTo('Billing'), Billing: model().replies('Default runner.') } }));
    try {
      expect((await run(triage, 'Invoice?')).finalOutput).toBe('Default runner.');
    } finally {
      restoreDefaults();
    }
  });

  test('an agent nobody routes fails the run, names the routes and suggests a near name', async () => {
    const since = mark();
    const { triage } = graph();
    const provider = modelProvider({ name: 'support', agents: { Triage: model().handsOffTo('Billing'), Biling: model({ verify: false }).replies('x') } });

    const error = (await rejectionOf(new Runner({ modelProvider: provider }).run(triage, 'Invoice?'))) as MismatchError;

    expect(error).toBeInstanceOf(MismatchError);
    expect(error.kind).toBe('unrouted');
    expect(error.callIndex).toBe(1);
    expect(error.message).toMatchSnapshot();
    expect(verificationFailureSince(since)).toMatchSnapshot();
  });

  test('misuse is rejected where it is written', () => {
    expect(thrownBy(() => modelProvider({}))).toMatchObject({ reason: 'invalid_route', message: expect.stringContaining('it routes nothing') });
    expect(thrownBy(() => modelProvider({ agents: { Triage: 'gpt-5' as never } }))).toBeInstanceOf(ScriptError);
    expect(thrownBy(() => modelProvider({ agents: { Triage: 'gpt-5' as never } })).message).toBe(
      `modelProvider(): agents["Triage"] must be a Model such as model().replies('…'); got the string "gpt-5".`,
    );
    expect(thrownBy(() => modelProvider({ models: [] as never })).message).toContain('models must map names to scripts');
    expect(thrownBy(() => modelProvider(undefined as never)).message).toContain('expected routes like');
  });

  test('every route is checked, and the messages name the provider and what came', () => {
    const refusal = (options: unknown) => {
      const error = thrownBy(() => modelProvider(options as never)) as ScriptError;
      expect(error).toBeInstanceOf(ScriptError);
      expect(error.reason).toBe('invalid_route');
      expect(error.double).toBe(error.message.slice(0, error.message.indexOf(':')));
      return error.message;
    };
    expect(refusal(null)).toBe("modelProvider(): expected routes like { agents: { Triage: model().replies('…') } }; got null.");
    expect(refusal({ agents: [] })).toBe("modelProvider(): agents must map names to scripts, like { Triage: model().replies('…') }; got an array ([]).");
    expect(refusal({ models: null })).toBe(
      "modelProvider(): models must map names to scripts, like { 'gpt-5.4-mini': model().replies('…') }; got null.",
    );
    expect(refusal({ name: 'support', models: 'gpt-5' })).toBe(
      `modelProvider("support"): models must map names to scripts, like { 'gpt-5.4-mini': model().replies('…') }; got the string "gpt-5".`,
    );
    expect(refusal({ agents: { Triage: model({ verify: false }) }, models: { 'gpt-5': { getResponse() {} } } })).toBe(
      `modelProvider(): models["gpt-5"] must be a Model such as model().replies('…'); got an object ({}).`,
    );
    expect(refusal({ models: { 'gpt-5': null } })).toBe(`modelProvider(): models["gpt-5"] must be a Model such as model().replies('…'); got null.`);
    expect(refusal({ models: { 'gpt-5': undefined } })).toBe(`modelProvider(): models["gpt-5"] must be a Model such as model().replies('…'); got undefined.`);
    expect(refusal({ models: { 'gpt-5': { getStreamedResponse() {} } } })).toBe(
      `modelProvider(): models["gpt-5"] must be a Model such as model().replies('…'); got an object ({}).`,
    );
    expect(refusal({ agents: {}, models: {} })).toBe(
      "modelProvider(): it routes nothing; pass { agents: { Name: model()… } } or { models: { 'gpt-5.4-mini': model()… } }.",
    );
  });

  test('a script no run reached is named by the route it was installed for; one a run reached, by the agent that asked', async () => {
    const { triage, billing } = graph();
    const triageScript = model().replies('Hello.');
    // Left unplayed on purpose, so not verified when the test ends.
    const billingScript = model({ verify: false }).replies('Never asked.');
    const fallback = model({ verify: false }).replies('Never asked either.');
    const provider = modelProvider({ agents: new Map<Agent | string, Model>([[triage, triageScript], [billing, billingScript]]), models: { 'gpt-5': fallback } });

    await new Runner({ modelProvider: provider }).run(triage, 'Hi');

    expect(triageScript.label).toBe('model() for agent "Triage"');
    expect(billingScript.label).toBe('model() for route agents["Billing"]');
    expect(fallback.label).toBe('model() for route models["gpt-5"]');
    expect(failureOf(() => billingScript.assertComplete())).toContain('model() for route agents["Billing"] has 1 step not used');
    const named = model({ name: 'billing', verify: false });
    modelProvider({ agents: { Billing: named }, verify: false });
    expect(named.label).toBe('model("billing")');
  });

  test('a route of models only, or of agents only, is enough', () => {
    expect(modelProvider({ models: { 'gpt-5': model({ verify: false }) }, verify: false })).toBeComplete();
    expect(modelProvider({ agents: { Triage: model({ verify: false }) }, verify: false })).toBeComplete();
  });

  test('add() takes model routes too, and routes that route nothing add nothing', async () => {
    const { triage } = graph();
    const provider = modelProvider({ agents: { Triage: model().handsOffTo('Billing') } });
    const byModel = model().replies('Billing, by a model route added later.');

    expect(provider.add({})).toBe(provider);
    expect(provider.add({ agents: {}, models: {} })).toBe(provider);
    expect(provider.add({ models: { 'gpt-5.4-mini': byModel } })).toBe(provider);

    expect((await new Runner({ modelProvider: provider }).run(triage, 'Invoice?')).finalOutput).toBe('Billing, by a model route added later.');
    expect(provider).toBeComplete();
  });

  test.each([
    [undefined, 'undefined'],
    ['gpt-5', 'the string "gpt-5"'],
    [42, 'number 42'],
    [null, 'null'],
  ])('add() refuses routes that are not an object, as modelProvider() does: %j', (routes, shown) => {
    const provider = modelProvider({ name: 'support', agents: { Triage: model({ verify: false }) }, verify: false });

    const error = thrownBy(() => provider.add(routes as never));

    expect(error).toBeInstanceOf(ScriptError);
    expect(error).toMatchObject({
      reason: 'invalid_route',
      double: 'modelProvider("support")',
      message: `modelProvider("support"): expected routes like { agents: { Triage: model().replies('…') } }; got ${shown}.`,
    });
  });

  test('a route under an agent name, in an object or a Map, is named by that name when refused', () => {
    const provider = modelProvider({ agents: { Triage: model({ verify: false }) }, verify: false });
    const again = 'modelProvider(): agents["Triage"] is routed already; append turns to its script instead.';

    expect(thrownBy(() => provider.add({ agents: { Triage: model({ verify: false }) } }))).toMatchObject({ reason: 'invalid_route', double: 'modelProvider()', message: again });
    expect(thrownBy(() => provider.add({ agents: new Map([['Triage', model({ verify: false })]]) }))).toMatchObject({ reason: 'invalid_route', message: again });
    expect(thrownBy(() => modelProvider({ agents: new Map([['Billing', 'gpt-5' as never]]) }))).toMatchObject({
      reason: 'invalid_route',
      message: `modelProvider(): agents["Billing"] must be a Model such as model().replies('…'); got the string "gpt-5".`,
    });
  });

  test('add() of model routes only checks no agent name, whatever the names the provider routes', () => {
    // An agent named like Stryker's placeholder: were add() to check a made-up agent name when no agent
    // routes came (its mutant of `[]`), this add would be refused as routed already.
    const provider = modelProvider({ agents: { 'Stryker was here': model({ verify: false }) }, verify: false });

    expect(provider.add({ models: { 'gpt-5': model({ verify: false }) } })).toBe(provider);
  });

  test('the kit fixture owns the provider and the cassette it makes', async () => {
    const kit = createKit();
    const provider = kit.modelProvider({ agents: { Assistant: kit.cassette('test/fixtures/weather.json') } });
    const agent = new Agent({ name: 'Assistant', instructions: 'Help.', model: 'gpt-5.4', tools: [getWeather] });

    await new Runner({ modelProvider: provider }).run(agent, 'Weather in Tokyo?').catch(() => undefined);

    expect(() => kit.verify()).toThrow(/cassette\("test\/fixtures\/weather.json"\) saw 1 call the script did not plan/);
  });
});

describe('routing run() for one test: modelProvider({…}).install()', () => {
  test('a test routes the default runner to its scripts in one call', async () => {
    const { triage, billing } = graph();
    modelProvider({ agents: { Triage: model().handsOffTo(billing), Billing: model().replies('Routed in the first test.') } }).install();

    expect((await run(triage, 'Invoice?')).finalOutput).toBe('Routed in the first test.');
  });

  test('the next test routes it to scripts of its own: the routing of the test before ended with it', async () => {
    const { triage, billing } = graph();
    modelProvider({ agents: { Triage: model().handsOffTo(billing).times(2), Billing: model().replies('Second test.').times(2) } }).install();

    expect((await run(triage, 'Invoice?')).finalOutput).toBe('Second test.');
    // A Runner made without a provider of its own asks the SDK's default too.
    expect((await new Runner().run(triage, 'Invoice?')).finalOutput).toBe('Second test.');
  });

  test('a test that routes nothing meets the offline guard again', async () => {
    const since = mark();

    const error = await rejectionOf(run(graph().triage, 'Invoice?'));

    expect(error).toBeInstanceOf(UnscriptedModelError);
    expect(error.message).toContain("modelProvider({ agents: { Triage: model().replies('…') } }).install()");
    verificationFailureSince(since);
  });

  test('routes can be added later in the test', async () => {
    const { triage, billing } = graph();
    const provider = modelProvider({ agents: { Triage: model().replies('Triage answers itself.').thenHandsOffTo(billing) } }).install();
    expect((await run(triage, 'Hi')).finalOutput).toBe('Triage answers itself.');

    provider.add({ agents: { Billing: model().replies('Billing, added later.') } });

    expect((await run(triage, 'Invoice?')).finalOutput).toBe('Billing, added later.');
  });

  test('runs the app starts itself are routed too: a run inside a guardrail', async () => {
    const checker = new Agent({ name: 'Policy checker', model: 'gpt-5.4-mini' });
    const policy: InputGuardrail = {
      name: 'policy',
      execute: async ({ input }) => {
        const verdict = await run(checker, typeof input === 'string' ? input : 'the conversation');
        return { tripwireTriggered: verdict.finalOutput === 'block', outputInfo: verdict.finalOutput };
      },
    };
    const support = new Agent({ name: 'Support', model: 'gpt-5.4', inputGuardrails: [policy] });
    const checks = model().replies('allow');
    modelProvider({ agents: { 'Policy checker': checks, Support: model().replies('How can I help?') } }).install();

    expect((await run(support, 'Hi')).finalOutput).toBe('How can I help?');
    expect(checks.requests).toHaveLength(1);
  });

  test('a request no installed provider routes is a mismatch of the newest, verified when the test ends', async () => {
    const since = mark();
    modelProvider({ name: 'first', models: { 'gpt-5.4': model({ verify: false }).replies('never') } }).install();
    modelProvider({ name: 'newest', agents: { Triage: model().replies('Triage.') } }).install();

    expect((await run(graph().triage, 'Hi')).finalOutput).toBe('Triage.');
    const error = (await rejectionOf(run(graph().billing, 'Hi'))) as MismatchError;

    expect(error).toBeInstanceOf(MismatchError);
    expect(error.kind).toBe('unrouted');
    expect(error.double).toBe('modelProvider("newest")');
    expect(verificationFailureSince(since)).toContain('modelProvider("newest") was not complete when the test ended.');
  });

  test('the newest installed provider that routes a request answers it; installing twice is harmless', async () => {
    const { triage, billing } = graph();
    const older = modelProvider({ agents: { Triage: model({ verify: false }).replies('Older.'), Billing: model().replies('Billing, from the older.') } }).install();
    modelProvider({ agents: { Triage: model().replies('Newer.') } }).install();
    older.install();

    expect((await run(triage, 'Hi')).finalOutput).toBe('Newer.');
    expect((await run(billing, 'Hi')).finalOutput).toBe('Billing, from the older.');
  });

  test('setDefaultModelProvider() in a test works too, in this test…', async () => {
    setDefaultModelProvider(modelProvider({ agents: { Triage: model().replies('Set in one test.') } }));
    try {
      expect((await run(graph().triage, 'Hi')).finalOutput).toBe('Set in one test.');
    } finally {
      restoreDefaults();
    }
  });

  test('…and in the next: the default runner keeps the kit provider, which asks the default now', async () => {
    setDefaultModelProvider(modelProvider({ agents: { Triage: model().replies('Set in the next test.') } }));
    try {
      expect((await run(graph().triage, 'Hi')).finalOutput).toBe('Set in the next test.');
    } finally {
      restoreDefaults();
    }
  });

  test('install() needs a setup entry, which ends the routing', () => {
    const registry = (globalThis as unknown as Record<symbol, { watching: boolean }>)[Symbol.for('agents-testkit.registry')] as { watching: boolean };
    registry.watching = false;
    try {
      const provider = modelProvider({ agents: { Triage: model({ verify: false }) }, verify: false });
      const error = thrownBy(() => provider.install()) as ScriptError;
      expect(error).toBeInstanceOf(ScriptError);
      expect(error.reason).toBe('no_setup_entry');
      expect(error.message).toContain('install() needs the setup entry of your runner');
    } finally {
      registry.watching = true;
    }
  });
});

describe('routes by agent object', () => {
  /** Two agents named "Billing": the one triage hands off to, and another. */
  function twins() {
    const billing = new Agent({ name: 'Billing', instructions: 'The real one.', model: 'gpt-5.4-mini' });
    const impostor = new Agent({ name: 'Billing', instructions: 'Another one.', model: 'gpt-5.4-mini' });
    const triage = new Agent({ name: 'Triage', model: 'gpt-5.4', handoffs: [billing] });
    return { billing, impostor, triage };
  }

  test('routes each request to the script of the agent object that asks, through a handoff', async () => {
    const { billing, triage } = twins();
    const billingScript = model().replies('The routed Billing.');
    const provider = modelProvider({ agents: new Map<Agent<any, any>, Model>([[triage, model().handsOffTo(billing)], [billing, billingScript]]) });

    const result = await new Runner({ modelProvider: provider }).run(triage, 'Invoice?');

    expect(result.finalOutput).toBe('The routed Billing.');
    expect(billingScript.firstRequest?.systemInstructions).toBe('The real one.');
    expect(failureOf(() => expect(provider).not.toBeComplete())).toContain('agents[agent "Billing", by object]');
  });

  test('another agent of the same name is unrouted, not misrouted', async () => {
    const since = mark();
    const { billing, impostor } = twins();
    const provider = modelProvider({ agents: new Map([[billing, model({ verify: false }).replies('never')]]) });

    const error = (await rejectionOf(new Runner({ modelProvider: provider }).run(impostor, 'Hi'))) as MismatchError;

    expect(error).toBeInstanceOf(MismatchError);
    expect(error.kind).toBe('unrouted');
    expect(error.message).toMatchSnapshot();
    verificationFailureSince(since);
  });

  test('a route by name serves the agents of that name a route by object does not', async () => {
    const { billing, impostor } = twins();
    const provider = modelProvider({ agents: new Map<Agent<any, any> | string, Model>([[billing, model().replies('By object.')], ['Billing', model().replies('By name.')]]) });
    const runner = new Runner({ modelProvider: provider });

    expect((await runner.run(impostor, 'Hi')).finalOutput).toBe('By name.');
    expect((await runner.run(billing, 'Hi')).finalOutput).toBe('By object.');
  });

  test('two routed agents of one name running at once cannot be told apart, and the message says so', async () => {
    const since = mark();
    const { billing, impostor } = twins();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = model().responds(async () => {
      await gate;
      return 'Slow.';
    });
    const provider = modelProvider({ agents: new Map([[billing, slow], [impostor, model({ verify: false }).replies('never')]]) });
    const runner = new Runner({ modelProvider: provider });

    const first = runner.run(billing, 'Hi');
    await new Promise((resolve) => setTimeout(resolve, 10));
    const error = (await rejectionOf(runner.run(impostor, 'Hi'))) as MismatchError;
    release();

    expect((await first).finalOutput).toBe('Slow.');
    expect(error.message).toContain('2 agents named "Billing" that it routes by object were running at once');
    verificationFailureSince(since);
  });

  test.each([
    ['null', null, 'null'],
    ['a function with an agent\'s name and methods', Object.assign(function Billing() {}, { on() {}, asTool() {} }), 'the function Billing'],
    ['an object without asTool()', { name: 'Billing', on() {} }, 'an object ({"name":"Billing"})'],
    ['an object without on()', { name: 'Billing', asTool() {} }, 'an object ({"name":"Billing"})'],
    ['an object without a name', { on() {}, asTool() {} }, 'an object ({})'],
    ['an object whose name is not a string', { name: 5, on() {}, asTool() {} }, 'an object ({"name":5})'],
  ])('a Map key that only looks in part like an agent is refused: %s', (_, key, shown) => {
    const error = thrownBy(() => modelProvider({ agents: new Map([[key as never, model({ verify: false })]]) }));

    expect(error).toBeInstanceOf(ScriptError);
    expect(error).toMatchObject({
      reason: 'invalid_route',
      double: 'modelProvider()',
      message: `modelProvider(): agents must be keyed by agent objects or names; got the key ${shown}.`,
    });
  });

  test('misuse of object routes is rejected where it is written', () => {
    const { billing } = twins();
    expect(thrownBy(() => modelProvider({ agents: new Map([[{} as never, model({ verify: false })]]) })).message).toBe(
      'modelProvider(): agents must be keyed by agent objects or names; got the key an object ({}).',
    );
    expect(thrownBy(() => modelProvider({ agents: new Map([[billing, 'gpt-5' as never]]) })).message).toBe(
      `modelProvider(): agents[agent "Billing"] must be a Model such as model().replies('…'); got the string "gpt-5".`,
    );
    const provider = modelProvider({ agents: new Map([[billing, model({ verify: false })]]), models: { 'gpt-5': model({ verify: false }) }, verify: false });
    expect(thrownBy(() => provider.add({ agents: new Map([[billing, model({ verify: false })]]) }))).toMatchObject({
      reason: 'invalid_route',
      message: 'modelProvider(): agents[agent "Billing"] is routed already; append turns to its script instead.',
    });
    expect(thrownBy(() => provider.add({ models: { 'gpt-5': model({ verify: false }) } })).message).toBe(
      'modelProvider(): models["gpt-5"] is routed already; append turns to its script instead.',
    );
    expect(thrownBy(() => provider.add(null as never)).message).toContain('expected routes like');
  });
});
