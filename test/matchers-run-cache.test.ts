import { run } from '@openai/agents';
import { model } from 'agents-testkit';
import { agentWith, describe, expect, getWeather, lookupOrder, refund, test } from './support';

// A run's calls are read once per result and cached (weakly). A result that changes after it was
// read must be read again: a stale record would pass or fail on what the run no longer is.

describe('the run record behind the run matchers', () => {
  test('a result resumed from its state is read again: its calls and approvals are what they are now', async () => {
    const script = model({ verify: false }).calls(refund, { orderId: 'A-1', amount: 30 }).thenReplies('Refunded.');
    const agent = agentWith(script, { tools: [refund, getWeather] });
    const result = await run(agent, 'Refund A-1');
    expect(result).toHaveRequestedApproval(refund);
    expect(result).not.toHaveCalledTool(refund);
    const itemsBefore = result.newItems.length;

    result.state.approve(result.interruptions[0]!);
    const resumed = await run(agent, result.state);
    expect(resumed).toHaveCalledTool(refund, { amount: 30 });
    // The first result shares the resumed state: what the matchers say of it follows its items.
    expect(result.newItems.length).not.toBe(itemsBefore);
    const ranNow = result.newItems.some((item) => item.type === 'tool_call_output_item');
    if (ranNow) expect(result).toHaveCalledTool(refund);
    else expect(result).not.toHaveCalledTool(refund);
    expect(result.interruptions).toHaveLength(0);
    expect(result).not.toHaveRequestedApproval(refund);
  });

  test('a streamed result is read only once it has finished, and then as finished', async () => {
    const script = model().calls(lookupOrder, { orderId: 'A' }).thenReplies('Shipped.');
    const result = await run(agentWith(script), 'Where is A?', { stream: true });
    expect(() => expect(result).toHaveCalledTool(lookupOrder)).toThrow(/has not finished/);
    await result.completed;
    expect(result).toHaveCalledTool(lookupOrder, { orderId: 'A' });
    expect(result).toHaveCalledToolTimes(lookupOrder, 1);
    expect(result).toHaveToolOutput(lookupOrder, 'Order A has shipped.');
  });

  test('many assertions on one long run agree with a first reading', async () => {
    const script = model().turn((t) => {
      for (let id = 0; id < 50; id += 1) t.calls(lookupOrder, { orderId: `O-${id}` });
    }).thenReplies('Done.');
    const result = await run(agentWith(script), 'Look them up');
    for (let id = 0; id < 50; id += 5) expect(result).toHaveCalledTool(lookupOrder, { orderId: `O-${id}` });
    expect(result).not.toHaveCalledTool(lookupOrder, { orderId: 'O-50' });
    expect(result).toHaveCalledToolTimes(lookupOrder, 50);
    expect(result).toHaveNthCalledTool(50, lookupOrder, { orderId: 'O-49' });
    expect(result).toHaveToolOutput(lookupOrder, 'Order O-49 has shipped.');
  });
});
