// docs/sweeps.md, "Fault sweeps": a point whose run leaves an unhandled rejection breaks, with the table
// and the line that runs it alone; a reproduction line that names no point fails, naming the points.
import { sweep, SweepError } from 'agents-testkit';
import { body } from './orders';

// Must FAIL, naming: BROKE       model call 1 fails
// Must FAIL, naming: the error reporter is down
// Must FAIL, naming: Run the first on its own: sweep(body, { only: 'model call 1 fails' })
test('the app answers whatever fails, and leaves no error report unsettled', async () => {
  await sweep(body);
});

test('a rejection the sweep attributes to a point is the sweep\'s: the runner reports none of its own', async () => {
  const error = await sweep(body).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(SweepError);
  expect((error as SweepError).points.map((point) => `${point.outcome} ${point.name}`)).toEqual([
    'broke model call 1 fails',
    'broke model call 1 fails, retry advised',
    'held tool lookup_order throws on call 1',
    'broke model call 2 fails',
    'broke model call 2 fails, retry advised',
  ]);
});

// Must FAIL, naming: 'tool lookup_order throws on call 1'
// Must FAIL, naming: 'model call 1 fails'
test('a reproduction line with a typo fails, naming the points there are', async () => {
  await sweep(body, { only: 'tool lookup_ordr throws on call 1' });
});
