// What only Vitest has: the kit's `test` with its `kit` fixture, and `expectTypeOf`.
import { expectTypeOf } from 'vitest';
import { test, type Kit } from 'agents-testkit/vitest';
import type { ModelScript } from 'agents-testkit';
import { getWeather, result } from '../shared/fixtures';

test('the kit fixture is typed', ({ kit, expect }) => {
  expectTypeOf(kit).toEqualTypeOf<Kit>();
  expectTypeOf(kit.model()).toEqualTypeOf<ModelScript>();
  kit.model({ name: 'weather', verify: false }).calls(getWeather, { city: 'Tokyo' });
  // @ts-expect-error the fixture's script is typed like model()'s
  kit.model().calls(getWeather, { city: 42 });
  // The test context's `expect` has the kit's matchers too
  expect(result).toHaveCalledTool(getWeather, { city: 'Tokyo' });
  // @ts-expect-error an unknown matcher on the context's expect
  expect(result).toHaveCalledTol(getWeather);
});

test.concurrent.for(['Paris', 'Rome'])('concurrent tests get their own kit (%s)', (city, { kit }) => {
  expectTypeOf(city).toEqualTypeOf<string>();
  expectTypeOf(kit.verify).toEqualTypeOf<() => void>();
});

// Vitest's `.resolves` types (`Promisify`) infer each matcher's parameters from its signature,
// which erases a generic tool parameter: there, arguments fall back to a loose record.
// Unknown matchers are still rejected (test-d/shared/matchers.test-d.ts).
