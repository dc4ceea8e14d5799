import { Agent, run } from '@openai/agents';
import { model } from 'agents-testkit';

test('triage hands off to billing, which answers', async () => {
  // One script can serve both agents: turns are consumed in order, whoever asks.
  const script = model().handsOffTo('Billing').thenReplies('Your invoice is on its way.');
  const billing = new Agent({ name: 'Billing', instructions: 'Handle invoices.', model: script });
  const triage = new Agent({ name: 'Triage', model: script, handoffs: [billing] });

  const result = await run(triage, 'Where is my invoice?');

  expect(result).toHaveHandedOffTo(billing);
  expect(result.lastAgent?.name).toBe('Billing');
  expect(result.finalOutput).toBe('Your invoice is on its way.');
});
