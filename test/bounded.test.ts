import { bounded } from '../src/fakes/core/bounded';
import { describe, expect, rejectionOf, test } from './support';

// Every wait of a responder is bounded, and a wait that ended never reports a timeout afterwards.

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('bounded()', () => {
  test('work that settles in time gives its value or its error, and the timeout never fires afterwards', async () => {
    let timeouts = 0;
    const onTimeout = () => {
      timeouts += 1;
      return new Error('timed out');
    };
    expect(await bounded(Promise.resolve('done'), 20, onTimeout)).toBe('done');
    expect((await rejectionOf(bounded(Promise.reject(new Error('boom')), 20, onTimeout))).message).toBe('boom');
    await pause(60);
    expect(timeouts).toBe(0);
  });

  test('work that hangs rejects with what onTimeout() returns, once', async () => {
    let timeouts = 0;
    const error = await rejectionOf(
      bounded(new Promise(() => undefined), 10, () => {
        timeouts += 1;
        return new Error('the responder of step 2 did not finish within 10 ms');
      }),
    );
    expect(error.message).toBe('the responder of step 2 did not finish within 10 ms');
    await pause(30);
    expect(timeouts).toBe(1);
  });
});
