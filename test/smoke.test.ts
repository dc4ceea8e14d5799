import { run } from '@openai/agents';
import { model } from 'agents-testkit';
import { agentWith, expect, getWeather, test } from './support';

test('tool loop', async () => {
  const m = model().calls(getWeather, { city: 'Tokyo' }).thenReplies('Sunny.');
  const result = await run(agentWith(m), 'Weather?');
  expect(result.finalOutput).toBe('Sunny.');
  expect(result).toHaveCalledTool(getWeather, { city: 'Tokyo' });
  expect(m).toBeComplete();
});
