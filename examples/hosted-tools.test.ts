import { Agent, run, webSearchTool } from '@openai/agents';
import { model } from 'agents-testkit';

test('a web search the provider runs, then an answer', async () => {
  const agent = new Agent({
    name: 'Researcher',
    model: model()
      .searchesWeb('Oslo weather today', { sources: [{ url: 'https://weather.example/oslo', title: 'Oslo' }] })
      .thenReplies('Sunny in Oslo.'),
    tools: [webSearchTool()],
  });

  const result = await run(agent, 'Weather in Oslo?');

  expect(result.finalOutput).toBe('Sunny in Oslo.');
  expect(result).toHaveCalledTool(agent.tools[0]!, { action: { query: 'Oslo weather today' } });
});
