// The app sets its own default model provider at module scope (the SDK's documented way): run()
// must use it, and routes a test installs still come first.
import { model, modelProvider } from 'agents-testkit';
import { answer } from './app';

test('run() answers through the provider the app set at module scope', async () => {
  expect(await answer('Hi')).toBe('Answered by the gateway (gpt-5.4-mini).');
});

test('a route the test installs still comes first', async () => {
  modelProvider({ agents: { Assistant: model().replies('Answered by the script.') } }).install();

  expect(await answer('Hi')).toBe('Answered by the script.');
});

test('the app\'s provider answers again once the route has ended', async () => {
  expect(await answer('Hi again')).toBe('Answered by the gateway (gpt-5.4-mini).');
});
