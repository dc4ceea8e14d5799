import { describe, expect, getWeather, runCalling, test } from './support';

// Matchers compare through the runner's `equals` with the user's custom testers.
function sameCityAnyCase(a: unknown, b: unknown): boolean | undefined {
  if (typeof a === 'string' && typeof b === 'string') return a.toLowerCase() === b.toLowerCase();
  return undefined;
}
expect.addEqualityTesters([sameCityAnyCase]);

describe('custom equality testers', () => {
  test('apply to tool arguments', async () => {
    const result = await runCalling([getWeather, { city: 'Oslo' }]);
    expect(result).toHaveCalledTool(getWeather, { city: 'OSLO' });
    expect(result).toHaveNthCalledTool(1, getWeather, { city: 'oslo' });
    expect(result).not.toHaveCalledTool(getWeather, { city: 'Rome' });
  });
});
