// A tool, agent or handoff given as an object is matched by identity (a string still matches by
// name), and a tool call counts only when the tool ran.
import { Agent, handoff, run, tool } from '@openai/agents';
import { model } from 'agents-testkit';
import { z } from 'zod';
import { describe, expect, failureOf, refund, test } from './support';

/** Two tools of one name, each offered by its own agent. */
function namesakes() {
  const lookup = (owner: string) =>
    tool({ name: 'billing_lookup', description: `${owner}'s lookup`, parameters: z.object({ id: z.string() }), execute: async ({ id }) => `${owner}: ${id}` });
  return { support: lookup('Support'), finance: lookup('Finance') };
}

describe('tools by identity', () => {
  test("another agent's tool of the same name does not count for this tool object", async () => {
    const { support, finance } = namesakes();
    const script = model().calls('billing_lookup', { id: 'A' }).thenReplies('Done.');
    const result = await run(new Agent({ name: 'Finance', model: script, tools: [finance] }), 'Look A up');

    expect(result).toHaveCalledTool(finance);
    expect(result).toHaveCalledTool('billing_lookup');
    expect(result).not.toHaveCalledTool(support);
    expect(result).toHaveCalledToolTimes(support, 0);
    expect(result).toHaveCalledToolTimes(finance, 1);
    expect(result).not.toHaveNthCalledTool(1, support);
    const message = failureOf(() => expect(result).toHaveCalledTool(support));
    expect(message).toContain('Received: calls of another tool named "billing_lookup", the one of agent "Finance", not this tool object');
  });
});

describe('calls that did not run', () => {
  async function rejectedRefund() {
    const script = model().calls(refund, { orderId: 'A-1', amount: 30 }).thenReplies('Not refunded.');
    const agent = new Agent({ name: 'Shop', model: script, tools: [refund] });
    const paused = await run(agent, 'Refund A-1');
    const approval = paused.interruptions[0];
    if (!approval) throw new Error('the run did not pause');
    paused.state.reject(approval);
    return { result: await run(agent, paused.state) };
  }

  test('a call whose approval was rejected is not a call of the tool, and the message lists it apart', async () => {
    const { result } = await rejectedRefund();
    expect(result).not.toHaveCalledTool(refund);
    expect(result).toHaveCalledToolTimes(refund, 0);
    expect(result).not.toHaveNthCalledTool(1, refund);
    const message = failureOf(() => expect(result).toHaveCalledTool(refund));
    expect(message).toContain('Received: 1 call of "refund" requested, but not run (rejected)');
    expect(message).toContain('1. refund({"orderId":"A-1","amount":30})  (Shop)  — rejected');
    expect(failureOf(() => expect(result).toHaveNthCalledTool(1, refund))).toContain('Received: tool call 1 was refund({"orderId":"A-1","amount":30}), rejected');
  });

  test('a call waiting for approval has not run either', async () => {
    const script = model({ verify: false }).calls(refund, { orderId: 'A-1', amount: 30 });
    const paused = await run(new Agent({ name: 'Shop', model: script, tools: [refund] }), 'Refund A-1');
    expect(paused).toHaveRequestedApproval(refund);
    expect(paused).not.toHaveCalledTool(refund);
    expect(failureOf(() => expect(paused).toHaveCalledTool(refund))).toContain('requested, but not run (pending approval)');
  });

  test('an approved call ran', async () => {
    const script = model().calls(refund, { orderId: 'A-1', amount: 30 }).thenReplies('Refunded.');
    const agent = new Agent({ name: 'Shop', model: script, tools: [refund] });
    const paused = await run(agent, 'Refund A-1');
    paused.state.approve(paused.interruptions[0]!);
    const result = await run(agent, paused.state);
    expect(result).toHaveCalledTool(refund, { amount: 30 });
  });
});

describe('agents by identity', () => {
  test('a handoff to a different agent of the same name is not a handoff to this agent', async () => {
    const billing = new Agent({ name: 'Billing' });
    const impostor = new Agent({ name: 'Billing', model: model().replies('Hi.') });
    const script = model().handsOffTo(impostor);
    const result = await run(new Agent({ name: 'Triage', model: script, handoffs: [impostor] }), 'Invoice?');

    expect(result).toHaveHandedOffTo(impostor);
    expect(result).toHaveHandedOffTo(handoff(impostor));
    expect(result).toHaveHandedOffTo('Billing');
    expect(result).not.toHaveHandedOffTo(billing);
    expect(result).not.toHaveHandedOffTo(handoff(billing));
    expect(failureOf(() => expect(result).toHaveHandedOffTo(billing))).toContain('Received: a handoff to another agent named "Billing", not this agent object');
  });

  test('an approval of another agent\'s namesake tool is not an approval of this one', async () => {
    const { support, finance } = namesakes();
    const guarded = tool({ ...finance, needsApproval: true } as never) as typeof finance;
    void support;
    const script = model().calls('billing_lookup', { id: 'A' });
    const paused = await run(new Agent({ name: 'Finance', model: script, tools: [guarded] }), 'Look A up');
    expect(paused).toHaveRequestedApproval(guarded);
    expect(paused).not.toHaveRequestedApproval(finance);
  });
});
