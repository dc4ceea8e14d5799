// The kit's setup entry loaded by a setup file of the user's own (listed in the runner's config
// instead of the kit's entry): the kit is installed as if the config listed it.
import { Agent, run } from '@openai/agents';
import { model } from 'agents-testkit';

test("a script answers through the kit the user's setup file loads", async () => {
  expect(process.env.APP_MODE).toBe('test');
  const helper = new Agent({ name: 'Helper', model: model().replies('Hello.') });

  expect((await run(helper, 'Hi')).finalOutput).toBe('Hello.');
});

// Must FAIL, naming: was not complete when the test ended
test('a step no run used still fails its test: the kit verifies the doubles', async () => {
  model().replies('Never asked for.');
});
