import { Agent, defineToolInputGuardrail, run, tool, ToolGuardrailFunctionOutputFactory } from '@openai/agents';
import { lifecycle, model } from 'agents-testkit';
import { z } from 'zod';

// Tools that fail, or never run, while the SDK carries on: behind the tool's own errorFunction, where
// only the run's end shows it, and behind a tool input guardrail. Each test marked "Must FAIL" must
// fail, naming the texts given; every other test must pass.

// ── The app's weather tool now throws, and its own errorFunction hands the model a polite text: the
// SDK goes on as if the tool had answered. The text says nothing of a failure; the kit still sees
// it. The last two tests of this part must pass.

const SORRY = 'The weather is unavailable just now.';

const politeWeather = tool({
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: z.object({ city: z.string() }),
  execute: async (): Promise<string> => {
    throw new Error('the weather service is down');
  },
  errorFunction: () => SORRY,
});

// Must FAIL, naming: expected calls(get_weather, {"city":"Oslo"}) to run the tool
// Must FAIL, naming: The weather is unavailable just now.
test('drift: the tool fails behind its errorFunction, and the script carries on', async () => {
  const agent = new Agent({ name: 'Weather', model: model().calls(politeWeather, { city: 'Oslo' }).thenReplies('Sunny in Oslo.'), tools: [politeWeather] });

  const result = await run(agent, 'Weather in Oslo?');

  expect(result.finalOutput).toBe('Sunny in Oslo.');
});

// Must FAIL, naming: the output of get_weather (call_1) as its run ended
test('drift: the same where the run stops at the tool', async () => {
  const agent = new Agent({ name: 'Weather', model: model().calls(politeWeather, { city: 'Oslo' }), tools: [politeWeather], toolUseBehavior: 'stop_on_first_tool' });

  await run(agent, 'Weather in Oslo?');
});

// Must FAIL, naming: the tool failed; its errorFunction wrote this text
test('drift: toHaveToolOutput(tool) on the failed call', async () => {
  const agent = new Agent({ name: 'Weather', model: model().calls(politeWeather, { city: 'Oslo' }, { toolFails: true }).thenReplies('No weather.'), tools: [politeWeather] });

  const result = await run(agent, 'Weather in Oslo?');

  expect(result).toHaveToolOutput(politeWeather);
});

// Must FAIL, naming: the tool failed; its errorFunction wrote this text
test('drift: toHaveToolOutput(tool) on the script whose call failed', async () => {
  const weather = model().calls(politeWeather, { city: 'Oslo' }, { toolFails: true }).thenReplies('No weather.');

  await run(new Agent({ name: 'Weather', model: weather, tools: [politeWeather] }), 'Weather in Oslo?');

  expect(weather).toHaveToolOutput(politeWeather);
});

// ── The app's weather tool now takes longer than its timeoutMs, and its own timeoutErrorFunction
// hands the model a polite text: the SDK goes on, and marks no span.

const SLOW = 'The weather service is slow today.';

const slowWeather = tool({
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: z.object({ city: z.string() }),
  execute: (_args, _context, details) => new Promise<string>((resolve) => details?.signal?.addEventListener('abort', () => resolve('too late'))),
  timeoutMs: 20,
  timeoutErrorFunction: () => SLOW,
});

// Must FAIL, naming: expected calls(get_weather, {"city":"Oslo"}) to run the tool
// Must FAIL, naming: The weather service is slow today.
test('drift: the tool times out behind its timeoutErrorFunction, and the script carries on', async () => {
  const agent = new Agent({ name: 'Weather', model: model().calls(slowWeather, { city: 'Oslo' }).thenReplies('Sunny in Oslo.'), tools: [slowWeather] });

  const result = await run(agent, 'Weather in Oslo?');

  expect(result.finalOutput).toBe('Sunny in Oslo.');
});

// Must FAIL, naming: the tool timed out; its timeoutErrorFunction wrote this text
test('drift: toHaveToolOutput(tool) on the call that timed out', async () => {
  const agent = new Agent({ name: 'Weather', model: model().calls(slowWeather, { city: 'Oslo' }, { toolFails: 'slow today' }).thenReplies('No weather.'), tools: [slowWeather] });

  const result = await run(agent, 'Weather in Oslo?');

  expect(result).toHaveToolOutput(slowWeather);
});

