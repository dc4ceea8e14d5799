// The app's agents live in a CommonJS module, which holds the SDK's CommonJS copy: the kit guards it
// and routes it as it does the copy the test file imports.
import { model, modelProvider } from 'agents-testkit';
// @ts-expect-error: the CommonJS module has no types
import helpdesk from './helpdesk.cjs';

test('a route the test installs answers the agent a CommonJS module of the app runs', async () => {
  modelProvider({ agents: { Helpdesk: model().replies('Answered by the script.') } }).install();

  expect(await helpdesk.answer('Hi')).toBe('Answered by the script.');
});

// Must FAIL, naming: Agent "Helpdesk" would call the real model "gpt-5.4-mini"
test('the agent of the CommonJS module is kept offline when no script answers it', async () => {
  await helpdesk.answer('Hi');
});
