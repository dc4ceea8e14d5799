import { run } from '@openai/agents';
import { assistantMessage, ScriptedModel } from '@openai/agents/testing';
import { model } from 'agents-testkit';
import { agentWith, describe, expect, failureOf, getWeather, test } from './support';

describe('toBeComplete on model()', () => {
  test('passes once every turn was used, and fails before', async () => {
    const m = model({ name: 'weather' }).calls(getWeather, { city: 'Oslo' }).thenReplies('Sunny.');
    expect(m).not.toBeComplete();
    await run(agentWith(m), 'Weather?');
    expect(m).toBeComplete();
  });

  test('failure names the double, its unused turns and what it recorded', async () => {
    const m = model({ name: 'weather', verify: false }).replies('One.').thenReplies('Two.');
    await run(agentWith(m), 'Hi');
    expect(failureOf(() => expect(m).toBeComplete())).toMatchSnapshot();
  });

  test('a recorded mismatch fails it although no turn is left', async () => {
    const m = model({ verify: false }).calls('nope', {});
    await run(agentWith(m), 'Hi').catch(() => undefined);
    expect(m.remainingSteps).toBe(0);
    expect(failureOf(() => expect(m).toBeComplete())).toMatchSnapshot();
  });

  test('.not failure lists the calls', async () => {
    const m = model().replies('Hi.');
    await run(agentWith(m), 'Hi');
    expect(failureOf(() => expect(m).not.toBeComplete())).toMatchSnapshot();
  });
});

describe("toBeComplete on the SDK's ScriptedModel", () => {
  test('counts its remaining steps', async () => {
    const sdk = new ScriptedModel([[assistantMessage('One.')], [assistantMessage('Two.')]]);
    await run(agentWith(sdk), 'Hi');
    expect(sdk).not.toBeComplete();
    expect(failureOf(() => expect(sdk).toBeComplete())).toMatchSnapshot();
    await run(agentWith(sdk), 'Again');
    expect(sdk).toBeComplete();
  });
});

describe('toBeComplete on anything else', () => {
  test('is a matcher error that shows the type', () => {
    expect(failureOf(() => expect({ remainingSteps: 0 }).toBeComplete())).toMatchSnapshot();
    expect(failureOf(() => expect(null).not.toBeComplete())).toContain('Received has value: null');
  });
});
