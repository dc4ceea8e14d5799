import {
  Agent,
  defineToolInputGuardrail,
  run,
  tool,
  ToolGuardrailFunctionOutputFactory,
  type InputGuardrail,
  type OutputGuardrail,
} from '@openai/agents';
import { model } from 'agents-testkit';
import { z } from 'zod';
import { describe, expect, failureOf, rejectionOf, test } from './support';

const noSecrets: InputGuardrail = {
  name: 'no_secrets',
  execute: async ({ input }) => ({ tripwireTriggered: JSON.stringify(input).includes('secret'), outputInfo: { reason: 'secret' } }),
};
const polite: OutputGuardrail = {
  name: 'polite',
  execute: async ({ agentOutput }) => ({ tripwireTriggered: String(agentOutput).includes('stupid'), outputInfo: {} }),
};
const noDelete = defineToolInputGuardrail({
  name: 'no_delete',
  run: async ({ toolCall }) =>
    toolCall.arguments.includes('prod') ? ToolGuardrailFunctionOutputFactory.rejectContent('Not on prod.') : ToolGuardrailFunctionOutputFactory.allow(),
});
const remove = tool({ name: 'remove', description: 'Removes', parameters: z.object({ id: z.string() }), inputGuardrails: [noDelete], execute: async () => 'removed' });

const guarded = (script: ReturnType<typeof model>) => new Agent({ name: 'Guarded', model: script, inputGuardrails: [noSecrets], outputGuardrails: [polite], tools: [remove] });

describe('toHaveTrippedGuardrail and toHavePassedGuardrail', () => {
  test('on a run whose guardrails passed', async () => {
    const result = await run(guarded(model().replies('Hello.')), 'Hi');
    expect(result).toHavePassedGuardrail(noSecrets);
    expect(result).toHavePassedGuardrail('polite');
    expect(result).not.toHaveTrippedGuardrail();
    expect(result).not.toHaveTrippedGuardrail(noSecrets);
    expect(failureOf(() => expect(result).toHaveTrippedGuardrail(noSecrets))).toMatchSnapshot();
  });

  test('on the tripwire error an input guardrail made the run reject with', async () => {
    const error = await rejectionOf(run(guarded(model({ verify: false }).replies('Hello.')), 'my secret is 42'));
    expect(error).toHaveTrippedGuardrail(noSecrets);
    expect(error).toHaveTrippedGuardrail();
    expect(error).not.toHaveTrippedGuardrail(polite);
    await expect(run(guarded(model({ verify: false }).replies('Hello.')), 'secret')).rejects.toHaveTrippedGuardrail('no_secrets');
  });

  test('an output guardrail', async () => {
    const error = await rejectionOf(run(guarded(model().replies('That is stupid.')), 'Hi'));
    expect(error).toHaveTrippedGuardrail(polite);
    expect(failureOf(() => expect(error).not.toHaveTrippedGuardrail(polite))).toContain('Received: "polite" tripped');
  });

  test('a tool guardrail that rejected content: the run goes on, the guardrail tripped', async () => {
    const result = await run(guarded(model().calls(remove, { id: 'prod-1' }).thenReplies('Could not.')), 'Remove prod-1');
    expect(result).toHaveTrippedGuardrail(noDelete);
    expect(result).not.toHavePassedGuardrail(noDelete);
    expect(failureOf(() => expect(result).toHavePassedGuardrail(noDelete))).toContain('tool input guardrail "no_delete": rejectContent: "Not on prod."');
  });

  test('a guardrail that did not run, and values of the wrong kind', async () => {
    const result = await run(new Agent({ name: 'Plain', model: model().replies('Hi.') }), 'Hi');
    expect(failureOf(() => expect(result).toHavePassedGuardrail(noSecrets))).toContain('Received: no guardrail named "no_secrets" ran');
    expect(failureOf(() => expect(result).toHaveTrippedGuardrail())).toContain('No guardrail ran in the run.');
    expect(failureOf(() => expect(result).toHavePassedGuardrail(42 as never))).toContain('Matcher error: guardrail value must be a guardrail or its name');
    expect(failureOf(() => expect(new Error('plain')).toHaveTrippedGuardrail())).toContain('a RunResult, or the tripwire error a run rejected with');
  });
});
