// What the SDK swallows at the model boundary — a tool that failed, a call the agent does not
// offer inside a derived turn or a nested run, an assertion inside a responder, a turn the request's
// toolChoice forbids — fails the test, with a message that names the cause.
import { Agent, run, tool, webSearchTool } from '@openai/agents';
import { functionCall } from '@openai/agents/testing';
import { configure, model, ScriptError, type MismatchKind } from 'agents-testkit';
import { z } from 'zod';
import { afterEach, describe, expect, failureOf, getWeather, lookupOrder, recorded, rejectionOf, test, thrownBy } from './support';

const throwing = tool({
  name: 'get_weather',
  description: 'Weather for a city',
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => {
    if (city === 'Atlantis') throw new Error('no such city');
    return `Sunny in ${city}.`;
  },
});

const politely = tool({
  name: 'lookup_order',
  description: 'Looks an order up',
  parameters: z.object({ orderId: z.string() }),
  errorFunction: () => 'The order service is down.',
  execute: async () => {
    throw new Error('timeout');
  },
});

function kinds(double: object): MismatchKind[] {
  return recorded(double).map((mismatch) => mismatch.kind);
}

afterEach(() => {
  configure({ onToolFailure: 'error' });
});

describe('a tool call that did not produce the tool output', () => {
  test('a tool that throws: the run goes on, the script records it, naming the turn, the tool and the text the model was handed', async () => {
    const script = model({ name: 'weather', verify: false }).calls(throwing, { city: 'Atlantis' }).thenReplies('It is sunny.');
    const result = await run(new Agent({ name: 'Weather', model: script, tools: [throwing] }), 'Weather in Atlantis?');

    expect(result.finalOutput).toBe('It is sunny.');
    expect(recorded(script)).toHaveLength(1);
    expect(recorded(script)[0]).toMatchObject({ kind: 'tool_failed', callIndex: 1, stepIndex: 0, actual: 'a request carrying the output of get_weather (call_1)' });
    expect(recorded(script)[0]?.message).toMatchSnapshot();
    expect(script).not.toBeComplete();
  });

  test('arguments that are not JSON (the raw-string form)', async () => {
    const script = model({ verify: false }).calls('get_weather', '{city: Oslo' as never).thenReplies('Done.');
    await run(new Agent({ name: 'Weather', model: script, tools: [throwing] }), 'Weather?');
    expect(kinds(script)).toEqual(['tool_failed']);
    expect(failureOf(() => script.assertComplete())).toContain('"An error occurred while parsing tool arguments. Please try again with valid JSON."');
  });

  test('arguments the tool cannot parse although no key is wrong (a required one left out) fail when the tool runs', async () => {
    const script = model({ verify: false }).calls('get_weather', {}).thenReplies('Done.');
    await run(new Agent({ name: 'Weather', model: script, tools: [throwing] }), 'Weather?');
    expect(kinds(script)).toEqual(['tool_failed']);
  });

  test('one of several parallel calls failed', async () => {
    const script = model({ verify: false })
      .turn((t) => t.calls(throwing, { city: 'Oslo' }).calls(throwing, { city: 'Atlantis' }).calls(throwing, { city: 'Rome' }))
      .thenReplies('Done.');
    await run(new Agent({ name: 'Weather', model: script, tools: [throwing] }), 'Weather?');
    expect(recorded(script).map((mismatch) => mismatch.actual)).toEqual(['a request carrying the output of get_weather (call_2)']);
  });

  test('a failure the script plans passes; one it plans that does not happen is a mismatch', async () => {
    const planned = model().calls(throwing, { city: 'Atlantis' }, { toolFails: true }).thenReplies('No such city.');
    await run(new Agent({ name: 'Weather', model: planned, tools: [throwing] }), 'Weather?');
    expect(planned).toBeComplete();

    const wrong = model({ verify: false }).calls(throwing, { city: 'Oslo' }, { toolFails: true }).thenReplies('Sunny.');
    await run(new Agent({ name: 'Weather', model: wrong, tools: [throwing] }), 'Weather?');
    expect(recorded(wrong)[0]).toMatchObject({ kind: 'tool_not_failed', stepIndex: 0 });
    expect(recorded(wrong)[0]?.message).toContain('The tool\'s output was "Sunny in Oslo."');
  });

  test("a tool with its own errorFunction: the planned failure names the text it hands the model", async () => {
    const agent = (script: ReturnType<typeof model>) => new Agent({ name: 'Orders', model: script, tools: [politely] });
    const byText = model().calls(politely, { orderId: 'A' }, { toolFails: 'service is down' }).thenReplies('Try later.');
    const byPattern = model().calls(politely, { orderId: 'A' }, { toolFails: /down\.$/ }).thenReplies('Try later.');
    const otherText = model({ verify: false }).calls(politely, { orderId: 'A' }, { toolFails: 'not found' }).thenReplies('Try later.');
    for (const script of [byText, byPattern, otherText]) await run(agent(script), 'Where is A?');
    expect(byText).toBeComplete();
    expect(byPattern).toBeComplete();
    expect(kinds(otherText)).toEqual(['tool_not_failed']);
  });

  test("configure({ onToolFailure }): 'warn' prints the mismatch, 'ignore' lets it pass", async () => {
    const warnings: unknown[] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args.join(' '));
    try {
      configure({ onToolFailure: 'warn' });
      const warned = model().calls(throwing, { city: 'Atlantis' }).thenReplies('Hm.');
      await run(new Agent({ name: 'Weather', model: warned, tools: [throwing] }), 'Weather?');
      expect(warned).toBeComplete();
      expect(warnings).toHaveLength(1);
      expect(String(warnings[0])).toContain('agents-testkit: model() for agent "Weather" call #2, a request carrying the output of get_weather (call_1)');

      configure({ onToolFailure: 'ignore' });
      const ignored = model().calls(throwing, { city: 'Atlantis' }).thenReplies('Hm.');
      await run(new Agent({ name: 'Weather', model: ignored, tools: [throwing] }), 'Weather?');
      expect(ignored).toBeComplete();
      expect(warnings).toHaveLength(1);
    } finally {
      console.warn = original;
    }
    expect(() => configure({ onToolFailure: 'loud' as never })).toThrow("configure({ onToolFailure }) takes 'error', 'warn' or 'ignore'; got \"loud\".");
  });

  test('toolFails takes true, a non-empty string or a RegExp', () => {
    const error = thrownBy(() => model().calls(getWeather, { city: 'Oslo' }, { toolFails: 5 as never })) as ScriptError;
    expect(error).toBeInstanceOf(ScriptError);
    expect(error).toMatchObject({ reason: 'invalid_option', stepIndex: 0 });
    expect(error.message).toBe('model() step 1, calls(): toolFails is true, or the error text (a non-empty string or a RegExp) the model is handed; got number 5.');
  });
});

