import { Agent, run, Runner, setDefaultModelProvider } from '@openai/agents';
import { cassette, MismatchError, model, modelProvider, ScriptError } from 'agents-testkit';
import { installOfflineGuard } from '../src/fakes/offlineGuard';
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
      installOfflineGuard();
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
    expect(refusal({ agents: {}, models: {} })).toBe(
      "modelProvider(): it routes nothing; pass { agents: { Name: model()… } } or { models: { 'gpt-5.4-mini': model()… } }.",
    );
  });

  test('a route of models only, or of agents only, is enough', () => {
    expect(modelProvider({ models: { 'gpt-5': model({ verify: false }) }, verify: false })).toBeComplete();
    expect(modelProvider({ agents: { Triage: model({ verify: false }) }, verify: false })).toBeComplete();
  });

  test('the kit fixture owns the provider and the cassette it makes', async () => {
    const kit = createKit();
    const provider = kit.modelProvider({ agents: { Assistant: kit.cassette('test/fixtures/weather.json') } });
    const agent = new Agent({ name: 'Assistant', instructions: 'Help.', model: 'gpt-5.4', tools: [getWeather] });

    await new Runner({ modelProvider: provider }).run(agent, 'Weather in Tokyo?').catch(() => undefined);

    expect(() => kit.verify()).toThrow(/cassette\("test\/fixtures\/weather.json"\) saw 1 call the script did not plan/);
  });
});
