import { Agent, run, tool } from '@openai/agents';
import { cassette } from 'agents-testkit';
import { z } from 'zod';

const getWeather = tool({
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => `It is sunny in ${city}.`,
});

// Replays examples/fixtures/weather.json; { model } is called only when recording. To record again:
//   AGENTS_TESTKIT_CASSETTE_MODE=record OPENAI_API_KEY=sk-… npx vitest run examples/record-replay.test.ts
const recorded = (options?: { verify?: boolean }) =>
  cassette('examples/fixtures/weather.json', { model: 'gpt-5.4-mini', ...options });

function weatherAgent(model: ReturnType<typeof recorded>, instructions = 'Answer in one sentence.') {
  return new Agent({ name: 'Weather', instructions, model, tools: [getWeather] });
}

test('the agent replays its recorded conversation', async () => {
  const result = await run(weatherAgent(recorded()), 'Weather in Tokyo?');

  expect(result).toHaveCalledTool(getWeather, { city: 'Tokyo' });
  expect(result.finalOutput).toBe('It is sunny in Tokyo today.');
});

test('a changed prompt fails the replay with a diff that names it', async () => {
  // This test drifts on purpose, so its cassette opts out of the after-each check.
  const agent = weatherAgent(recorded({ verify: false }), 'Answer in French.');

  await expect(run(agent, 'Weather in Tokyo?')).rejects.toThrow(
    'the system instructions changed: "Answer in one sentence." → "Answer in French."',
  );
});
