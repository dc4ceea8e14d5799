import { Agent, run } from '@openai/agents';
import { IncompleteScriptError, MismatchError, model } from 'agents-testkit';
import { agentWith, describe, expect, failureOf, getWeather, rejectionOf, stripAnsi, test, thrownBy } from './support';

// Every script here drifts on purpose; `verify: false` keeps the after-each check out of the way
// so each test can assert the failure itself.
const drifting = (name?: string) => model({ verify: false, ...(name ? { name } : {}) });

function mismatchOf(error: Error) {
  expect(error).toBeInstanceOf(MismatchError);
  const { kind, double, callIndex, stepIndex } = error as MismatchError;
  return { kind, double, callIndex, stepIndex, message: stripAnsi(error.message) };
}

describe('a turn that asks for what the agent does not offer', () => {
  test('a tool the agent lacks fails the model call, naming what it offers and the closest name', async () => {
    const m = drifting('weather').calls('get_wether', { city: 'Oslo' }).thenReplies('Sunny.');
    const mismatch = mismatchOf(await rejectionOf(run(agentWith(m), 'Weather?')));
    expect(mismatch).toMatchObject({ kind: 'not_offered', double: 'model("weather")', callIndex: 0, stepIndex: 0 });
    expect(mismatch.message).toMatchSnapshot();
  });

  test('a handoff the agent lacks fails the model call, naming its handoffs', async () => {
    const m = drifting().handsOffTo('Refunds');
    const billing = new Agent({ name: 'Billing' });
    const mismatch = mismatchOf(await rejectionOf(run(agentWith(m, { handoffs: [billing] }), 'Refund?')));
    expect(mismatch.kind).toBe('not_offered');
    expect(mismatch.message).toMatchSnapshot();
  });

  test('the failure is recorded, so the script is not complete even when the error is swallowed', async () => {
    const m = drifting().calls('get_wether', { city: 'Oslo' });
    await run(agentWith(m), 'Weather?').catch(() => undefined);
    expect(m.remainingSteps).toBe(0);
    expect(m).not.toBeComplete();
    const error = thrownBy(() => m.assertComplete());
    expect(error).toBeInstanceOf(IncompleteScriptError);
    expect(stripAnsi(error.message)).toMatchSnapshot();
  });

  test('streamed runs fail the same way', async () => {
    const m = drifting().calls('get_wether', { city: 'Oslo' });
    const result = await run(agentWith(m), 'Weather?', { stream: true });
    const error = await rejectionOf(result.completed);
    expect(mismatchOf(error).kind).toBe('not_offered');
    expect(m).not.toBeComplete();
  });
});

describe('a workflow that goes on after the script ran out', () => {
  test('the extra model call fails, saying what the agent just saw', async () => {
    const m = drifting('weather').calls(getWeather, { city: 'Oslo' });
    const mismatch = mismatchOf(await rejectionOf(run(agentWith(m), 'Weather?')));
    expect(mismatch).toMatchObject({ kind: 'unexpected_call', callIndex: 1, stepIndex: undefined });
    expect(mismatch.message).toMatchSnapshot();
    expect(m.requests).toHaveLength(2);
  });

  test('an empty script says it has no turns', async () => {
    const m = drifting();
    const mismatch = mismatchOf(await rejectionOf(run(agentWith(m), 'Hi')));
    expect(mismatch.message).toContain('The script has no turns left (it has none)');
    expect(mismatch.message).toContain('call #1, a request whose newest input is user: "Hi"');
  });
});

describe('a workflow that stops early', () => {
  test('unused turns are listed in script terms, numbered from 1', async () => {
    const m = drifting('weather').calls(getWeather, { city: 'Oslo' }).thenReplies('Sunny.').thenReplies('Unused.').thenFails(new Error('never'));
    await run(agentWith(m), 'Weather?');
    expect(m.remainingSteps).toBe(2);
    expect(failureOf(() => m.assertComplete())).toMatchSnapshot();
  });
});

describe('values a script produces only when the call comes', () => {
  test('a responder that returns something else than output fails the call and is recorded', async () => {
    const m = drifting().responds(() => 42 as never);
    const mismatch = mismatchOf(await rejectionOf(run(agentWith(m), 'Hi')));
    expect(mismatch.kind).toBe('invalid_step');
    expect(mismatch.message).toMatchSnapshot();
    expect(m).not.toBeComplete();
  });

  test('a responder that throws fails the run with its own error', async () => {
    const boom = new Error('responder bug');
    const m = drifting().responds(() => {
      throw boom;
    });
    await expect(run(agentWith(m), 'Hi')).rejects.toBe(boom);
  });

  test('a stream without response_done cannot answer a non-streamed run', async () => {
    const m = drifting().streams([{ type: 'response_started' }]);
    const mismatch = mismatchOf(await rejectionOf(run(agentWith(m), 'Hi')));
    expect(mismatch.kind).toBe('invalid_step');
    expect(mismatch.message).toContain('has no response_done event');
  });

  test('a responder that calls an unoffered tool fails like a scripted call would', async () => {
    const m = drifting().responds(() => [
      { type: 'function_call', name: 'get_wether', callId: 'x', arguments: '{}', status: 'completed' },
    ]);
    await expect(run(agentWith(m), 'Hi')).rejects.toThrow(/ModelBehaviorError|not found|get_wether/);
  });
});
