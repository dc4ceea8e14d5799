import { run, tool } from '@openai/agents';
import { model } from 'agents-testkit';
import { z } from 'zod';

// scripts/matrix.mjs type-checks this file with tsc: every line marked "Must NOT compile" must be
// a type error, and no other line may be one. A misspelled matcher that compiles means the
// matchers decayed to `any`; a correct one that does not means the kit's types did not load.

const getWeather = tool({
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => `It is sunny in ${city}.`,
});

export async function typesOnly(result: Awaited<ReturnType<typeof run>>): Promise<void> {
  const script = model().calls(getWeather, { city: 'Tokyo' });
  expect(result).toHaveCalledTool(getWeather, { city: 'Tokyo' });
  expect(result).not.toHaveHandedOffTo('Billing');
  expect(script).toBeComplete();
  await expect(Promise.resolve(result)).resolves.toHaveCalledToolTimes(getWeather, 1);
  expect(result).toHaveCalledTol(getWeather); // Must NOT compile
  expect(script).not.toBeCompleet(); // Must NOT compile
  expect(result).toHaveCalledTool(getWeather, { country: 'JP' }); // Must NOT compile
  model().calls(getWeather, { city: 42 }); // Must NOT compile
}
