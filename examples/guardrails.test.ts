import { Agent, run, type InputGuardrail } from '@openai/agents';
import { model } from 'agents-testkit';

const noSecrets: InputGuardrail = {
  name: 'no_secrets',
  runInParallel: false, // checked before the model is called
  execute: async ({ input }) => ({ tripwireTriggered: JSON.stringify(input).includes('password'), outputInfo: {} }),
};

test('an input guardrail passes an ordinary question', async () => {
  const agent = new Agent({ name: 'Support', model: model().replies('Hello!'), inputGuardrails: [noSecrets] });

  const result = await run(agent, 'Hi');

  expect(result).toHavePassedGuardrail(noSecrets);
});

test('an input guardrail trips on a secret, and the model is never asked', async () => {
  const agent = new Agent({ name: 'Support', model: model(), inputGuardrails: [noSecrets] });

  await expect(run(agent, 'My password is hunter2')).rejects.toHaveTrippedGuardrail(noSecrets);
});
