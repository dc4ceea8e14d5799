import { run, type AgentInputItem } from '@openai/agents';
import { model } from 'agents-testkit';
import { agentWith, describe, expect, getWeather, lookupOrder, test, thrownBy } from './support';

// times(n) holds the copies as one entry of the plan, each made when a call plays it; these specs
// pin what a user sees of it (labels, ids, reports, remainingSteps, optional) on small and big n.

function callIds(items: readonly AgentInputItem[] | string | undefined): string[] {
  if (items === undefined || typeof items === 'string') return [];
  return items.flatMap((item) => (item.type === 'function_call' ? [item.callId] : []));
}

/** The lines of the "steps not used" paragraph of the script's report. */
function pendingLines(script: { assertComplete(): void }): string[] {
  const paragraph = thrownBy(() => script.assertComplete()).message.split('\n\n').find((part) => part.includes('not used:')) ?? '';
  return paragraph.split('\n').filter((line) => /^\s+\d+\. /.test(line));
}

describe('times(n)', () => {
  test('the turns after a repeat number their call ids on from the copies', async () => {
    const script = model().calls(getWeather, { city: 'Oslo' }).times(3).thenCalls(lookupOrder, { orderId: 'A' }).thenReplies('Done.');
    await run(agentWith(script), 'Go');
    expect(callIds(script.lastRequest?.input)).toEqual(['call_1', 'call_2', 'call_3', 'call_4']);
    expect(script.remainingSteps).toBe(0);
  });

  test('each left-over copy is reported by its label while a few are left', async () => {
    const script = model({ verify: false }).replies('Hi.').times(4);
    await run(agentWith(script), 'One');
    expect(script.remainingSteps).toBe(3);
    const lines = pendingLines(script);
    expect(lines.join('\n')).toContain('2. replies("Hi.") (repeat 2 of 4)');
    expect(lines.join('\n')).toContain('4. replies("Hi.") (repeat 4 of 4)');
  });

  test('optional() after times(n) makes the last copy optional, and only it', async () => {
    const script = model({ verify: false }).replies('Hi.').times(3).optional();
    expect(script.remainingSteps).toBe(2);
    await run(agentWith(script), 'One');
    await run(agentWith(script), 'Two');
    expect(script.remainingSteps).toBe(0);
    expect(() => script.assertComplete()).not.toThrow();
    expect((await run(agentWith(script), 'Three')).finalOutput).toBe('Hi.');
  });

  test('a keyed turn repeated answers each call its key accepts', async () => {
    const script = model().when('ping', (t) => t.replies('pong')).times(2);
    expect((await run(agentWith(script), 'ping')).finalOutput).toBe('pong');
    expect((await run(agentWith(script), 'ping')).finalOutput).toBe('pong');
    expect(script.remainingSteps).toBe(0);
  });

  test('times(2e6) is one entry: built without two million turns, played in order, reported in one line', async () => {
    const before = process.memoryUsage().heapUsed;
    const script = model({ verify: false }).calls(getWeather, { city: 'Oslo' }).times(2e6).thenReplies('Done.');
    // Two million written-out turns take hundreds of MiB; one entry takes nothing to speak of.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(32 * 1024 * 1024);
    expect(script.remainingSteps).toBe(2e6 + 1);

    await run(agentWith(script), 'Go', { maxTurns: 3 }).catch(() => undefined);
    expect(callIds(script.lastRequest?.input)).toEqual(['call_1', 'call_2']);
    expect(script.remainingSteps).toBe(2e6 + 1 - 3);
    const lines = pendingLines(script);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('4. calls(get_weather, {"city":"Oslo"}) (repeat 4 of 2000000) … and 1999996 more');
    expect(lines[1]).toContain('2000001. thenReplies("Done.")');
    expect(thrownBy(() => script.assertComplete()).message).toContain('has 1999998 steps not used:');
  });
});
