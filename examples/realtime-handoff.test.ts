import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import { realtime } from 'agents-testkit';

test('triage hands the caller over to billing', async () => {
  const billing = new RealtimeAgent({ name: 'Billing', instructions: 'Handle invoices.' });
  const triage = new RealtimeAgent({ name: 'Triage', instructions: 'Route callers.', handoffs: [billing] });
  const rt = realtime()
    .emitHandoff(billing) // the model calls the SDK's transfer_to_Billing tool
    .expectHandoff(billing); // the session switches its config to Billing, then confirms the transfer
  const session = new RealtimeSession(triage, { transport: rt });

  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(session.currentAgent).toBe(billing);
  expect(rt).toHaveSentRealtime('updateSessionConfig', { config: { instructions: 'Handle invoices.' } });
});
