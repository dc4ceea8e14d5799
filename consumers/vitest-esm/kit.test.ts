import { Agent, run } from '@openai/agents';
import { test } from 'agents-testkit/vitest';

// The `kit` fixture: each concurrent test's doubles are verified when that test ends.
test.concurrent.for(['Paris', 'Rome'])('the kit fixture serves concurrent tests (%s)', async (city, { kit, expect }) => {
  const script = kit.model().replies(`${city} it is.`);
  const agent = new Agent({ name: 'Guide', model: script });

  const result = await run(agent, `Where to? ${city}`);

  expect(result.finalOutput).toBe(`${city} it is.`);
  expect(script).toBeComplete();
});