test('planned: a timeout by the text its timeoutErrorFunction gives', async () => {
  const agent = new Agent({ name: 'Weather', model: model().calls(slowWeather, { city: 'Oslo' }, { toolFails: 'slow today' }).thenReplies('No weather.'), tools: [slowWeather] });

  expect((await run(agent, 'Weather in Oslo?')).finalOutput).toBe('No weather.');
});

test('planned: { toolFails: true } and the errorFunction’s text', async () => {
  const agent = new Agent({ name: 'Weather', model: model().calls(politeWeather, { city: 'Oslo' }, { toolFails: true }).thenReplies('No weather.'), tools: [politeWeather] });

  const result = await run(agent, 'Weather in Oslo?');

  expect(result).toHaveToolOutput(politeWeather, SORRY);
  expect(result).not.toHaveToolOutput(politeWeather);
});

test('control: a working tool with an errorFunction', async () => {
  const working = tool({ name: 'get_weather', description: 'Current weather for a city', parameters: z.object({ city: z.string() }), execute: async ({ city }) => `Sunny in ${city}.`, errorFunction: () => SORRY });
  const agent = new Agent({ name: 'Weather', model: model().calls(working, { city: 'Oslo' }).thenReplies('Sunny in Oslo.'), tools: [working] });

  const result = await run(agent, 'Weather in Oslo?');

  expect(result).toHaveToolOutput(working, 'Sunny in Oslo.');
});

// ── A stale weather tool of the same name is merged into the agent's tools: the SDK offers the
// model the last one only, runs it for every call of get_weather, and goes on after a warning.

// Must FAIL, naming: a request of an agent that offers 2 tools named get_weather: expected one tool per name
test('drift: a stale tool of the same name answers the scripted call', async () => {
  const working = tool({ name: 'get_weather', description: 'Current weather for a city', parameters: z.object({ city: z.string() }), execute: async ({ city }) => `Sunny in ${city}.` });
  const stale = tool({ name: 'get_weather', description: 'Current weather for a city', parameters: z.object({ city: z.string() }), execute: async () => 'The weather service moved.' });
  const agent = new Agent({ name: 'Weather', model: model().calls(working, { city: 'Oslo' }).thenReplies('Sunny in Oslo.'), tools: [working, stale] });

  expect((await run(agent, 'Weather in Oslo?')).finalOutput).toBe('Sunny in Oslo.');
});

// ── The app's weather tool now throws, with no errorFunction. The SDK hands the model an error
// text instead of its output and goes on; here no later request of the same script carries that
// text (the run stops at the tool, hands off in the same turn, pauses for an approval), so only the
// run's end shows it. The last test of this part must pass.

const brokenWeather = tool({
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: z.object({ city: z.string() }),
  execute: async (): Promise<string> => {
    throw new Error('the weather service is down');
  },
});

const approvedRefund = tool({
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
  const agent = new Agent({ name: 'Weather', model: model().calls(brokenWeather, { city: 'Oslo' }), tools: [brokenWeather], toolUseBehavior: 'stop_on_first_tool' });

  const result = await run(agent, 'Weather in Oslo?');

  expect(result).toHaveCalledTool(brokenWeather, { city: 'Oslo' });
});

// Must FAIL, naming: the output of get_weather (call_1) as its run ended
test('drift: the same, streamed', async () => {
  const agent = new Agent({ name: 'Weather', model: model().calls(brokenWeather, { city: 'Oslo' }), tools: [brokenWeather], toolUseBehavior: 'stop_on_first_tool' });

  const result = await run(agent, 'Weather in Oslo?', { stream: true });
  for await (const _event of result);
  await result.completed;

  expect(result).toHaveCalledTool(brokenWeather, { city: 'Oslo' });
});

// Must FAIL, naming: the output of get_weather (call_1) as its run ended
test('drift: a turn calls the tool and hands off to an agent with its own script', async () => {
  const billing = new Agent({ name: 'Billing', model: model().replies('Billing here.') });
  const triage = new Agent({ name: 'Triage', model: model().turn((t) => t.calls(brokenWeather, { city: 'Oslo' }).handsOffTo(billing)), tools: [brokenWeather], handoffs: [billing] });

  const result = await run(triage, 'Weather, then billing.');

  expect(result).toHaveHandedOffTo(billing);
  expect(result.finalOutput).toBe('Billing here.');
});

