import { Agent, run, tool } from '@openai/agents';
import { cassette, type CassetteOptions } from 'agents-testkit';
import { z } from 'zod';

const getWeather = tool({
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => `It is sunny in ${city}.`,
});

// examples/fixtures/weather.json keeps one recorded conversation per test, named after the test;
// { model } is called only when recording. To record again:
//   AGENTS_TESTKIT_CASSETTE_MODE=record OPENAI_API_KEY=sk-… npx vitest run examples/record-replay.test.ts
const recorded = (options?: CassetteOptions) =>
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
  // This test drifts on purpose: it always replays the first test's conversation (also when the
  // other tests record), and its cassette opts out of the after-each check.
  const replay = recorded({ mode: 'replay', conversation: 'the agent replays its recorded conversation', verify: false });

  await expect(run(weatherAgent(replay, 'Answer in French.'), 'Weather in Tokyo?')).rejects.toThrow(
    'the system instructions changed: "Answer in one sentence." → "Answer in French."',
  );
});
