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
