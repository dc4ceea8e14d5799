import { Agent, run } from '@openai/agents';
import { model } from 'agents-testkit';
import { matchers } from '../src/matchers';
import { describe, expect, getWeather, test } from './support';

// A matcher given more arguments than it takes would ignore the rest: with a `{ times: 2 }` that
// it never reads, `toHaveCalledTool` passed on one call. It fails with a matcher error instead,
// under `.not` too (a matcher error is not an assertion that `.not` turns around).
describe('a matcher given more arguments than it takes', () => {
  const weatherRun = async () => {
    const agent = new Agent({ name: 'Forecaster', tools: [getWeather], model: model().calls(getWeather, { city: 'Paris' }).thenReplies('Sunny.') });
    return { agent, result: await run(agent, 'Weather in Paris?') };
  };

  test('fails with a matcher error naming how many it takes and the one too many', async () => {
    const { result } = await weatherRun();
    const call = () => (expect(result) as unknown as { toHaveCalledTool: (...args: unknown[]) => void }).toHaveCalledTool('get_weather', { city: 'Paris' }, { times: 2 });
    expect(call).toThrow('Matcher error');
    expect(call).toThrow('toHaveCalledTool takes at most 2 arguments; got 3');
    let message = '';
    try {
      call();
    } catch (error) {
      message = (error as Error).message.replace(/\u001b\[\d+m/g, '');
    }
    expect(message).toMatch(/Extra argument has value: \{"times": ?2\}/);
    expect(message.split('\n')[0]).toBe('expect(received).toHaveCalledTool(expected)');
  });

  test('fails under .not as well', async () => {
    const { result } = await weatherRun();
    const call = () => (expect(result).not as unknown as { toHaveHandedOffTo: (...args: unknown[]) => void }).toHaveHandedOffTo('Billing', { times: 1 });
    expect(call).toThrow('toHaveHandedOffTo takes at most 1 argument; got 2');
  });

  test('a matcher that takes none says so', async () => {
    const { agent } = await weatherRun();
    const call = () => (expect(agent.model) as unknown as { toBeComplete: (...args: unknown[]) => void }).toBeComplete({ strict: true });
    expect(call).toThrow('toBeComplete takes no arguments; got 1');
  });

  // What each takes, as its type declares it; the check counts the matcher function's own parameters.
  const TAKES: Record<string, number> = {
    toHaveCalledTool: 2,
    toHaveCalledToolTimes: 2,
    toHaveNthCalledTool: 3,
    toHaveHandedOffTo: 1,
    toHaveRequestedApproval: 2,
    toHaveToolOutput: 2,
    toHaveTrippedGuardrail: 1,
    toHavePassedGuardrail: 1,
    toHaveStreamedEvents: 1,
    toHaveLifecycle: 1,
    toBeComplete: 0,
    toHaveExecuted: 1,
    toHaveWrittenFile: 2,
    toHaveDeletedFile: 1,
    toHaveSentRealtime: 2,
    toHaveSentAudio: 1,
    toHaveRunRealtimeTool: 2,
    toHaveCalledMcpTool: 2,
    toHaveMcpToolOutput: 2,
    toHaveRespectedApprovals: 0,
    toHaveSpan: 3,
    toHaveSpans: 1,
  };

  test.each(Object.keys(matchers))('%s takes what its type declares, and no more', (name) => {
    const takes = TAKES[name];
    expect(takes).toEqual(expect.any(Number));
    const matcher = (matchers as unknown as Record<string, (this: object, received: unknown, ...args: unknown[]) => unknown>)[name]!;
    const state = { isNot: false, promise: '' };
    const messageOf = (args: unknown[]) => {
      try {
        matcher.call(state, undefined, ...args);
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(messageOf(new Array(takes! + 1).fill(undefined))).toContain(`${name} takes ${takes === 0 ? 'no arguments' : `at most ${takes} argument${takes === 1 ? '' : 's'}`}; got ${takes! + 1}`);
    expect(messageOf(new Array(takes!).fill(undefined))).not.toContain(`${name} takes`);
  });
});
