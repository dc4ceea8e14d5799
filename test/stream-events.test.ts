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

  test('deltas must join to the reply', () => {
    const error = thrownBy(() => model().replies('Hello', { deltas: ['Hel', 'p'] })) as ScriptError;
    expect(error).toMatchObject({ reason: 'invalid_option', stepIndex: 0 });
    expect(error.message).toBe('model() step 1, replies(): the deltas join to "Help", not to the reply "Hello".');
    expect(thrownBy(() => model().replies('Hello', { deltas: [] }))).toMatchObject({ reason: 'invalid_option' });
  });

  test('values of the wrong kind are matcher errors', async () => {
    const { events } = await handoffRun();
    expect(failureOf(() => expect(events).toHaveStreamedEvents([] as never))).toContain('a non-empty array of event names or partial events');
    expect(failureOf(() => expect({}).toHaveStreamedEvents(['tool_called']))).toContain('the events of streamEvents(result)');
    await expect(streamEvents({} as never)).rejects.toThrow('streamEvents() takes a streamed run result');
  });
});
