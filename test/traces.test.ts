// traces(): the traces and spans a test's runs produced, asserted with toHaveSpan/toHaveSpans and
// read as a tree; tracing is on for the kit's processor only while a recorder listens, and ends
// with the test. Nothing is exported.
import {
  Agent,
  BatchTraceProcessor,
  getGlobalTraceProvider,
  OpenAITracingExporter,
  run,
  withCustomSpan,
  withTrace,
  type InputGuardrail,
} from '@openai/agents';
import { cassette, configure, model, ScriptError, traces, TraceRecorder } from 'agents-testkit';
import { agentWith, describe, expect, failureOf, getWeather, test, thrownBy } from './support';

// Any request beyond loopback (the OpenAI tracing exporter's included) is stopped and fails its test.
configure({ offline: 'strict' });

/** The app: Triage looks the weather up, then hands off to Billing, which answers. */
function supportApp({ dropHandoff = false } = {}) {
  const script = model({ verify: !dropHandoff }).calls(getWeather, { city: 'Tokyo' }).thenHandsOffTo('Billing').thenReplies('Your invoice is on its way.');
  const billing = new Agent({ name: 'Billing', model: script });
  const triage = new Agent({ name: 'Triage', model: script, tools: [getWeather], handoffs: dropHandoff ? [] : [billing] });
  return { triage, billing };
}

const TREE = [
  'trace "Agent workflow"',
  '  agent "Triage"',
  '    generation',
  '    function get_weather {"city":"Tokyo"} → "Sunny in Tokyo."',
  '    generation',
  '    handoff Triage → Billing',
  '  agent "Billing"',
  '    generation',
].join('\n');

describe('traces()', () => {
  test('a handoff-and-tool workflow: the span tree, each span, their order and nesting', async () => {
    const trace = traces();
    const { triage } = supportApp();

    await run(triage, 'Weather in Tokyo, then my invoice?');

    expect(trace.tree()).toBe(TREE);
    expect(trace).toHaveSpan('agent', { name: 'Triage', tools: ['get_weather'], handoffs: ['Billing'] });
    expect(trace).toHaveSpan('function', { name: 'get_weather', input: { city: 'Tokyo' }, output: 'Sunny in Tokyo.' }, { within: { kind: 'agent', name: 'Triage' } });
    expect(trace).toHaveSpan('handoff', { from: 'Triage', to: 'Billing' });
    expect(trace).not.toHaveSpan('function', { name: 'get_weather' }, { within: { kind: 'agent', name: 'Billing' } });
    expect(trace).not.toHaveSpan('guardrail');
    // Each model call is a generation span under its agent, with the request's input and the response's output.
    expect(trace).toHaveSpan('generation', { output: [expect.objectContaining({ type: 'function_call', name: 'get_weather' })] }, { within: { kind: 'agent', name: 'Triage' } });
    expect(trace).toHaveSpan('generation', { input: expect.arrayContaining([expect.objectContaining({ role: 'user' })]) }, { within: { kind: 'agent', name: 'Billing' } });
    expect(trace).toHaveSpans(['agent "Triage"', 'function get_weather', { kind: 'handoff', to: 'Billing' }, { kind: 'agent', name: 'Billing' }]);
    expect(trace).not.toHaveSpans(['agent "Billing"', 'agent "Triage"']);
    expect(trace.traces).toEqual([expect.objectContaining({ name: 'Agent workflow', ended: true })]);
    expect(trace.spans.every((span) => span.ended)).toBe(true);
  });

  // drift: the same spec against an app that dropped the handoff fails, naming the handoff and printing the tree.
  test('drift: the app drops the handoff, and the span assertions fail', async () => {
    const trace = traces();
    const { triage } = supportApp({ dropHandoff: true });

    await run(triage, 'Weather in Tokyo, then my invoice?').catch(() => undefined);

    expect(trace.tree()).not.toBe(TREE);
    expect(trace.tree()).toMatchSnapshot();
    const handoff = failureOf(() => expect(trace).toHaveSpan('handoff', { from: 'Triage', to: 'Billing' }));
    expect(handoff).toContain('Expected: a span like handoff {"from":"Triage","to":"Billing"}');
    expect(handoff).toContain('Received: no handoff span');
    expect(handoff).toContain('Spans traces() heard:\n  trace "Agent workflow"\n    agent "Triage"');
    const order = failureOf(() => expect(trace).toHaveSpans(['function get_weather', 'handoff Triage → Billing', 'agent "Billing"']));
    expect(order).toContain('Received: the first 1 in order; then no "handoff Triage → Billing"');
    expect(order).toMatchSnapshot();
  });

  test('a span outside the pattern it must sit in: the message says where it was', async () => {
    const trace = traces();
    await run(supportApp().triage, 'Weather?');

    const message = failureOf(() => expect(trace).toHaveSpan('function', { name: 'get_weather' }, { within: { kind: 'agent', name: 'Billing' } }));
    expect(message).toContain('Received: one, but not within agent {"name":"Billing"}: function get_weather');
    expect(message).toMatchSnapshot();
    expect(failureOf(() => expect(trace).not.toHaveSpan('handoff'))).toContain('Expected: no span like handoff');
  });

  test('guardrail and custom spans, and a named workflow', async () => {
    const trace = traces({ name: 'checkout' });
    const noPii: InputGuardrail = { name: 'no_pii', runInParallel: false, execute: async () => ({ outputInfo: {}, tripwireTriggered: false }) };
    const agent = new Agent({ name: 'Shop', model: model().replies('OK.'), inputGuardrails: [noPii] });

    await withTrace('Checkout', async () => {
      await withCustomSpan(async () => run(agent, 'Buy'), { data: { name: 'load_cart', data: { items: 2 } } });
    });

    expect(trace).toHaveSpan('guardrail', { name: 'no_pii', triggered: false }, { within: { kind: 'agent', name: 'Shop' } });
    expect(trace).toHaveSpan('custom', { name: 'load_cart', data: { items: 2 } });
    expect(trace).toHaveSpan('agent', { name: 'Shop' }, { within: { kind: 'custom', name: 'load_cart' } });
    expect(trace.tree()).toBe(['trace "Checkout"', '  custom "load_cart"', '    agent "Shop"', '      guardrail no_pii', '      generation'].join('\n'));
    expect(failureOf(() => expect(trace).toHaveSpan('agent', { name: 'Nope' }))).toContain('Spans traces() "checkout" heard:');
  });

  test('a streamed run is traced too', async () => {
    const trace = traces();
    const result = await run(supportApp().triage, 'Weather?', { stream: true });
    await result.completed;

    expect(trace.tree()).toBe(TREE);
  });

  test('a cassette replay makes a generation span per replayed call, as the recorded model did', async () => {
    const trace = traces();
    await run(agentWith(cassette('test/fixtures/weather.json', { conversation: 'Weather in Tokyo' })), 'Weather in Tokyo?');
    const streamed = await run(agentWith(cassette('test/fixtures/weather.json', { conversation: 'Weather in Tokyo' })), 'Weather in Tokyo?', { stream: true });
    await streamed.completed;

    const generations = ['  agent "Assistant"', '    generation', '    function get_weather {"city":"Tokyo"} → "Sunny in Tokyo."', '    generation'];
    expect(trace.tree()).toBe(['trace "Agent workflow"', ...generations, 'trace "Agent workflow"', ...generations].join('\n'));
  });
});

