import { describe, expect, failureOf, getWeather, lookupOrder, runCalling, test } from './support';

describe('toHaveNthCalledTool', () => {
  test('checks the n-th tool call, counting from 1', async () => {
    const result = await runCalling([getWeather, { city: 'Oslo' }], [lookupOrder, { orderId: 'A' }]);
    expect(result).toHaveNthCalledTool(1, getWeather, { city: 'Oslo' });
    expect(result).toHaveNthCalledTool(2, 'lookup_order');
    expect(result).toHaveNthCalledTool(2, lookupOrder, { orderId: expect.any(String) });
    expect(result).not.toHaveNthCalledTool(1, lookupOrder);
    expect(result).not.toHaveNthCalledTool(1, getWeather, { city: 'Rome' });
    expect(result).not.toHaveNthCalledTool(3, getWeather);
  });

  test('failure names the call that came instead', async () => {
    const result = await runCalling([getWeather, { city: 'Oslo' }], [lookupOrder, { orderId: 'A' }]);
    expect(failureOf(() => expect(result).toHaveNthCalledTool(2, getWeather))).toMatchSnapshot();
  });

  test('failure with the right tool shows the argument diff', async () => {
    const result = await runCalling([getWeather, { city: 'Oslo' }]);
    expect(failureOf(() => expect(result).toHaveNthCalledTool(1, getWeather, { city: 'Rome' }))).toMatchSnapshot();
  });

  test('failure past the last call says how many there were', async () => {
    const result = await runCalling([getWeather, { city: 'Oslo' }]);
    expect(failureOf(() => expect(result).toHaveNthCalledTool(3, getWeather))).toMatchSnapshot();
  });

  test('.not failure', async () => {
    const result = await runCalling([getWeather, { city: 'Oslo' }]);
    expect(failureOf(() => expect(result).not.toHaveNthCalledTool(1, getWeather))).toMatchSnapshot();
  });

  test('n must be a positive integer', async () => {
    const result = await runCalling([getWeather, { city: 'Oslo' }]);
    expect(failureOf(() => expect(result).toHaveNthCalledTool(0, getWeather))).toMatchSnapshot();
  });
});
