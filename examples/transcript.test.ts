import { Agent, run, tool } from '@openai/agents';
import { model, transcript } from 'agents-testkit';
import { z } from 'zod';

const getWeather = tool({
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => `It is sunny in ${city}.`,
});

function weatherAgent() {
  const script = model().calls(getWeather, { city: 'Tokyo' }).thenReplies('It is sunny in Tokyo.');
  return new Agent({ name: 'Weather', model: script, tools: [getWeather] });
}

test('a run reads as a transcript', async () => {
  const result = await run(weatherAgent(), 'Weather in Tokyo?');

  expect(transcript(result)).toBe(
    [
      'user: Weather in Tokyo?',
      'Weather calls get_weather({"city":"Tokyo"}) #1',
      'get_weather #1 returned: It is sunny in Tokyo.',
      'Weather: It is sunny in Tokyo.',
      '(2 model calls)',
    ].join('\n'),
  );
});

test('a run snapshots as its transcript', async () => {
  // The setup file registers the serializer: no ids, no token counts, one line per event.
  expect(await run(weatherAgent(), 'Weather in Tokyo?')).toMatchSnapshot();
});
