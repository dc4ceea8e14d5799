import { Agent, run } from '@openai/agents';
import { model, ScriptError, streamEvents } from 'agents-testkit';
import { agentWith, describe, expect, failureOf, getWeather, test, thrownBy } from './support';

async function handoffRun() {
  const billing = new Agent({ name: 'Billing', model: model().replies('Billing here.', { deltas: ['Billing', ' here.'] }) });
  const triage = new Agent({ name: 'Triage', model: model().calls(getWeather, { city: 'Oslo' }).thenHandsOffTo(billing), tools: [getWeather], handoffs: [billing] });
  const result = await run(triage, 'Invoice?', { stream: true });
  return { result, events: await streamEvents(result) };
}

describe('streamEvents() and toHaveStreamedEvents()', () => {
  test('the order of a run’s events, by name, others between them allowed', async () => {
    const { result, events } = await handoffRun();
    expect(result.finalOutput).toBe('Billing here.');
    expect(events).toHaveStreamedEvents(['tool_called', 'tool_output', 'handoff_requested', 'agent_updated_stream_event', 'output_text_delta', 'message_output_created']);
    expect(result).toHaveStreamedEvents(['handoff_requested', 'handoff_occurred']);
    expect(events).toHaveStreamedEvents([{ type: 'agent_updated_stream_event', agent: expect.objectContaining({ name: 'Billing' }) }]);
    expect(events).not.toHaveStreamedEvents(['agent_updated_stream_event', 'tool_called']);
  });

  test('a failure says how far the order held and what came instead', async () => {
    const { events } = await handoffRun();
    const message = failureOf(() => expect(events).toHaveStreamedEvents(['handoff_requested', 'tool_called']));
    expect(message).toContain('Received: the first 1 in order; then no "tool_called" after them (it came earlier)');
    expect(message).toContain('run_item_stream_event tool_called get_weather');
  });

  test('replies(text, { deltas }) streams the text in those pieces; a run that is not streamed gets the whole text', async () => {
    const streamed = await run(agentWith(model().replies('Hello, world.', { deltas: ['Hel', 'lo, ', 'world.'] })), 'Hi', { stream: true });
    const events = await streamEvents(streamed);
    const deltas = events.flatMap((event) => (event.type === 'raw_model_stream_event' && event.data.type === 'output_text_delta' ? [event.data.delta] : []));
    expect(deltas).toEqual(['Hel', 'lo, ', 'world.']);
    expect(streamed.finalOutput).toBe('Hello, world.');
    const plain = await run(agentWith(model().replies('Hello, world.', { deltas: ['Hello, ', 'world.'] })), 'Hi');
    expect(plain.finalOutput).toBe('Hello, world.');
  });

  test('deltas that are not a non-empty list of strings, and options that are not an object, are refused saying what came', () => {
    const refusal = (write: () => unknown) => {
      const error = thrownBy(write) as ScriptError;
      expect(error).toBeInstanceOf(ScriptError);
      expect(error.reason).toBe('invalid_option');
      return error.message;
    };
    expect(refusal(() => model().replies('a', { deltas: [] }))).toBe('model() step 1, replies(): deltas is a non-empty array of strings; got an array ([]).');
    expect(refusal(() => model().replies('a1', { deltas: ['a', 1 as never] }))).toBe('model() step 1, replies(): deltas is a non-empty array of strings; got an array (["a",1]).');
    expect(refusal(() => model().replies('a', 5 as never))).toBe("model() step 1, replies(): the options are an object like { deltas: ['Hel', 'lo'] }; got number 5.");
    expect(refusal(() => model().replies('a', null as never))).toBe("model() step 1, replies(): the options are an object like { deltas: ['Hel', 'lo'] }; got null.");
  });

  test('deltas must join to the reply', () => {
    const error = thrownBy(() => model().replies('Hello', { deltas: ['Hel', 'p'] })) as ScriptError;
    expect(error).toMatchObject({ reason: 'invalid_option', stepIndex: 0 });
    expect(error.message).toBe('model() step 1, replies(): the deltas join to "Help", not to the reply "Hello".');
    expect(thrownBy(() => model().replies('Hello', { deltas: [] }))).toMatchObject({ reason: 'invalid_option' });
  });

  test("a model event's own fields go under data: a delta is matched as a whole event, and a partial that fits only its data says how to write it", async () => {
    const { events } = await handoffRun();
    expect(events).toHaveStreamedEvents([{ type: 'raw_model_stream_event', data: { type: 'output_text_delta', delta: ' here.' } }]);
    expect(events).toHaveStreamedEvents([{ type: 'raw_model_stream_event', data: { delta: 'Billing' } }, { type: 'raw_model_stream_event', data: { delta: ' here.' } }]);
    expect(events).not.toHaveStreamedEvents([{ data: { delta: ' here.' } }, { data: { delta: 'Billing' } }]);
    expect(failureOf(() => expect(events).toHaveStreamedEvents([{ delta: ' here.' }]))).toBe(
      [
        'expect(received).toHaveStreamedEvents(expected)',
        '',
        'Expected: these events in order: {"delta": " here."}',
        'Received: none of them in order; then no {"delta":" here."}',
        'A partial event is matched against the whole event: {"delta": " here."} fits the data of event 12, so write',
        `{ type: 'raw_model_stream_event', data: {"delta": " here."} }`,
        ...eventsSection(handoffRunEvents),
      ].join('\n'),
    );
  });

  test('values of the wrong kind are matcher errors', async () => {
    const { events } = await handoffRun();
    expect(failureOf(() => expect(events).toHaveStreamedEvents([] as never))).toContain('a non-empty array of event names or partial events');
    expect(failureOf(() => expect({}).toHaveStreamedEvents(['tool_called']))).toContain('the events of streamEvents(result)');
    await expect(streamEvents({} as never)).rejects.toThrow('streamEvents() takes a streamed run result');
  });
});