describe('arguments that do not fit the tool as the agent offers it', () => {
  test('a renamed parameter (scripted by name, as codegen writes it) fails the call that would emit it', async () => {
    const script = model({ verify: false }).calls('get_weather', { town: 'Oslo' }).thenReplies('Done.');
    const error = await rejectionOf(run(new Agent({ name: 'Weather', model: script, tools: [throwing] }), 'Weather?'));
    expect(error).toMatchObject({ kind: 'schema_mismatch', callIndex: 0, stepIndex: 0, expected: 'calls(get_weather, {"town":"Oslo"})' });
    expect(error.message).toContain('"town" is not a parameter of the tool (it takes city)');
    expect(error.message.split('\n')[0]).toMatch(/\. Change the scripted arguments to what the tool now takes\.$/);
  });

  test('a value of another type, or outside an enum', async () => {
    const typed = model({ verify: false }).calls('get_weather', { city: 42 });
    const outside = model({ verify: false }).calls('get_weather', { city: 'Oslo', unit: 'kelvin' });
    expect((await rejectionOf(run(new Agent({ name: 'A', model: typed, tools: [throwing] }), 'Hi'))).message).toContain('"city" is the number 42, not string');
    expect((await rejectionOf(run(new Agent({ name: 'A', model: outside, tools: [getWeather] }), 'Hi'))).message).toContain('"unit" is "kelvin"');
  });
});

