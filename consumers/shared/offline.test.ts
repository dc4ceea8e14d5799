import { Agent, run } from '@openai/agents';
import { model, modelProvider } from 'agents-testkit';

// The offline guard in every set-up, whichever build of the SDK the test file loads (Jest's native
// ESM loads the kit's CommonJS setup entry but the SDK's ES module build). An agent whose model is
// a name must never reach the network; each "Must FAIL" test must fail, naming the text.

const billing = new Agent({ name: 'Billing', model: 'gpt-5.4-mini' });

// Must FAIL, naming: agents-testkit keeps tests offline
// Must FAIL, naming: Agent "Billing" would call the real model "gpt-5.4-mini"
test('offline: an agent with a model name and no script', async () => {
  const result = await run(billing, 'Is INV-1 paid?');

  expect(result.finalOutput).toBeDefined();
});

// Must FAIL, naming: agents-testkit keeps tests offline
test('offline: the app swallows the blocked run, the kit does not', async () => {
  const answer = await run(billing, 'Is INV-1 paid?').then(
    (result) => String(result.finalOutput),
    () => 'Sorry, try again later.',
  );

  expect(answer).toBe('Sorry, try again later.');
});

test('offline: a test routes run() to its scripts for itself', async () => {
  modelProvider({ agents: { Billing: model().replies('Invoice INV-1 is paid.') } }).install();

  const result = await run(billing, 'Is INV-1 paid?');

  expect(result.finalOutput).toBe('Invoice INV-1 is paid.');
});
