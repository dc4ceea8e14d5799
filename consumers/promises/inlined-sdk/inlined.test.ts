// The drifts of consumers/shared/tool-failures.test.ts and realtime.test.ts, with the SDK inlined by
// Vitest (`server.deps.inline`): the test file and the app hold a copy of the SDK of their own, which
// the kit, imported by Node, does not.
import { model, realtime } from 'agents-testkit';
import { askPolite, askSlow, chat, lookUp, startModeratedVoice } from './weather';

// Must FAIL, naming: expected calls(get_weather, {"city":"Oslo"}) to run the tool
// Must FAIL, naming: The weather is unavailable just now.
test('drift: the tool fails behind its errorFunction', async () => {
  const result = await askPolite(model().calls('get_weather', { city: 'Oslo' }).thenReplies('Sunny in Oslo.'));
  expect(result.finalOutput).toBe('Sunny in Oslo.');
});

// Must FAIL, naming: expected calls(get_weather, {"city":"Oslo"}) to run the tool
// Must FAIL, naming: The weather service is slow today.
test('drift: the tool times out behind its timeoutErrorFunction', async () => {
  const result = await askSlow(model().calls('get_weather', { city: 'Oslo' }).thenReplies('Sunny in Oslo.'));
  expect(result.finalOutput).toBe('Sunny in Oslo.');
});

// Must FAIL, naming: the output of get_weather (call_1) as its run ended
test('drift: the run stops at the tool that failed', async () => {
  await lookUp(model().calls('get_weather', { city: 'Oslo' }));
});

// Must FAIL, naming: the session reported the error Error: the moderation service is down
test('drift: an output guardrail throws, and the app only logs the session error', async () => {
  const rt = realtime().emitTextReply('Your refund is on its way.');
  const session = await startModeratedVoice(rt);
  await rt.settled();
  session.close();
});

// Must FAIL, naming: Agent "Chat" would call the real model "gpt-5.4-mini"
test('drift: an agent no script answers is kept offline', async () => {
  await chat();
});

test('control: a failure the script plans', async () => {
  const weather = model().calls('get_weather', { city: 'Oslo' }, { toolFails: true }).thenReplies('No weather today.');
  expect((await askPolite(weather)).finalOutput).toBe('No weather today.');
});
