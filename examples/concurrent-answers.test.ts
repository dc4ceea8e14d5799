import { Agent, run, type InputGuardrail } from '@openai/agents';
import { model } from 'agents-testkit';

test('parallel runs on one script: each question gets its answer, whatever order they come in', async () => {
  const script = model()
    .when('What is 2+2?', (t) => t.replies('4'))
    .when(/capital of France/, (t) => t.replies('Paris'));
  const agent = new Agent({ name: 'Quiz', model: script });

  const [sum, capital] = await Promise.all([run(agent, 'What is 2+2?'), run(agent, 'What is the capital of France?')]);

  expect([sum.finalOutput, capital.finalOutput]).toEqual(['4', 'Paris']);
});

test("a parallel input guardrail may trip before the agent's model is called", async () => {
  const blockAll: InputGuardrail = { name: 'block_all', execute: async () => ({ tripwireTriggered: true, outputInfo: {} }) };
  const agent = new Agent({ name: 'Guarded', model: model().replies('Too late.').optional(), inputGuardrails: [blockAll] });

  await expect(run(agent, 'Hi')).rejects.toHaveTrippedGuardrail(blockAll);
});
