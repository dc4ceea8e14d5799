import { run } from '@openai/agents';
import { model } from 'agents-testkit';
import { agentWith, describe, expect, failureOf, getWeather, refund, test } from './support';

async function pausedForRefund() {
  // Most tests stop at the approval, leaving the last turn unused on purpose.
  const script = model({ verify: false }).calls(refund, { orderId: 'A-1', amount: 30 }).thenReplies('Refunded.');
  const agent = agentWith(script, { tools: [refund, getWeather] });
  const result = await run(agent, 'Refund A-1');
  return { result, agent, script };
}

describe('toHaveRequestedApproval', () => {
  test('passes when the run stopped for approval of the tool, arguments partial', async () => {
    const { result, agent } = await pausedForRefund();
    expect(result).toHaveRequestedApproval(refund);
    expect(result).toHaveRequestedApproval('refund', { orderId: 'A-1' });
    expect(result).not.toHaveRequestedApproval(refund, { amount: 31 });
    expect(result).not.toHaveRequestedApproval(getWeather);
    result.state.approve(result.interruptions[0]!);
    const resumed = await run(agent, result.state);
    expect(resumed).not.toHaveRequestedApproval(refund);
  });

  test('failure on a run that did not stop', async () => {
    const { result, agent } = await pausedForRefund();
    result.state.reject(result.interruptions[0]!);
    const resumed = await run(agent, result.state);
    expect(failureOf(() => expect(resumed).toHaveRequestedApproval(refund))).toMatchSnapshot();
  });

  test('failure with other arguments shows the diff', async () => {
    const { result } = await pausedForRefund();
    expect(failureOf(() => expect(result).toHaveRequestedApproval(refund, { amount: 31 }))).toMatchSnapshot();
  });

  test('failure for another tool names the requests', async () => {
    const { result } = await pausedForRefund();
    expect(failureOf(() => expect(result).toHaveRequestedApproval(getWeather))).toMatchSnapshot();
  });

  test('.not failure', async () => {
    const { result } = await pausedForRefund();
    expect(failureOf(() => expect(result).not.toHaveRequestedApproval(refund))).toMatchSnapshot();
  });
});
