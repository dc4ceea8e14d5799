// A second file importing the app: under Vitest's `isolate: false` the app's module does not run
// again for it, and its provider must still answer.
import { model, modelProvider } from 'agents-testkit';
import { answer } from './app';

test('another file that imports the app: run() still answers through its provider', async () => {
  expect(await answer('Hi')).toBe('Answered by the gateway (gpt-5.4-mini).');
});

test('another file: a route still comes first', async () => {
  modelProvider({ agents: { Assistant: model().replies('Answered by the script.') } }).install();

  expect(await answer('Hi')).toBe('Answered by the script.');
});

test('another file: the app\'s provider answers again', async () => {
  expect(await answer('Hi again')).toBe('Answered by the gateway (gpt-5.4-mini).');
});
