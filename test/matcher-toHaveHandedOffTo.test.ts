import { Agent, run } from '@openai/agents';
import { model } from 'agents-testkit';
import { agentWith, describe, expect, failureOf, test } from './support';

async function triageToBilling() {
  const script = model().handsOffTo('Billing').thenReplies('Billed.');
  const billing = agentWith(script, { name: 'Billing' });
  const refunds = new Agent({ name: 'Refunds' });
  const result = await run(agentWith(script, { name: 'Triage', handoffs: [billing, refunds] }), 'Invoice?');
  return { result, billing, refunds };
}

describe('toHaveHandedOffTo', () => {
  test('passes for the agent handed off to, by object or by name', async () => {
    const { result, billing, refunds } = await triageToBilling();
    expect(result).toHaveHandedOffTo(billing);
    expect(result).toHaveHandedOffTo('Billing');
    expect(result).not.toHaveHandedOffTo(refunds);
  });

  test('failure lists the handoffs and suggests a close name', async () => {
    const { result } = await triageToBilling();
    expect(failureOf(() => expect(result).toHaveHandedOffTo('Biling'))).toMatchSnapshot();
  });

  test('failure on a run without handoffs says so', async () => {
    const result = await run(agentWith(model().replies('Hi.')), 'Hi');
    expect(failureOf(() => expect(result).toHaveHandedOffTo('Billing'))).toMatchSnapshot();
  });

  test('.not failure', async () => {
    const { result, billing } = await triageToBilling();
    expect(failureOf(() => expect(result).not.toHaveHandedOffTo(billing))).toMatchSnapshot();
  });

  test('a target that is not an agent is a matcher error', async () => {
    const { result } = await triageToBilling();
    expect(failureOf(() => expect(result).toHaveHandedOffTo({} as never))).toMatchSnapshot();
  });
});
