import { Agent, run } from '@openai/agents';
import { model, streamEvents } from 'agents-testkit';

test('a streamed handoff happens in the order users see it', async () => {
  const billing = new Agent({ name: 'Billing', model: model().replies('Billing here.', { deltas: ['Billing', ' here.'] }) });
  const triage = new Agent({ name: 'Triage', model: model().handsOffTo(billing), handoffs: [billing] });

  const events = await streamEvents(await run(triage, 'Invoice?', { stream: true }));

  expect(events).toHaveStreamedEvents(['handoff_requested', 'handoff_occurred', 'agent_updated_stream_event', 'output_text_delta', 'output_text_delta']);
});
