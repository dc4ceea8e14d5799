import { Agent, run } from '@openai/agents';
import { model, modelProvider, ScriptError } from 'agents-testkit';
import { describe, expect, test } from './support';

// A test that runs on its own, in a file that has concurrent tests, installs as any test does:
// the concurrent tests are not under way (Jest runs them later, together; Jest 29 starts their
// bodies with the file, and they count until their bodies end, not until their turn is reported).
test('a test before the concurrent ones installs two providers routing the agent name Clash', async () => {
  modelProvider({ agents: { Clash: model().replies('From the first.').optional() } }).install();
  modelProvider({ agents: { Clash: model().replies('From the second.') } }).install();
  expect((await run(new Agent({ name: 'Clash', instructions: 'Answer.' }), 'Hello')).finalOutput).toBe('From the second.');
});

describe('install() while concurrent tests run', () => {
  // Both tests carry one name, so that a run filtered to the test that reached a line (as a
  // mutation tester filters) still runs both at once. Each checks the outcome of both.
  const agent = new Agent({ name: 'Clash', instructions: 'Answer.' });
  const outcomes: unknown[] = [];
  let bothTried: () => void = () => undefined;
  const tried = new Promise<void>((resolve) => (bothTried = resolve));
  const bothHaveTried = async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('the other concurrent test did not install within 2 s')), 2000)));
    try {
      await Promise.race([tried, late]);
    } finally {
      clearTimeout(timer);
    }
  };

  test.concurrent.each(['From one test.', 'From the other.'])('a test installs a provider routing the agent name Clash', async (text) => {
    const provider = modelProvider({ agents: { Clash: model().replies(text).optional() } });
    let outcome: unknown = 'installed';
    try {
      provider.install();
    } catch (error) {
      outcome = error;
    }
    outcomes.push(outcome);
    if (outcomes.length === 2) bothTried();
    await bothHaveTried();

    expect(outcomes.filter((each) => each === 'installed')).toHaveLength(1);
    const refusal = outcomes.find((each) => each !== 'installed');
    expect(refusal).toBeInstanceOf(ScriptError);
    const name = 'install() while concurrent tests run a test installs a provider routing the agent name Clash';
    expect(refusal).toMatchObject({
      reason: 'invalid_route',
      double: 'modelProvider()',
      message:
        `modelProvider(): agents["Clash"] is routed already by a provider installed while concurrent tests run (${JSON.stringify(name)}, ${JSON.stringify(name)}). ` +
        "Concurrent tests share the default runner, so each would answer the other's calls. Give each test its own runner, new Runner({ modelProvider: provider }), or run these tests one after another.",
    });
    // The test whose provider was installed gets its own script's answer.
    if (outcome === 'installed') expect((await run(agent, 'Hello')).finalOutput).toBe(text);
  });
});