// Must FAIL, naming: the output of get_weather (call_1) as its run ended
test('drift: the run pauses for an approval after the tool of the same turn failed', async () => {
  const agent = new Agent({ name: 'Support', model: model().turn((t) => t.calls(brokenWeather, { city: 'Oslo' }).calls(approvedRefund, { orderId: 'A-1' })), tools: [brokenWeather, approvedRefund] });

  const paused = await run(agent, 'Weather, and refund A-1.');

  expect(paused).toHaveRequestedApproval(approvedRefund, { orderId: 'A-1' });
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

// ── The app now guards its refund tool with a tool input guardrail that rejects the call. The SDK does
// not run the tool, hands the model the guardrail's message and goes on, so the scripted reply still
// comes: the test must fail anyway. A test that means the rejection plans it with its message.

const policy = defineToolInputGuardrail({
  name: 'refund_policy',
  run: async () => ToolGuardrailFunctionOutputFactory.rejectContent('Refunds need a supervisor.'),
});

function refundDesk() {
  const refunded: string[] = [];
  const refund = tool({
    name: 'refund',
    description: 'Refunds an order',
    parameters: z.object({ orderId: z.string() }),
    inputGuardrails: [policy],
    execute: async ({ orderId }) => {
      refunded.push(orderId);
      return `Refunded ${orderId}.`;
    },
  });
  return { refund, refunded };
}

// Must FAIL, naming: A tool input guardrail rejected the call
// Must FAIL, naming: "Refunds need a supervisor."
test('drift: a guardrail now keeps the refund tool from running', async () => {
  const { refund } = refundDesk();
  const agent = new Agent({ name: 'Support', model: model().calls(refund, { orderId: 'A-1' }).thenReplies('Your refund is on its way.'), tools: [refund] });

  const result = await run(agent, 'Refund A-1, please.');

  expect(result.finalOutput).toBe('Your refund is on its way.');
});

test('a rejection the script plans with its message passes', async () => {
  const { refund, refunded } = refundDesk();
  const script = model().calls(refund, { orderId: 'A-1' }, { toolFails: 'Refunds need a supervisor.' }).thenReplies('A supervisor must approve it.');

  const result = await run(new Agent({ name: 'Support', model: script, tools: [refund] }), 'Refund A-1, please.');

  expect(result.finalOutput).toBe('A supervisor must approve it.');
  expect(refunded).toEqual([]);
});

// Must FAIL, naming: rejected by a tool input guardrail
test('drift: a test that plans the rejection but also asserts the tool ran', async () => {
  const { refund } = refundDesk();
  const script = model().calls(refund, { orderId: 'A-1' }, { toolFails: 'Refunds need a supervisor.' }).thenReplies('A supervisor must approve it.');

  const result = await run(new Agent({ name: 'Support', model: script, tools: [refund] }), 'Refund A-1, please.');

  expect(result).toHaveCalledTool(refund, { orderId: 'A-1' });
});

// ── The app now guards its deploy tool: a tool input guardrail rejects the call, so the tool never
// runs and the model hears the guardrail's message. The SDK still starts and ends the call in its
// lifecycle events; a lifecycle() recorder must not count it as one that ran.

const noProd = defineToolInputGuardrail({ name: 'no_prod', run: async () => ToolGuardrailFunctionOutputFactory.rejectContent('Not on prod.') });

const deploy = tool({
  name: 'deploy',
  description: 'Deploys the app',
  parameters: z.object({ env: z.string() }),
  inputGuardrails: [noProd],
  execute: async ({ env }) => `Deployed to ${env}.`,
});

// Must FAIL, naming: rejected by a tool input guardrail
test('drift: a lifecycle recorder asserts the deploy ran, and a tool input guardrail rejected it', async () => {
  const agent = new Agent({ name: 'Ops', model: model().calls(deploy, { env: 'prod' }, { toolFails: 'Not on prod.' }).thenReplies('Deployed.'), tools: [deploy] });
  const life = lifecycle(agent);

  await run(agent, 'Deploy to prod.');

  expect(life).toHaveCalledTool(deploy, { env: 'prod' });
});

test('control: .not passes for the rejected call', async () => {
  const agent = new Agent({ name: 'Ops', model: model().calls(deploy, { env: 'prod' }, { toolFails: 'Not on prod.' }).thenReplies('Not deployed.'), tools: [deploy] });
  const life = lifecycle(agent);

  await run(agent, 'Deploy to prod.');

  expect(life).not.toHaveCalledTool(deploy);
});