describe('every kind of turn is checked against what the request offers', () => {
  test('a responds() turn that calls a tool the agent lacks', async () => {
    const script = model({ verify: false }).responds(() => [functionCall('refund', '{}', { callId: 'c1' })]);
    const error = await rejectionOf(run(new Agent({ name: 'Shop', model: script, tools: [lookupOrder] }), 'Refund'));
    expect(error).toMatchObject({ kind: 'not_offered', callIndex: 0, stepIndex: 0, expected: 'responds(fn)' });
    expect(error.message).toContain('The turn calls tool "refund", which the agent does not offer');
  });

  test('a streams() turn whose response calls a tool the agent lacks, streamed or not, sync or async', async () => {
    const events = [
      { type: 'response_started' as const },
      { type: 'response_done' as const, response: { id: 'r1', usage: { requests: 1, inputTokens: 0, outputTokens: 0, totalTokens: 0 }, output: [functionCall('refund', '{}', { callId: 'c1' })] } },
    ];
    async function* later() {
      yield* events;
    }
    for (const [source, stream] of [
      [events, false],
      [events, true],
      [later(), true],
    ] as const) {
      const script = model({ verify: false }).streams(source as never);
      const agent = new Agent({ name: 'Shop', model: script, tools: [lookupOrder] });
      const error = stream ? await rejectionOf(run(agent, 'Refund', { stream: true }).then((result) => result.completed)) : await rejectionOf(run(agent, 'Refund'));
      expect(error).toMatchObject({ kind: 'not_offered', stepIndex: 0 });
    }
  });

  test('an item the script passes as is: a function call, and a hosted tool call the agent does not offer', async () => {
    const call = model({ verify: false }).turn((t) => t.item(functionCall('refund', '{}', { callId: 'c1' })));
    const search = model({ verify: false }).turn((t) => t.item({ type: 'hosted_tool_call', name: 'web_search_call', status: 'completed' } as never));
    expect(await rejectionOf(run(new Agent({ name: 'Shop', model: call, tools: [lookupOrder] }), 'Hi'))).toMatchObject({ kind: 'not_offered' });
    const error = await rejectionOf(run(new Agent({ name: 'Shop', model: search, tools: [lookupOrder] }), 'Hi'));
    expect(error.message).toContain('The turn calls the hosted tool "web_search", which the agent does not offer');

    expect(error.message).not.toContain('apply_patch');
    const patch = model({ verify: false }).appliesPatch({ type: 'create_file', path: 'a.md', diff: '+# A' });
    const patching = await rejectionOf(run(new Agent({ name: 'Plain', model: patch, tools: [lookupOrder] }), 'Write a.'));
    expect(patching.message).toContain('The turn calls the hosted tool "apply_patch", which the agent does not offer');
    expect(patching.message).toContain('A SandboxAgent offers apply_patch with its filesystem() capability.');

    const offered = model().turn((t) => t.item({ type: 'hosted_tool_call', name: 'web_search_call', status: 'completed' } as never)).thenReplies('Found it.');
    await run(new Agent({ name: 'Searcher', model: offered, tools: [webSearchTool()] }), 'Search');
    expect(offered).toBeComplete();
  });

  test('inside an agent used as a tool: the outer run finishes green, the inner script records the drift', async () => {
    const inner = model({ name: 'inner', verify: false }).responds(() => [functionCall('refund', '{}', { callId: 'c1' })]);
    const expert = new Agent({ name: 'Expert', model: inner, tools: [lookupOrder] });
    const outer = model({ name: 'outer', verify: false })
      .calls('ask_expert', { input: 'Refund it' })
      .thenReplies('Done.');
    const triage = new Agent({ name: 'Triage', model: outer, tools: [expert.asTool({ toolName: 'ask_expert', toolDescription: 'Asks the expert' })] });

    const result = await run(triage, 'Refund order A');

    expect(result.finalOutput).toBe('Done.');
    expect(kinds(inner)).toEqual(['not_offered']);
    // The outer script also sees its tool come back as the SDK's error text.
    expect(kinds(outer)).toEqual(['tool_failed']);
  });
});

