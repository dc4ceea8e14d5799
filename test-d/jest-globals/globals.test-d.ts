// What only `@jest/globals` has: imported `expect`, whose asymmetric matchers are objects, not `any`.
import { expect, test } from '@jest/globals';
import { getWeather, result } from '../shared/fixtures';

const pending = Promise.resolve(result);

// @ts-expect-error a wrong type under .resolves: Jest's types keep the tool's arguments
void expect(pending).resolves.toHaveCalledTool(getWeather, { city: 42 });
// @ts-expect-error under .resolves.not too
void expect(pending).resolves.not.toHaveNthCalledTool(1, getWeather, { unit: 'kelvin' });

// @ts-expect-error no globals: `expect` must be imported
globalThis.expect;

test('asymmetric matchers fit where schema values go', async () => {
  expect(result).toHaveCalledTool(getWeather, { city: expect.any(String), days: expect.arrayContaining([1]) });
  await expect(pending).resolves.toHaveCalledTool(getWeather, { city: expect.stringMatching(/^T/) });
});
