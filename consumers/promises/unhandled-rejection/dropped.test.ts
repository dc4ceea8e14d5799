// An app that lets a promise reject with no one to catch it, after its agent ran. The SDK's trace
// provider listens for unhandled rejections on the process; the runner must still fail on this one.
import { Agent, run } from '@openai/agents';
import { model } from 'agents-testkit';

async function answerAndReport(question: string): Promise<string> {
  const result = await run(new Agent({ name: 'Helper', model: model().replies('Done.') }), question);
  // The app's bug: a report it fires and forgets, which fails.
  void Promise.reject(new Error('the audit log is down'));
  return String(result.finalOutput);
}

// Must FAIL, naming: the audit log is down
test('an unhandled rejection after a run fails the run of the tests', async () => {
  expect(await answerAndReport('Hi')).toBe('Done.');
  await new Promise((resolve) => setTimeout(resolve, 20));
});
