import { Agent, run, tool } from '@openai/agents';
import { model, MismatchError } from 'agents-testkit';
import { z } from 'zod';

const getWeather = tool({
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => `It is sunny in ${city}.`,
});

// These tests show drift on purpose, so their scripts opt out of the after-each check
// with { verify: false } and assert the failure themselves.

test('a tool the agent no longer offers fails the model call, naming what it offers', async () => {
  const script = model({ name: 'weather', verify: false }).calls('get_wether', { city: 'Tokyo' }).thenReplies('Sunny.');
  const agent = new Agent({ name: 'Weather', model: script, tools: [getWeather] });

  const error = await run(agent, 'Weather?').catch((caught: unknown) => caught);

  expect(error).toBeInstanceOf(MismatchError);
  expect((error as MismatchError).message).toContain('Did you mean "get_weather"?');
  expect(script).not.toBeComplete();
});

test('a workflow that stops early leaves turns unused', async () => {
  const script = model({ name: 'weather', verify: false })
    .calls(getWeather, { city: 'Tokyo' })
    .thenReplies('Sunny.')
    .thenReplies('A second answer nobody asks for.');
  const agent = new Agent({ name: 'Weather', model: script, tools: [getWeather] });

  await run(agent, 'Weather?');

  // Without { verify: false } the setup file would fail this test with the same message.
  expect(() => script.assertComplete()).toThrow('3. thenReplies("A second answer nobody asks for.")');
});
