// A `.todo` has no body: it could not have used a step of any script, so it excuses none.
// File must FAIL, naming: model("shared-beside-a-todo") was not complete when the test file ended
import { run } from '@openai/agents';
import { model } from 'agents-testkit';
import { support } from './agents';

const shared = model({ name: 'shared-beside-a-todo' }).replies('One.').thenReplies('Two.');

test('answers once, leaving the second turn of a shared script', async () => {
  expect((await run(support(shared), 'Hi')).finalOutput).toBe('One.');
});

test.todo('a test still to write');
