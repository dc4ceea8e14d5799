import { tool } from '@openai/agents';
import { model, ScriptError } from 'agents-testkit';
import { z } from 'zod';

// tsc checks this file against the installed package: tool arguments are typed from the zod
// schema, and the matchers are typed without decaying to `any`.

const getWeather = tool({
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => `It is sunny in ${city}.`,
});

export function typesOnly(result: Awaited<ReturnType<typeof import('@openai/agents').run>>): void {
  // @ts-expect-error a wrong type for a schema field
  model().calls(getWeather, { city: 42 });
  // @ts-expect-error a key the schema does not have
  expect(result).toHaveCalledTool(getWeather, { country: 'JP' });
  // @ts-expect-error an unknown matcher
  expect(result).toHaveCalledTol(getWeather);
  // @ts-expect-error an unknown matcher under .not
  expect(result).not.toBeCompleet();
}

test('arguments the types reject are rejected at run time too', () => {
  expect(() => model().calls(getWeather, 42 as never)).toThrow(ScriptError);
});
