import { Agent, retryPolicies, run } from '@openai/agents';
import { model } from 'agents-testkit';

test('a failing model call fails the run', async () => {
  const agent = new Agent({ name: 'Fragile', model: model().fails(new Error('model overloaded')) });

  await expect(run(agent, 'Hi')).rejects.toThrow('model overloaded');
});

test('a retried model call consumes the next turn', async () => {
  const flaky = model()
    .fails(new Error('temporary outage'), { suggested: true, replaySafety: 'safe' })
    .thenReplies('Recovered.');
  const agent = new Agent({
    name: 'Resilient',
    model: flaky,
    modelSettings: {
      retry: { maxRetries: 1, policy: retryPolicies.providerSuggested(), backoff: { initialDelayMs: 0, jitter: false } },
    },
  });

  const result = await run(agent, 'Hi');

  expect(result.finalOutput).toBe('Recovered.');
  expect(flaky.requests).toHaveLength(2);
});

test("retries skip the agent's backoff when the failure advises retrying at once", async () => {
  const flaky = model()
    .fails(new Error('overloaded'), { suggested: true, retryAfterMs: 0 })
    .thenFails(new Error('overloaded'), { suggested: true, retryAfterMs: 0 })
    .thenReplies('Recovered.');
  const agent = new Agent({
    name: 'Production settings',
    model: flaky,
    // The app's own backoff: 1 s, then 2 s. The scripted advice stands in for a provider's Retry-After.
    modelSettings: { retry: { maxRetries: 2, policy: retryPolicies.providerSuggested(), backoff: { initialDelayMs: 1000 } } },
  });

  const started = Date.now();
  const result = await run(agent, 'Hi');

  expect(result.finalOutput).toBe('Recovered.');
  expect(Date.now() - started).toBeLessThan(1000);
});
