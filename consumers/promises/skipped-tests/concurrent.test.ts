// A double a test made belongs to that test, also under test.concurrent: a skipped test elsewhere
// in the file could not have used it.
// File must FAIL, naming: model("made-by-a-concurrent-test") was not complete when the test file ended
import { run } from '@openai/agents';
import { model } from 'agents-testkit';
import { support } from './agents';

test.concurrent('answers, leaving a step of its own script', async () => {
  const own = model({ name: 'made-by-a-concurrent-test' }).replies('Hi.').thenReplies('Unused.');
  expect((await run(support(own), 'Hi')).finalOutput).toBe('Hi.');
});

test.concurrent('answers from a script of its own', async () => {
  const own = model().replies('Hello.');
  expect((await run(support(own), 'Hello')).finalOutput).toBe('Hello.');
});

test.skip('an unrelated test, skipped', () => undefined);
