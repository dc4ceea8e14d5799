// The steps a skipped test could have used are excused: a file-level script, a script made in a
// `beforeAll` of the skipped test's block, and one of a block around it. The file passes, and the
// kit prints what it left unverified.
import { run } from '@openai/agents';
import { model, type ModelScript } from 'agents-testkit';
import { support } from './agents';

const fileLevel = model({ name: 'file-level-script' }).replies('One.').thenReplies('Two.');

test('answers from the first turn of the file-level script', async () => {
  expect((await run(support(fileLevel), 'Hi')).finalOutput).toBe('One.');
});

describe('orders', () => {
  let hooked: ModelScript;
  beforeAll(() => {
    hooked = model({ name: 'made-in-beforeAll' }).replies('Shipped.').thenReplies('Delivered.');
  });
  const outer = model({ name: 'outer-block-script' }).replies('Open.').thenReplies('Closed.');

  test('answers from the first turns', async () => {
    expect((await run(support(hooked), 'Where?')).finalOutput).toBe('Shipped.');
    expect((await run(support(outer), 'Status?')).finalOutput).toBe('Open.');
  });

  describe('returns', () => {
    test.skip('would use the second turns, and the file-level script\'s', async () => {
      await run(support(hooked), 'And now?');
      await run(support(outer), 'Still?');
      await run(support(fileLevel), 'Hi again');
    });
  });
});
