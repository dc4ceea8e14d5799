// What only the `jest` globals have: the global `expect`, typed through the `jest` namespace.
import { getWeather, result } from '../shared/fixtures';

const pending = Promise.resolve(result);

// @ts-expect-error a wrong type under .resolves: Jest's types keep the tool's arguments
void expect(pending).resolves.toHaveCalledTool(getWeather, { city: 42 });
// @ts-expect-error under .resolves.not too
void expect(pending).resolves.not.toHaveNthCalledTool(1, getWeather, { unit: 'kelvin' });

test('the global test function takes async tests', async () => {
  await expect(pending).resolves.toHaveCalledTool(getWeather, { city: 'Tokyo' });
  expect(result).toBeComplete();
});
