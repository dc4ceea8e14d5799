import { Agent, run } from '@openai/agents';
import { model } from 'agents-testkit';
import { describe, expect, test, thrownBy } from './support';

const strip = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

describe('a run that was not awaited', () => {
  test('the matchers say so, and how to fix it', async () => {
    const agent = new Agent({ name: 'Plain', model: model().replies('Hi.') });
    const pending = run(agent, 'Hello');
    const error = thrownBy(() => expect(pending).toHaveCalledTool('get_weather'));
    expect(strip(error.message)).toContain('received value must be a RunResult or StreamedRunResult');
    expect(strip(error.message)).toContain(
      'Received: a Promise, not awaited. Await it first (const result = await run(agent, input); expect(result)…), or write await expect(promise).resolves…',
    );
    expect(strip(error.message)).not.toContain('{}');
    await pending;
  });

  test('a function with a then method is a promise too', () => {
    const thenable = Object.assign(() => 'Hi.', { then: (resolve: (value: unknown) => void) => resolve('Hi.') });
    expect(strip(thrownBy(() => expect(thenable).toHaveCalledTool('get_weather')).message)).toContain('Received: a Promise, not awaited.');
  });
});

describe('a run result where a matcher takes something else', () => {
  const received = (value: unknown) => strip(thrownBy(() => expect(value).toHaveRespectedApprovals()).message).split('\n').at(-1);

  test('is named in one line, not printed with its RunState: its class, its new items, its last agent', async () => {
    const result = await run(new Agent({ name: 'Plain', model: model().replies('Hi.') }), 'Hello');
    expect(received(result)).toBe('Received: a RunResult (1 new item, last agent "Plain")');
  });

  test('a result-shaped object of no class of its own is "a run result"; a last agent it cannot read is left out', () => {
    expect(received({ newItems: [1, 2], finalOutput: 'x', lastAgent: { name: 'Support' } })).toBe('Received: a run result (2 new items, last agent "Support")');
    const unreadable = Object.defineProperty({ newItems: [], finalOutput: undefined }, 'lastAgent', {
      get() {
        throw new Error('not finished');
      },
    });
    expect(received(unreadable)).toBe('Received: a run result (0 new items)');
    expect(received(Object.assign(Object.create(null) as object, { newItems: [1], finalOutput: 'x', lastAgent: { name: 7 } }))).toBe('Received: a run result (1 new item)');
    class StreamedRunResult {
      newItems = [];
      finalOutput = undefined;
    }
    expect(received(new StreamedRunResult())).toBe('Received: a StreamedRunResult (0 new items)');
    class Report {
      newItems = [];
      finalOutput = undefined;
    }
    expect(received(new Report())).toBe('Received: a run result (0 new items)');
  });
});
