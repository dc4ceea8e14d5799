// The drifts of consumers/shared/tool-failures.test.ts and realtime.test.ts, in a module of the app
// that each test loads itself (`load()`: after `jest.resetModules()`, in `jest.isolateModules()`, or
// with `createRequire`; the scenario writes load.ts for the runner): the kit meets that copy of the
// SDK late, and must still hear what it swallows.
import { model, realtime } from 'agents-testkit';
import { load } from './load';

// Must FAIL, naming: expected calls(get_weather, {"city":"Oslo"}) to run the tool
// Must FAIL, naming: The weather is unavailable just now.
test('drift: the tool fails behind its errorFunction; the script was made after the load', async () => {
  const desk = load();
  const result = await desk.askPolite(model().calls('get_weather', { city: 'Oslo' }).thenReplies('Sunny in Oslo.'));
  expect(result.finalOutput).toBe('Sunny in Oslo.');
});

// Must FAIL, naming: expected calls(get_weather, {"city":"Oslo"}) to run the tool
// Must FAIL, naming: The weather is unavailable just now.
test('drift: the tool fails behind its errorFunction; the script was made before the load', async () => {
  const weather = model().calls('get_weather', { city: 'Oslo' }).thenReplies('Sunny in Oslo.');
  const result = await load().askPolite(weather);
  expect(result.finalOutput).toBe('Sunny in Oslo.');
});

// Must FAIL, naming: expected calls(get_weather, {"city":"Oslo"}) to run the tool
// Must FAIL, naming: The weather service is slow today.
test('drift: the tool times out behind its timeoutErrorFunction', async () => {
  const desk = load();
  const result = await desk.askSlow(model().calls('get_weather', { city: 'Oslo' }).thenReplies('Sunny in Oslo.'));
  expect(result.finalOutput).toBe('Sunny in Oslo.');
});

// Must FAIL, naming: the output of get_weather (call_1) as its run ended
test('drift: the run stops at the tool that failed', async () => {
  const desk = load();
  await desk.lookUp(model().calls('get_weather', { city: 'Oslo' }));
});

// Must FAIL, naming: the session reported the error Error: the moderation service is down
test('drift: an output guardrail throws, and the app only logs the session error', async () => {
  const rt = realtime().emitTextReply('Your refund is on its way.');
  const session = await load().startModeratedVoice(rt);
  await rt.settled();
  session.close();
});

test('control: a working tool, the script made before the load', async () => {
  const weather = model().calls('get_weather', { city: 'Oslo' }).thenReplies('Sunny in Oslo.');
  const result = await load().askWorking(weather);
  expect(result.finalOutput).toBe('Sunny in Oslo.');
  expect(weather).toBeComplete();
});
