import { describe, expect, failureOf, getWeather, lookupOrder, runCalling, test } from './support';

describe('toHaveCalledToolTimes', () => {
  test('counts the calls of one tool exactly', async () => {
    const result = await runCalling([getWeather, { city: 'Oslo' }], [lookupOrder, { orderId: 'A' }], [getWeather, { city: 'Rome' }]);
    expect(result).toHaveCalledToolTimes(getWeather, 2);
    expect(result).toHaveCalledToolTimes('lookup_order', 1);
    expect(result).toHaveCalledToolTimes('refund', 0);
    expect(result).not.toHaveCalledToolTimes(getWeather, 1);
  });

  test('failure marks the calls of the tool', async () => {
    const result = await runCalling([getWeather, { city: 'Oslo' }], [lookupOrder, { orderId: 'A' }]);
    expect(failureOf(() => expect(result).toHaveCalledToolTimes(getWeather, 2))).toMatchSnapshot();
  });

  test('.not failure', async () => {
    const result = await runCalling([getWeather, { city: 'Oslo' }]);
    expect(failureOf(() => expect(result).not.toHaveCalledToolTimes(getWeather, 1))).toMatchSnapshot();
  });

  test('a count that is not a non-negative integer is a matcher error', async () => {
    const result = await runCalling([getWeather, { city: 'Oslo' }]);
    expect(failureOf(() => expect(result).toHaveCalledToolTimes(getWeather, -1))).toMatchSnapshot();
    expect(failureOf(() => expect(result).toHaveCalledToolTimes(getWeather, '2' as never))).toContain('Count has type:  string');
  });

  test('a received value that is not a run is a matcher error', () => {
    expect(failureOf(() => expect([]).toHaveCalledToolTimes(getWeather, 1))).toContain('received value must be a RunResult');
  });
});
