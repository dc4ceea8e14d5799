// The same teardown, which now waits for its queue to drain before it flushes: the unplanned call
// comes well after the file's own afterAll began. It must still fail this file, whichever order the
// runner runs a block's afterAll hooks in (Vitest's `sequence.hooks: 'parallel'` starts them all at once).
// File must FAIL, naming: mcp("queue") was not complete when the test file ended
// File must FAIL, naming: callTool flush(): expected no more calls
import { mcp } from 'agents-testkit';
import { z } from 'zod';

const queue = mcp({
  name: 'queue',
  tools: {
    push: { description: 'Queues a job', parameters: z.object({ job: z.string() }) },
    flush: { description: 'Runs the queued jobs', parameters: z.object({}) },
  },
}).expectCall('push', { job: 'report' }).returns('Queued.');

/** The app's shutdown: lets the queue drain, flushes it (new), logging a failure, and closes the connection. */
async function shutdown(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 150));
  try {
    await queue.callTool('flush', {});
  } catch (error) {
    console.log(`flush failed: ${String(error).slice(0, 40)}`);
  }
  await queue.close();
}

afterAll(async () => {
  await shutdown();
});

test('queues a report', async () => {
  await queue.connect();
  const result = await queue.callTool('push', { job: 'report' });
  expect(JSON.stringify(result)).toContain('Queued.');
});