describe('errors thrown in a responder', () => {
  test('an expect() that fails inside a responder is recorded, though the app swallows the failed model call', async () => {
    const script = model({ verify: false }).responds(({ userText }) => {
      expect(userText).toBe('Hello');
      return 'Hi!';
    });
    const agent = new Agent({ name: 'Greeter', model: script });
    const swallowed = await run(agent, 'Goodbye').catch(() => 'swallowed');
    expect(swallowed).toBe('swallowed');
    expect(recorded(script)[0]).toMatchObject({ kind: 'failed_assertion', callIndex: 0, stepIndex: 0 });
  });

  test('a bug (a TypeError) is recorded; an Error of its own fails the call as planned', async () => {
    const buggy = model({ verify: false }).responds(({ request }) => (request as unknown as { missing: { text: string } }).missing.text);
    const planned = model().responds(() => {
      throw new Error('rate limited');
    });
    await run(new Agent({ name: 'A', model: buggy }), 'Hi').catch(() => undefined);
    expect((await rejectionOf(run(new Agent({ name: 'B', model: planned }), 'Hi'))).message).toBe('rate limited');
    expect(kinds(buggy)).toEqual(['responder_failed']);
    expect(planned).toBeComplete();
  });

  test('a responder that never settles fails within timeoutMs, naming the turn', async () => {
    const script = model({ verify: false, timeoutMs: 50 }).responds(function waitForever() {
      return new Promise<string>(() => undefined);
    });
    const started = Date.now();
    const error = await rejectionOf(run(new Agent({ name: 'Slow', model: script }), 'Hi'));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(error).toMatchObject({ kind: 'responder_timeout', stepIndex: 0, expected: 'responds(waitForever)' });
    expect(error.message).toContain('Its responder did not finish within 50 ms');
  });

  test('an async event source that stalls fails the same way', async () => {
    async function* stalls() {
      yield { type: 'response_started' as const };
      await new Promise(() => undefined);
    }
    const script = model({ verify: false, timeoutMs: 50 }).streams(stalls());
    const result = await run(new Agent({ name: 'Slow', model: script }), 'Hi', { stream: true });
    const error = await rejectionOf(result.completed);
    expect(error).toMatchObject({ kind: 'responder_timeout' });
    expect(error.message).toContain('Its event source did not finish within 50 ms');
  });

  test('timeoutMs is a positive number of milliseconds timers can honour', () => {
    for (const timeoutMs of [0, -1, Number.NaN, Infinity, 2 ** 31, '5' as never]) {
      const error = thrownBy(() => model({ timeoutMs }));
      expect(error).toMatchObject({ reason: 'invalid_option' });
    }
    expect(thrownBy(() => model({ timeoutMs: 0 })).message).toBe(
      'model(): timeoutMs is how long a responder may take, a positive number of milliseconds up to 2147483647; got number 0.',
    );
  });
});

