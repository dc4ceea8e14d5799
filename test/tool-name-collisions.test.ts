// Two tools of one name on one agent: the SDK exposes the last, runs it for every call of that name,
// and goes on after a console warning. The script that serves the run records the collision.
import { Agent, run, tool } from '@openai/agents';
import { z } from 'zod';
import { model } from 'agents-testkit';
import { expect, recorded, test, warningsDuring } from './support';

const weather = (answer: string) => tool({ name: 'get_weather', description: 'Weather', parameters: z.object({ city: z.string() }), execute: async () => answer });
const live = weather('Sunny in Oslo.');
const stale = weather('The weather service moved.');

/** Runs quietly: the SDK's own warning is not what these tests read. */
const quietly = async <T>(body: () => Promise<T>): Promise<T> => {
  let result: T | undefined;
  await warningsDuring(async () => {
    result = await body();
  });
  return result as T;
};

test('a stale tool of the same name answers the scripted call: the script records the collision once', async () => {
  const script = model({ verify: false }).calls(live, { city: 'Oslo' }).thenReplies('Sunny in Oslo.');

  const result = await quietly(() => run(new Agent({ name: 'Weather', model: script, tools: [live, stale] }), 'Weather?'));

  expect(result.finalOutput).toBe('Sunny in Oslo.');
  expect(recorded(script).map((mismatch) => [mismatch.kind, mismatch.message.split('\n')[0]])).toEqual([
    [
      'tool_name_collision',
      'model() for agent "Weather" call #1, a request of an agent that offers 2 tools named get_weather: expected one tool per name. ' +
        'The SDK exposes only the last of them, runs it for every call of get_weather, and only warns of the collision (toolNameCollisionPolicy "warn"). ' +
        "Give each tool a name of its own (an MCP server's tools: its tool filter, or a tool name prefix), or run with toolNameCollisionPolicy: 'error'.",
    ],
  ]);
});

test('tools of names of their own: nothing recorded', async () => {
  const wind = tool({ name: 'get_wind', description: 'Wind', parameters: z.object({}), execute: async () => 'Calm.' });
  const script = model().calls(live, { city: 'Oslo' }).thenReplies('Sunny and calm.');

  const result = await run(new Agent({ name: 'Weather', model: script, tools: [live, wind] }), 'Weather?');

  expect(result.finalOutput).toBe('Sunny and calm.');
  expect(recorded(script)).toEqual([]);
});
