// The app's teardown, run in the file's own afterAll, now calls a tool of its server the script did
// not plan, and logs the failure instead of throwing it. The call comes after the last test, in a
// hook: it must still fail this file (Jest ran the kit's file end before the file's own afterAll).
// File must FAIL, naming: mcp("files") was not complete when the test file ended
// File must FAIL, naming: callTool flush(): expected no more calls
import { mcp } from 'agents-testkit';
import { z } from 'zod';

const files = mcp({
  name: 'files',
  tools: {
    read_file: { description: 'Reads a file', parameters: z.object({ path: z.string() }) },
    flush: { description: 'Writes pending changes', parameters: z.object({}) },
  },
}).expectCall('read_file', { path: 'notes.txt' }).returns('Buy milk.');

/** The app's shutdown: flushes its server (new), logging a failure, and closes the connection. */
async function shutdown(): Promise<void> {
  try {
    await files.callTool('flush', {});
  } catch (error) {
    console.log(`flush failed: ${String(error).slice(0, 40)}`);
  }
  await files.close();
}

afterAll(async () => {
  await shutdown();
});

test('reads the notes', async () => {
  await files.connect();
  const output = await files.callTool('read_file', { path: 'notes.txt' });
  expect(JSON.stringify(output)).toContain('Buy milk.');
});