describe("the request's toolChoice", () => {
  const choosing = (toolChoice: string, script: ReturnType<typeof model>) =>
    new Agent({ name: 'Chooser', model: script, tools: [getWeather, lookupOrder], modelSettings: { toolChoice }, resetToolChoice: true });

  test('"required": a text reply is a turn no model could give', async () => {
    const error = await rejectionOf(run(choosing('required', model({ verify: false }).replies('Sunny.')), 'Weather?'));
    expect(error).toMatchObject({ kind: 'tool_choice', actual: 'a request with toolChoice "required"', expected: 'replies("Sunny.")' });
    expect(error.message).toContain('The turn calls no tool, but the request sets toolChoice: "required"');
  });

  test('"none": a tool call is a turn no model could give', async () => {
    const error = await rejectionOf(run(choosing('none', model({ verify: false }).calls(getWeather, { city: 'Oslo' })), 'Weather?'));
    expect(error).toMatchObject({ kind: 'tool_choice' });
    expect(error.message).toContain('The turn calls a tool, but the request sets toolChoice: "none"');
  });

  test('a tool by name: a call of another tool is a turn no model could give; a call of that tool passes', async () => {
    const other = model({ verify: false }).calls(lookupOrder, { orderId: 'A' });
    expect((await rejectionOf(run(choosing('get_weather', other), 'Hi'))).message).toContain('The turn calls "lookup_order", but the request sets toolChoice: "get_weather"');

    const named = model().calls(getWeather, { city: 'Oslo' }).thenReplies('Sunny.');
    await run(choosing('get_weather', named), 'Weather?');
    expect(named).toBeComplete();
  });

  test('a tool by name: a text reply is a turn no model could give', async () => {
    const error = await rejectionOf(run(choosing('get_weather', model({ verify: false }).replies('Sunny.')), 'Weather?'));
    expect(error).toMatchObject({ kind: 'tool_choice' });
    expect(error.message).toContain('The turn calls no tool, but the request sets toolChoice: "get_weather"');
  });

  test('what each setting allows passes: a call under "required" (a hosted one too), a reply under "none"', async () => {
    const called = model().calls(getWeather, { city: 'Oslo' }).thenReplies('Sunny.');
    await run(choosing('required', called), 'Weather?');
    expect(called).toBeComplete();

    const searched = model().searchesWeb('weather in Oslo').thenReplies('Sunny.');
    await run(new Agent({ name: 'Searcher', model: searched, tools: [webSearchTool()], modelSettings: { toolChoice: 'required' }, resetToolChoice: true }), 'Weather?');
    expect(searched).toBeComplete();

    const replied = model().replies('Sunny.');
    await run(choosing('none', replied), 'Weather?');
    expect(replied).toBeComplete();
  });
});

describe("the request's parallelToolCalls", () => {
  const oneCallPerTurn = (script: ReturnType<typeof model>) =>
    new Agent({ name: 'Serial', model: script, tools: [getWeather, lookupOrder], modelSettings: { parallelToolCalls: false } });

  test('false: a turn of two calls is a turn no model could give, though the SDK would run both', async () => {
    const script = model({ verify: false }).turn((t) => t.calls(getWeather, { city: 'Oslo' }).calls(lookupOrder, { orderId: 'A' }));
    const error = await rejectionOf(run(oneCallPerTurn(script), 'Weather and order?'));
    expect(error).toMatchObject({ kind: 'tool_choice', actual: 'a request with parallelToolCalls: false' });
    expect(error.message).toContain('The turn makes 2 tool calls, but the request sets parallelToolCalls: false, so a model makes one call per turn');
  });

  test('false: one call per turn passes; so do two calls when the setting is left as it is, or true', async () => {
    const serial = model().calls(getWeather, { city: 'Oslo' }).calls(lookupOrder, { orderId: 'A' }).thenReplies('Both.');
    await run(oneCallPerTurn(serial), 'Weather and order?');
    expect(serial).toBeComplete();

    for (const modelSettings of [{}, { parallelToolCalls: true }]) {
      const parallel = model().turn((t) => t.calls(getWeather, { city: 'Oslo' }).calls(lookupOrder, { orderId: 'A' })).thenReplies('Both.');
      await run(new Agent({ name: 'Parallel', model: parallel, tools: [getWeather, lookupOrder], modelSettings }), 'Weather and order?');
      expect(parallel).toBeComplete();
    }
  });
});
