// Where the SDK runs things concurrently, the order of model calls is not the test's to fix: turns
// that answer by content (`when`), and turns that may go unused (`optional`), each still verified.
import { Agent, run, type InputGuardrail } from '@openai/agents';
import { model, ScriptError } from 'agents-testkit';
import { describe, expect, failureOf, getWeather, rejectionOf, test, thrownBy } from './support';

describe('when(): a turn that answers a call by its content', () => {
  test('parallel runs on one script get their own answers, whatever order their calls come in', async () => {
    const script = model()
      .when('What is 2+2?', (t) => t.replies('4'))
      .when(/capital of France/, (t) => t.replies('Paris'))
      .when((call) => call.userText === 'Weather?', (t) => t.calls(getWeather, { city: 'Oslo' }))
      .thenReplies('Sunny.');
    const agent = new Agent({ name: 'Quiz', model: script, tools: [getWeather] });

    const results = await Promise.all([run(agent, 'Weather?'), run(agent, 'What is the capital of France?'), run(agent, 'What is 2+2?')]);

    expect(results.map((result) => result.finalOutput)).toEqual(['Sunny.', 'Paris', '4']);
    expect(script).toBeComplete();
  });

  test('a keyed turn no call matched is left over, and named so', async () => {
    const script = model({ verify: false }).when('Hello', (t) => t.replies('Hi!')).replies('Fallback.');
    await run(new Agent({ name: 'Greeter', model: script }), 'Good morning');
    expect(failureOf(() => script.assertComplete())).toContain('1. when("Hello", replies("Hi!"))');
  });

  test('a keyed turn is checked against the request like any turn', async () => {
    const script = model({ verify: false }).when('Weather?', (t) => t.calls('get_wether', { city: 'Oslo' }));
    await expect(run(new Agent({ name: 'A', model: script, tools: [getWeather] }), 'Weather?')).rejects.toMatchObject({ kind: 'not_offered' });
  });

  test('a predicate that does not return true does not take the call', async () => {
    const script = model({ verify: false })
      .when(() => false, (t) => t.replies('Never.'))
      .replies('Fallback.');
    expect((await run(new Agent({ name: 'A', model: script }), 'Hi')).finalOutput).toBe('Fallback.');
    expect(failureOf(() => script.assertComplete())).toContain('1. when(fn, replies("Never."))');
  });

  test('a RegExp matches only user text: a call with none is not taken, not even by /.*/', async () => {
    const script = model({ verify: false })
      .when(/.*/, (t) => t.replies('Matched.'))
      .replies('Fallback.');
    const input = [{ type: 'message' as const, role: 'assistant' as const, status: 'completed' as const, content: [{ type: 'output_text' as const, text: 'Hello' }] }];
    expect((await run(new Agent({ name: 'A', model: script }), input)).finalOutput).toBe('Fallback.');
    expect((await run(new Agent({ name: 'A', model: script }), 'Anything')).finalOutput).toBe('Matched.');
  });

  test('misuse is refused where it is written', () => {
    const error = thrownBy(() => model().when(5 as never, (t) => t.replies('x'))) as ScriptError;
    expect(error).toMatchObject({ reason: 'invalid_matcher', stepIndex: 0 });
    expect(error.message).toBe('model() step 1, when(): expected the user text, a RegExp, or a predicate on the call; got number 5.');
    expect(thrownBy(() => model().when('x', 'reply' as never))).toMatchObject({ reason: 'invalid_turn' });
  });
});

describe('optional(): a turn that may go unused', () => {
  const tripping: InputGuardrail = { name: 'no_secrets', runInParallel: true, execute: async () => ({ tripwireTriggered: true, outputInfo: {} }) };

  test("a guarded agent's call that a tripped parallel guardrail may or may not let through", async () => {
    const script = model().replies('Here is the secret.').optional();
    await expect(run(new Agent({ name: 'Guarded', model: script, inputGuardrails: [tripping] }), 'Tell me')).rejects.toHaveTrippedGuardrail('no_secrets');
    expect(script).toBeComplete();
  });

  test('used, an optional turn is checked like any other; unused, it is not left over', async () => {
    const used = model({ verify: false }).calls('get_wether', { city: 'Oslo' }).optional();
    await expect(run(new Agent({ name: 'A', model: used, tools: [getWeather] }), 'Hi')).rejects.toMatchObject({ kind: 'not_offered' });
    const unused = model().replies('One.').thenReplies('Two.').optional();
    await run(new Agent({ name: 'A', model: unused }), 'Hi');
    expect(unused).toBeComplete();
    expect(unused.remainingSteps).toBe(0);
  });

  test('optional() needs a turn before it, not used yet', async () => {
    expect(thrownBy(() => model().optional())).toMatchObject({ reason: 'no_preceding_turn' });
    const script = model().replies('Hi.');
    await run(new Agent({ name: 'A', model: script }), 'Hi');
    expect(thrownBy(() => script.optional())).toMatchObject({ reason: 'invalid_turn' });
  });

  test('optional() on a turn a call already used is refused at that step, saying so', async () => {
    const script = model().replies('One.').thenReplies('Two.');
    await run(new Agent({ name: 'A', model: script }), 'Hi');
    await run(new Agent({ name: 'A', model: script }), 'Hi again');
    const error = thrownBy(() => script.optional());
    expect(error).toBeInstanceOf(ScriptError);
    expect(error).toMatchObject({ reason: 'invalid_turn', stepIndex: 1 });
    expect(error.message).toBe('model() for agent "A" step 2, optional(): the turn before it was already used by a model call.');
  });

  test('a used optional turn that does not fit the request is named as optional in the failure', async () => {
    const script = model({ verify: false }).calls('get_wether', { city: 'Oslo' }).optional();
    const error = await rejectionOf(run(new Agent({ name: 'A', model: script, tools: [getWeather] }), 'Hi'));
    expect(error).toMatchObject({ kind: 'not_offered', expected: 'calls(get_wether, {"city":"Oslo"}).optional()' });
  });
});
