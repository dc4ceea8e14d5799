// The app imported inside the test after `vi.resetModules()`, with the SDK inlined: Vitest evaluates
// the SDK afresh, a copy the kit meets only when the script is called.
import { vi } from 'vitest';
import { model } from 'agents-testkit';

// Must FAIL, naming: expected calls(get_weather, {"city":"Oslo"}) to run the tool
// Must FAIL, naming: The weather is unavailable just now.
test('drift: the tool fails behind its errorFunction, in an app imported after vi.resetModules()', async () => {
  vi.resetModules();
  const { askPolite } = await import('./weather');

  const result = await askPolite(model().calls('get_weather', { city: 'Oslo' }).thenReplies('Sunny in Oslo.'));

  expect(result.finalOutput).toBe('Sunny in Oslo.');
});
