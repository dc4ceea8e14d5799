import { Agent, run } from '@openai/agents';
import { model } from 'agents-testkit';

test('every turn also streams', async () => {
  const agent = new Agent({ name: 'Streamer', model: model().replies('Hello there!') });

  const result = await run(agent, 'Hi', { stream: true });
  let text = '';
  for await (const chunk of result.toTextStream()) text += chunk;
  await result.completed;

  expect(text).toBe('Hello there!');
});

test('exact stream events, chunk by chunk', async () => {
  const agent = new Agent({
    name: 'Streamer',
    model: model().streams([
      { type: 'response_started' },
      { type: 'output_text_delta', delta: 'Hel' },
      { type: 'output_text_delta', delta: 'lo!' },
      {
        type: 'response_done',
        response: {
          id: 'resp_1',
          usage: { inputTokens: 3, outputTokens: 2, totalTokens: 5 },
          output: [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Hello!' }] }],
        },
      },
    ]),
  });

  const result = await run(agent, 'Hi', { stream: true });
  const deltas: string[] = [];
  for await (const chunk of result.toTextStream()) deltas.push(chunk);

  expect(deltas).toEqual(['Hel', 'lo!']);
  expect(result.finalOutput).toBe('Hello!');
});
