// A skipped test excuses the steps of the doubles it could have used: those made in its own
// describe block or around it. The "billing" block has no skipped test, so its script's unused
// step fails the file; the "support" block skips a test that could have used its second turn.
// File must FAIL, naming: model("billing-script") was not complete when the test file ended
import { run } from '@openai/agents';
import { model } from 'agents-testkit';
import { support } from './agents';

describe('billing', () => {
  const billing = model({ name: 'billing-script' }).replies('Paid.').thenReplies('Unused.');

  test('answers from the first turn of its block\'s script', async () => {
    expect((await run(support(billing), 'Is it paid?')).finalOutput).toBe('Paid.');
  });
});

describe('support', () => {
  const shared = model({ name: 'support-script' }).replies('Hello.').thenReplies('Goodbye.');

  test('answers from the first turn of its block\'s script', async () => {
    expect((await run(support(shared), 'Hi')).finalOutput).toBe('Hello.');
  });

  describe('later', () => {
    test.skip('would answer from the second turn', async () => {
      await run(support(shared), 'Bye');
    });
  });
});
