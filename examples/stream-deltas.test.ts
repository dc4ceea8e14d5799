import { Agent, run } from '@openai/agents';
import { model, streamEvents } from 'agents-testkit';

test('a reply streams in the pieces users see, matched as whole events', async () => {
  const agent = new Agent({ name: 'Greeter', model: model().replies('Hello!', { deltas: ['Hel', 'lo!'] }) });

  const events = await streamEvents(await run(agent, 'Hi', { stream: true }));

  // A partial event is matched against the whole event: a model event's fields go under `data`.
  expect(events).toHaveStreamedEvents([
    { type: 'raw_model_stream_event', data: { type: 'output_text_delta', delta: 'Hel' } },
    { type: 'raw_model_stream_event', data: { type: 'output_text_delta', delta: 'lo!' } },
  ]);
});
