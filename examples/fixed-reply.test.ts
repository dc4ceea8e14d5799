import { Agent, run } from '@openai/agents';
import { model } from 'agents-testkit';

test('the agent answers with the scripted reply', async () => {
  const agent = new Agent({
    name: 'Geography tutor',
    instructions: 'Answer in one sentence.',
    model: model().replies('Paris is the capital of France.'),
  });

  const result = await run(agent, 'What is the capital of France?');

  expect(result.finalOutput).toBe('Paris is the capital of France.');
});
