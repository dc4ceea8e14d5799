import { Agent, run } from '@openai/agents';
import { model, modelProvider } from 'agents-testkit';

// A file with concurrent tests: a test that runs on its own may install two providers routing one
// agent name (the newest answers). Only tests under way together clash; these never are.
test('an ordinary test installs two providers routing one agent name', async () => {
  modelProvider({ agents: { Support: model().replies('From the first.').optional() } }).install();
  modelProvider({ agents: { Support: model().replies('From the second.') } }).install();
  const result = await run(new Agent({ name: 'Support', instructions: 'Answer.' }), 'Hello');
  expect(result.finalOutput).toBe('From the second.');
});

test.concurrent.each(['one', 'the other'])('a concurrent test (%s) routes nothing', async (which) => {
  expect(which.length).toBeGreaterThan(0);
});