describe('traces() ends with its test', () => {
  let first: TraceRecorder | undefined;

  test('a recorder hears its own test', async () => {
    first = traces();
    await run(supportApp().triage, 'Weather?');
    expect(first.spans.length).toBeGreaterThan(0);
    expect(first.listening).toBe(true);
  });

  test('the next test: the first recorder has stopped, tracing is off again, a new recorder sees only this test', async () => {
    const heard = (first as TraceRecorder).spans.length;
    expect((first as TraceRecorder).listening).toBe(false);
    expect(getGlobalTraceProvider().createTrace({ name: 'x' }).traceId).toBe('no-op');

    await run(supportApp().triage, 'Weather?');
    expect((first as TraceRecorder).spans).toHaveLength(heard);
    expect(failureOf(() => expect(first).toHaveSpan('agent', { name: 'Nobody' }))).toContain('Spans traces() heard (it had stopped: its test ended, or stop()):');

    const second = traces();
    expect(second.spans).toEqual([]);
    await run(supportApp().triage, 'Weather?');
    expect(second.tree()).toBe(TREE);
    second.stop();
    expect(getGlobalTraceProvider().createTrace({ name: 'x' }).traceId).toBe('no-op');
  });
});

describe('nothing is exported', () => {
  test("the SDK's exporter and batch processor hear nothing, even when the app flushes the provider", async () => {
    const heard: string[] = [];
    const restore = [
      spy(OpenAITracingExporter.prototype, 'export', heard),
      spy(BatchTraceProcessor.prototype, 'onTraceStart', heard),
      spy(BatchTraceProcessor.prototype, 'onSpanEnd', heard),
    ];
    try {
      const trace = traces();
      await run(supportApp().triage, 'Weather?');
      await getGlobalTraceProvider().forceFlush();
      trace.stop();
      await getGlobalTraceProvider().forceFlush();

      expect(trace.spans.length).toBeGreaterThan(0);
      expect(heard).toEqual([]);
    } finally {
      for (const undo of restore) undo();
    }
  });
});

describe('misuse', () => {
  test('bad options and bad matcher arguments say what to pass', () => {
    expect(thrownBy(() => traces(5 as never))).toBeInstanceOf(ScriptError);
    expect(thrownBy(() => traces(5 as never)).message).toBe("traces(): expected an options object like { name: 'checkout' }; got number 5.");
    const trace = traces();
    expect(failureOf(() => expect({}).toHaveSpan('agent'))).toContain('a traces() recorder');
    expect(failureOf(() => expect(trace).toHaveSpan('' as never))).toContain('a span kind (agent, generation, function, handoff, guardrail, custom)');
    expect(failureOf(() => expect(trace).toHaveSpan('agent', {}, { within: 'Triage' } as never))).toContain("{ within: { kind: 'agent', name: 'Triage' } }");
    expect(failureOf(() => expect(trace).toHaveSpans([]))).toContain('a non-empty array of span lines');
  });
});

/** Counts calls of `object[method]` into `heard`; returns what puts the method back. */
function spy<T extends object>(object: T, method: keyof T & string, heard: string[]): () => void {
  const original = object[method] as (...args: unknown[]) => unknown;
  (object as Record<string, unknown>)[method] = function (this: unknown, ...args: unknown[]) {
    heard.push(method);
    return original.apply(this, args);
  };
  return () => {
    (object as Record<string, unknown>)[method] = original;
  };
}
