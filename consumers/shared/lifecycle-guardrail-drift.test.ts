import { Agent, defineToolInputGuardrail, run, tool, ToolGuardrailFunctionOutputFactory } from '@openai/agents';
import { lifecycle, model } from 'agents-testkit';
import { z } from 'zod';

// The app now guards its deploy tool: a tool input guardrail rejects the call, so the tool never
// runs and the model hears the guardrail's message. The SDK still starts and ends the call in its
// lifecycle events; a lifecycle() recorder must not count it as one that ran.

const noProd = defineToolInputGuardrail({ name: 'no_prod', run: async () => ToolGuardrailFunctionOutputFactory.rejectContent('Not on prod.') });

const deploy = tool({
  name: 'deploy',
  description: 'Deploys the app',
  parameters: z.object({ env: z.string() }),
  inputGuardrails: [noProd],
  execute: async ({ env }) => `Deployed to ${env}.`,
});

// Must FAIL, naming: rejected by a tool input guardrail
test('drift: a lifecycle recorder asserts the deploy ran, and a tool input guardrail rejected it', async () => {
  const agent = new Agent({ name: 'Ops', model: model().calls(deploy, { env: 'prod' }, { toolFails: 'Not on prod.' }).thenReplies('Deployed.'), tools: [deploy] });
  const life = lifecycle(agent);

  await run(agent, 'Deploy to prod.');

  expect(life).toHaveCalledTool(deploy, { env: 'prod' });
});

test('control: .not passes for the rejected call', async () => {
  const agent = new Agent({ name: 'Ops', model: model().calls(deploy, { env: 'prod' }, { toolFails: 'Not on prod.' }).thenReplies('Not deployed.'), tools: [deploy] });
  const life = lifecycle(agent);

  await run(agent, 'Deploy to prod.');

  expect(life).not.toHaveCalledTool(deploy);
});
