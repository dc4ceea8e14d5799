import { Agent, run, tool } from '@openai/agents';
import { model } from 'agents-testkit';
import { z } from 'zod';

// The app's weather tool now throws. The SDK hands the model an error text instead of its output
// and goes on; here no later request of the same script carries that text (the run stops at the
// tool, hands off in the same turn, pauses for an approval), so only the run's end shows it. Each
// test marked "Must FAIL" must fail, naming the text given; the last one must pass.

const getWeather = tool({
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: z.object({ city: z.string() }),
  execute: async (): Promise<string> => {
    throw new Error('the weather service is down');
  },
});

const refund = tool({
  name: 'refund',
  description: 'Refunds an order',
  parameters: z.object({ orderId: z.string() }),
  needsApproval: true,
  execute: async ({ orderId }) => `Refunded ${orderId}.`,
});

const getTime = tool({
  name: 'get_time',
  description: 'The time in a city',
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => `Noon in ${city}.`,
});

// Must FAIL, naming: the output of get_weather (call_1) as its run ended
// Must FAIL, naming: An error occurred while running the tool
test('drift: the run stops at the tool, which now fails', async () => {
  const agent = new Agent({ name: 'Weather', model: model().calls(getWeather, { city: 'Oslo' }), tools: [getWeather], toolUseBehavior: 'stop_on_first_tool' });

  const result = await run(agent, 'Weather in Oslo?');

  expect(result).toHaveCalledTool(getWeather, { city: 'Oslo' });
});

// Must FAIL, naming: the output of get_weather (call_1) as its run ended
test('drift: the same, streamed', async () => {
  const agent = new Agent({ name: 'Weather', model: model().calls(getWeather, { city: 'Oslo' }), tools: [getWeather], toolUseBehavior: 'stop_on_first_tool' });

  const result = await run(agent, 'Weather in Oslo?', { stream: true });
  for await (const _event of result);
  await result.completed;

  expect(result).toHaveCalledTool(getWeather, { city: 'Oslo' });
});

// Must FAIL, naming: the output of get_weather (call_1) as its run ended
test('drift: a turn calls the tool and hands off to an agent with its own script', async () => {
  const billing = new Agent({ name: 'Billing', model: model().replies('Billing here.') });
  const triage = new Agent({ name: 'Triage', model: model().turn((t) => t.calls(getWeather, { city: 'Oslo' }).handsOffTo(billing)), tools: [getWeather], handoffs: [billing] });

  const result = await run(triage, 'Weather, then billing.');

  expect(result).toHaveHandedOffTo(billing);
  expect(result.finalOutput).toBe('Billing here.');
});

// Must FAIL, naming: the output of get_weather (call_1) as its run ended
test('drift: the run pauses for an approval after the tool of the same turn failed', async () => {
  const agent = new Agent({ name: 'Support', model: model().turn((t) => t.calls(getWeather, { city: 'Oslo' }).calls(refund, { orderId: 'A-1' })), tools: [getWeather, refund] });

  const paused = await run(agent, 'Weather, and refund A-1.');

  expect(paused).toHaveRequestedApproval(refund, { orderId: 'A-1' });
});

// Must FAIL, naming: the output of charge (call_1) as its run ended
test('drift: the charge the user approves now fails in the resumed run, which stops at the tool', async () => {
  const charge = tool({
    name: 'charge',
    description: 'Charges a card',
    parameters: z.object({ amount: z.number() }),
    needsApproval: true,
    execute: async (): Promise<string> => {
      throw new Error('the payment service is down');
    },
  });
  const agent = new Agent({ name: 'Billing', model: model().calls(charge, { amount: 20 }), tools: [charge], toolUseBehavior: 'stop_on_first_tool' });

  const paused = await run(agent, 'Charge 20.');
  paused.state.approve(paused.interruptions[0]!);
  await run(agent, paused.state);
});

// Must FAIL, naming: expected calls(get_time, {"city":"Oslo"}, { toolFails: true }) to fail
test('drift: a call planned to fail now runs, and the run stops there', async () => {
  const agent = new Agent({ name: 'Clock', model: model().calls(getTime, { city: 'Oslo' }, { toolFails: true }), tools: [getTime], toolUseBehavior: 'stop_on_first_tool' });

  await run(agent, 'Time in Oslo?');
});

test('a tool that runs, and the run stops there: the test passes', async () => {
  const agent = new Agent({ name: 'Clock', model: model().calls(getTime, { city: 'Oslo' }), tools: [getTime], toolUseBehavior: 'stop_on_first_tool' });

  const result = await run(agent, 'Time in Oslo?');

  expect(result.finalOutput).toBe('Noon in Oslo.');
});