/** The events of handoffRun(), as a failure lists them. */
const handoffRunEvents = [
  'raw_model_stream_event response_started',
  'raw_model_stream_event response_done',
  'run_item_stream_event tool_called get_weather',
  'run_item_stream_event tool_output get_weather',
  'raw_model_stream_event response_started',
  'raw_model_stream_event response_done',
  'run_item_stream_event handoff_requested transfer_to_Billing',
  'run_item_stream_event handoff_occurred transfer_to_Billing',
  'agent_updated_stream_event Billing',
  'raw_model_stream_event response_started',
  'raw_model_stream_event output_text_delta "Billing"',
  'raw_model_stream_event output_text_delta " here."',
  'raw_model_stream_event response_done',
  'run_item_stream_event message_output_created',
];

/** The "Events of the run" section of a failure: these events numbered, the ones at `marked` (from 1) with an arrow. */
function eventsSection(events: readonly string[], marked: readonly number[] = []): string[] {
  return ['', 'Events of the run:', ...events.map((event, index) => `${marked.includes(index + 1) ? '→' : ' '} ${index + 1}. ${event}`)];
}

describe('toHaveStreamedEvents messages: every branch', () => {
  test('.not: all of them in order, the ones found marked', async () => {
    const { events } = await handoffRun();
    expect(failureOf(() => expect(events).not.toHaveStreamedEvents(['tool_called', 'handoff_requested']))).toBe(
      [
        'expect(received).not.toHaveStreamedEvents(expected)',
        '',
        'Expected: not these events in order: "tool_called" → "handoff_requested"',
        'Received: all of them, in order',
        ...eventsSection(handoffRunEvents, [3, 7]),
      ].join('\n'),
    );
  });

  test('none of them in order, or the first N in order; "it came earlier" only when the missing one came before', async () => {
    const { events } = await handoffRun();
    expect(failureOf(() => expect(events).toHaveStreamedEvents(['handoff_rejected', 'tool_called']))).toBe(
      [
        'expect(received).toHaveStreamedEvents(expected)',
        '',
        'Expected: these events in order: "handoff_rejected" → "tool_called"',
        'Received: none of them in order; then no "handoff_rejected"',
        ...eventsSection(handoffRunEvents),
      ].join('\n'),
    );
    expect(failureOf(() => expect(events).toHaveStreamedEvents(['tool_called', { type: 'agent_updated_stream_event' }, 'handoff_rejected']))).toBe(
      [
        'expect(received).toHaveStreamedEvents(expected)',
        '',
        'Expected: these events in order: "tool_called" → {"type": "agent_updated_stream_event"} → "handoff_rejected"',
        'Received: the first 2 in order; then no "handoff_rejected"',
        ...eventsSection(handoffRunEvents, [3, 9]),
      ].join('\n'),
    );
  });

  test('an event kind named twice needs two such events: each pattern takes an event after the one the previous pattern took', async () => {
    const { events } = await handoffRun();
    expect(events).not.toHaveStreamedEvents(['tool_called', 'tool_called']);
    expect(events).toHaveStreamedEvents(['response_started', 'response_started', 'response_started']);
    expect(events).not.toHaveStreamedEvents(['response_started', 'response_started', 'response_started', 'response_started']);
    expect(failureOf(() => expect(events).toHaveStreamedEvents(['tool_called', 'tool_called']))).toBe(
      [
        'expect(received).toHaveStreamedEvents(expected)',
        '',
        'Expected: these events in order: "tool_called" → "tool_called"',
        'Received: the first 1 in order; then no "tool_called" after them (it came earlier)',
        ...eventsSection(handoffRunEvents, [3]),
      ].join('\n'),
    );
    // The next pattern looks only after the event the previous one took, never at or before it.
    expect(failureOf(() => expect(events).not.toHaveStreamedEvents(['tool_called', 'response_done']))).toBe(
      [
        'expect(received).not.toHaveStreamedEvents(expected)',
        '',
        'Expected: not these events in order: "tool_called" → "response_done"',
        'Received: all of them, in order',
        ...eventsSection(handoffRunEvents, [3, 6]),
      ].join('\n'),
    );
    const twice = await streamEvents(
      await run(agentWith(model().calls(getWeather, { city: 'Oslo' }).thenCalls(getWeather, { city: 'Paris' }).thenReplies('Done.')), 'Go', { stream: true }),
    );
    expect(twice).toHaveStreamedEvents(['tool_called', 'tool_called']);
    expect(twice).not.toHaveStreamedEvents(['tool_called', 'tool_called', 'tool_called']);
  });

  test('a long run lists its head and tail and counts the events between', async () => {
    const pieces = Array.from({ length: 30 }, (_, index) => `${index} `);
    const events = await streamEvents(await run(agentWith(model().replies(pieces.join(''), { deltas: pieces })), 'Count', { stream: true }));
    expect(events).toHaveLength(33);
    const lines = failureOf(() => expect(events).toHaveStreamedEvents(['tool_called'])).split('\n');
    expect(lines.slice(2, 6)).toEqual(['Expected: these events in order: "tool_called"', 'Received: none of them in order; then no "tool_called"', '', 'Events of the run:']);
    expect(lines.slice(15, 18)).toEqual(['  10. raw_model_stream_event output_text_delta "8 "', '  … 18 more events', '  29. raw_model_stream_event output_text_delta "27 "']);
    expect(lines).toHaveLength(6 + 10 + 1 + 5);
  });

  test('patterns must be a non-empty array of names or objects: a matcher error says so', async () => {
    const { events } = await handoffRun();
    const invalid = (value: string, type?: string) =>
      [
        'expect(received).toHaveStreamedEvents(expected)',
        '',
        'Matcher error: expected value must be a non-empty array of event names or partial events',
        '',
        ...(type === undefined ? [] : [`Expected has type:  ${type}`]),
        `Expected has value: ${value}`,
      ].join('\n');
    expect(failureOf(() => expect(events).toHaveStreamedEvents([] as never))).toBe(invalid('[]', 'array'));
    expect(failureOf(() => expect(events).toHaveStreamedEvents([42] as never))).toBe(invalid('[42]', 'array'));
    expect(failureOf(() => expect(events).toHaveStreamedEvents(['tool_called', 42] as never))).toBe(invalid('["tool_called", 42]', 'array'));
    expect(failureOf(() => expect(events).toHaveStreamedEvents([null] as never))).toBe(invalid('[null]', 'array'));
    expect(failureOf(() => expect(events).toHaveStreamedEvents(['tool_called', null] as never))).toBe(invalid('["tool_called", null]', 'array'));
    expect(failureOf(() => expect(events).toHaveStreamedEvents('tool_called' as never))).toBe(invalid('"tool_called"', 'string'));
    expect(failureOf(() => expect(events).not.toHaveStreamedEvents(undefined as never))).toBe(invalid('undefined').replace('expect(received).toHave', 'expect(received).not.toHave'));
  });

  test('a received value that is not an object, or an object streamEvents() did not consume, is a matcher error', async () => {
    const invalid = (value: string, type?: string, not = '') =>
      [
        `expect(received).${not}toHaveStreamedEvents(expected)`,
        '',
        'Matcher error: received value must be the events of streamEvents(result), or a streamed result it consumed',
        '',
        ...(type === undefined ? [] : [`Received has type:  ${type}`]),
        `Received has value: ${value}`,
      ].join('\n');
    expect(failureOf(() => expect(null).toHaveStreamedEvents(['tool_called']))).toBe(invalid('null'));
    expect(failureOf(() => expect('tool_called').not.toHaveStreamedEvents(['tool_called']))).toBe(invalid('"tool_called"', 'string', 'not.'));
    expect(failureOf(() => expect(42).toHaveStreamedEvents(['tool_called']))).toBe(invalid('42', 'number'));
    const unconsumed = await run(agentWith(model().replies('Hi.')), 'Hi', { stream: true });
    await unconsumed.completed;
    expect(failureOf(() => expect(unconsumed).toHaveStreamedEvents(['tool_called']))).toContain(
      'Matcher error: received value must be the events of streamEvents(result), or a streamed result it consumed',
    );
  });
});
