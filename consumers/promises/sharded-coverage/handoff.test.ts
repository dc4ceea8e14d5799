import { run, InputGuardrailTripwireTriggered } from '@openai/agents';
import { model } from 'agents-testkit';
import { graph, lookup } from './agents';

test('triage looks the order up and hands off to billing', async () => {
  const { triage, billing } = graph({ triage: 'gpt-5.4', billing: model().replies('Billing here.') });
  triage.model = model().calls(lookup, { id: 'A-1' }).thenHandsOffTo(billing);

  const result = await run(triage, 'Where is A-1?');

  expect(result.finalOutput).toBe('Billing here.');
});

test('the guardrail stops spam', async () => {
  const { triage } = graph({ triage: model({ verify: false }).replies('never') });

  await expect(run(triage, 'spam spam')).rejects.toBeInstanceOf(InputGuardrailTripwireTriggered);
});
