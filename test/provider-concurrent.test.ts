import { Agent, run } from '@openai/agents';
import { model, modelProvider, ScriptError } from 'agents-testkit';
import { describe, expect, test } from './support';

// Its own file: under Jest, a file's concurrent tests start with the file and count as running
// until their turn ends, so installs in the file's other tests would meet them.
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
