// A guardrail given to a matcher as an object is that object: another agent's guardrail of the
// same name does not satisfy the matcher. A name (a string) still matches by name.
import { Agent, run, type InputGuardrail, type OutputGuardrail } from '@openai/agents';
import { model } from 'agents-testkit';

/** Each agent defines its own guardrail; both are called no_secrets. */
const noSecrets = (owner: string): InputGuardrail => ({
  name: 'no_secrets',
  runInParallel: false,
  execute: async ({ input }) => ({ tripwireTriggered: JSON.stringify(input).includes('password'), outputInfo: { owner } }),
});
const polite = (owner: string): OutputGuardrail => ({
  name: 'polite',
  execute: async ({ agentOutput }) => ({ tripwireTriggered: String(agentOutput).includes('stupid'), outputInfo: { owner } }),
});

const supportNoSecrets = noSecrets('Support');
const supportPolite = polite('Support');
// The Billing agent of the same app guards itself with guardrails of the same names.
const billingNoSecrets = noSecrets('Billing');
const billingPolite = polite('Billing');

const support = (script: ReturnType<typeof model>) =>
  new Agent({ name: 'Support', model: script, inputGuardrails: [supportNoSecrets], outputGuardrails: [supportPolite] });

test('the guardrail objects that ran pass, by object and by name; the same-named ones of another agent do not', async () => {
  const result = await run(support(model().replies('Hello!')), 'Hi');

  expect(result).toHavePassedGuardrail(supportNoSecrets);
  expect(result).toHavePassedGuardrail('no_secrets');
  expect(result).toHavePassedGuardrail(supportPolite);
  expect(result).not.toHavePassedGuardrail(billingNoSecrets);
  expect(result).not.toHavePassedGuardrail(billingPolite);
  expect(result).not.toHaveTrippedGuardrail(billingNoSecrets);
});

test('.not on the guardrail that ran fails, and says what ran', async () => {
  const result = await run(support(model().replies('Hello!')), 'Hi');

  expect(() => expect(result).not.toHavePassedGuardrail(supportNoSecrets)).toThrow('Received: it ran once and passed');
});

// Must FAIL, naming: Received: another guardrail named "no_secrets" ran (the one of agent "Support"), not this guardrail object
test("another agent's input guardrail of the same name does not satisfy toHavePassedGuardrail", async () => {
  const result = await run(support(model().replies('Hello!')), 'Hi');

  expect(result).toHavePassedGuardrail(billingNoSecrets);
});

// Must FAIL, naming: Received: another guardrail named "polite" ran (the one of agent "Support"), not this guardrail object
test("another agent's output guardrail of the same name does not satisfy toHavePassedGuardrail", async () => {
  const result = await run(support(model().replies('Hello!')), 'Hi');

  expect(result).toHavePassedGuardrail(billingPolite);
});

test('the tripwire error: the guardrail object that tripped, by object and by name, not the same-named one of another agent', async () => {
  await expect(run(support(model()), 'My password is hunter2')).rejects.toHaveTrippedGuardrail(supportNoSecrets);
  await expect(run(support(model()), 'My password is hunter2')).rejects.toHaveTrippedGuardrail('no_secrets');
  await expect(run(support(model()), 'My password is hunter2')).rejects.not.toHaveTrippedGuardrail(billingNoSecrets);
});

// Must FAIL, naming: Received: another guardrail named "no_secrets" ran (the one of agent "Support"), not this guardrail object
test("another agent's guardrail of the same name does not satisfy toHaveTrippedGuardrail on the tripwire error", async () => {
  await expect(run(support(model()), 'My password is hunter2')).rejects.toHaveTrippedGuardrail(billingNoSecrets);
});

// Must FAIL, naming: Received: another guardrail named "polite" ran (the one of agent "Support"), not this guardrail object
test("another agent's output guardrail of the same name does not satisfy toHaveTrippedGuardrail", async () => {
  await expect(run(support(model().replies('That is stupid.')), 'Hi')).rejects.toHaveTrippedGuardrail(billingPolite);
});
