import { Agent, run, type AgentInputItem } from '@openai/agents';
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

  test('a turn with several calls takes a block of ids per copy; its messages take none', async () => {
    const script = model()
      .turn((t) => t.replies('Checking.').calls(getWeather, { city: 'Oslo' }).calls(lookupOrder, { orderId: 'A' }))
      .times(3)
      .thenCalls(getWeather, { city: 'Rome' })
      .thenReplies('Done.');
    await run(agentWith(script), 'Go');
    expect(callIds(script.lastRequest?.input)).toEqual(['call_1', 'call_2', 'call_3', 'call_4', 'call_5', 'call_6', 'call_7']);
  });

  test('a repeated handoff gets a fresh call id per copy, and the turns after it number on', async () => {
    const script = model().handsOffTo('Loop').times(2).thenCalls(getWeather, { city: 'Oslo' }).thenReplies('Done.');
    const loop = new Agent({ name: 'Loop', model: script, tools: [getWeather] });
    loop.handoffs = [loop];
    const result = await run(loop, 'Go');
    expect(result.finalOutput).toBe('Done.');
    expect(callIds(script.lastRequest?.input)).toEqual(['call_1', 'call_2', 'call_3']);
  });

  test('a failing, a derived and a streamed turn repeat too, each copy played as the turn', async () => {
    const failure = new Error('overloaded');
    const failing = model().fails(failure).times(2);
    await expect(run(agentWith(failing), 'One')).rejects.toBe(failure);
    await expect(run(agentWith(failing), 'Two')).rejects.toBe(failure);
    expect(failing.remainingSteps).toBe(0);

    const derived = model().responds((call) => `Heard ${call.userText}.`).times(2);
    expect((await run(agentWith(derived), 'one')).finalOutput).toBe('Heard one.');
    expect((await run(agentWith(derived), 'two')).finalOutput).toBe('Heard two.');

    const done = {
      type: 'response_done' as const,
      response: { id: 'resp_s', usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 }, output: [{ type: 'message' as const, role: 'assistant' as const, status: 'completed' as const, content: [{ type: 'output_text' as const, text: 'Streamed.' }] }] },
    };
    const streamed = model({ verify: false }).streams([{ type: 'response_started' }, done]).times(3);
    expect((await run(agentWith(streamed), 'one')).finalOutput).toBe('Streamed.');
    expect((await run(agentWith(streamed), 'two')).finalOutput).toBe('Streamed.');
    expect(pendingLines(streamed)).toEqual(['  3. streams(2 events) (repeat 3 of 3)']);
  });

  test('times(1) adds nothing: the turn stays the last one, so optional() still marks it', async () => {
    const script = model().replies('One.').thenReplies('Two.').times(1).optional();
    expect(script.remainingSteps).toBe(1);
    await run(agentWith(script), 'Hi');
    expect(script).toBeComplete();
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
