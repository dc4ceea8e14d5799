import { Agent, run, Usage, type AgentInputItem, type Model } from '@openai/agents';
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing';
import { model } from 'agents-testkit';
import { agentWith, describe, expect, failureOf, getWeather, lookupOrder, test } from './support';

function functionCalls(items: readonly AgentInputItem[] | string | undefined) {
  if (items === undefined || typeof items === 'string') return [];
  return items.flatMap((item) => (item.type === 'function_call' ? [{ name: item.name, callId: item.callId, args: item.arguments }] : []));
}

describe.each([
  ['non-streamed', false],
  ['streamed', true],
] as const)('model turns, %s', (_label, stream) => {
  async function runTo(agent: Agent<any, any>, input: string) {
    if (!stream) return run(agent, input);
    const result = await run(agent, input, { stream: true });
    await result.completed;
    return result;
  }

  test('replies() answers with an assistant message', async () => {
    const m = model().replies('Paris.');
    const result = await runTo(agentWith(m), 'Capital of France?');
    expect(result.finalOutput).toBe('Paris.');
    expect(m.remainingSteps).toBe(0);
  });

  test('calls() runs the tool and the next turn sees its output', async () => {
    const m = model().calls(getWeather, { city: 'Tokyo' }).thenReplies('Sunny.');
    const result = await runTo(agentWith(m), 'Weather?');
    expect(result.finalOutput).toBe('Sunny.');
    expect(m.requests).toHaveLength(2);
    expect(m.lastRequest?.input).toContainEqual(
      expect.objectContaining({ type: 'function_call_result', callId: 'call_1', output: { type: 'text', text: 'Sunny in Tokyo.' } }),
    );
  });

  test('call ids are call_1, call_2, … in script order, and { callId } overrides', async () => {
    const m = model()
      .calls(getWeather, { city: 'Oslo' })
      .thenCalls(lookupOrder, { orderId: 'A' }, { callId: 'mine' })
      .thenCalls('get_weather', { city: 'Rome' })
      .thenReplies('Done.');
    await runTo(agentWith(m), 'Go');
    expect(functionCalls(m.lastRequest?.input)).toEqual([
      { name: 'get_weather', callId: 'call_1', args: '{"city":"Oslo"}' },
      { name: 'lookup_order', callId: 'mine', args: '{"orderId":"A"}' },
      { name: 'get_weather', callId: 'call_2', args: '{"city":"Rome"}' },
    ]);
  });

  test('turn() puts several items in one model turn, in order', async () => {
    const m = model()
      .turn((t) => t.reasoning('Two lookups at once.').calls(getWeather, { city: 'Oslo' }).calls(lookupOrder, { orderId: 'B' }))
      .thenReplies('Both done.');
    const result = await runTo(agentWith(m), 'Go');
    expect(result.finalOutput).toBe('Both done.');
    expect(result.rawResponses[0]?.output.map((item) => item.type)).toEqual(['reasoning', 'function_call', 'function_call']);
    expect(functionCalls(m.lastRequest?.input).map((call) => call.callId)).toEqual(['call_1', 'call_2']);
  });

  test('turn() can carry usage and raw items', async () => {
    const m = model().turn((t) =>
      t
        .item({ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Raw.' }] })
        .usage({ inputTokens: 7, outputTokens: 3, totalTokens: 10 }),
    );
    const result = await runTo(agentWith(m), 'Go');
    expect(result.finalOutput).toBe('Raw.');
    expect(result.state.usage.totalTokens).toBe(10);
  });

  test('replies() with an object answers agents with a structured output type', async () => {
    const { z } = await import('zod');
    const agent = new Agent({ name: 'Extractor', model: model().replies({ city: 'Oslo' }), outputType: z.object({ city: z.string() }) });
    const result = await runTo(agent, 'Extract');
    expect(result.finalOutput).toEqual({ city: 'Oslo' });
  });

  test('an object reply is labelled with the JSON it had when written (it is sent as that JSON), a text reply as written', () => {
    const answer = { city: 'Oslo' };
    const m = model({ verify: false })
      .replies(answer)
      .thenReplies('Done.')
      .turn((t) => t.replies(answer));
    answer.city = 'Bergen';
    const failure = failureOf(() => expect(m).toBeComplete());
    expect(failure).toContain('1. replies({"city":"Oslo"})');
    expect(failure).toContain('2. thenReplies("Done.")');
    expect(failure).toContain('3. turn(replies({"city":"Oslo"}))');
  });

  test('responds() derives the turn from the recorded call', async () => {
    const seen: unknown[] = [];
    const m = model()
      .responds((call) => {
        seen.push({ index: call.index, streamed: call.streamed, userText: call.userText });
        return [{ type: 'function_call', name: 'lookup_order', callId: 'c-9', arguments: '{"orderId":"Z"}', status: 'completed' }];
      })
      .thenResponds(({ toolOutputs }) => `Got ${String(toolOutputs[0]?.output)}`);
    const result = await runTo(agentWith(m), 'Where is Z?');
    expect(seen).toEqual([{ index: 0, streamed: stream, userText: 'Where is Z?' }]);
    expect(result.finalOutput).toBe('Got Order Z has shipped.');
  });

  test('responses are numbered by call, whatever kind of turn answers them, as ScriptedModel numbers them', async () => {
    const indexes: number[] = [];
    const m = model()
      .calls(getWeather, { city: 'Tokyo' })
      .thenResponds((call) => {
        indexes.push(call.index);
        return [functionCall('lookup_order', { orderId: 'Z' }, { callId: 'c-9' })];
      })
      .thenReplies('Done.');
    const raw = new ScriptedModel([
      [functionCall('get_weather', { city: 'Tokyo' }, { callId: 'call_1' })],
      [functionCall('lookup_order', { orderId: 'Z' }, { callId: 'c-9' })],
      [assistantMessage('Done.')],
    ]);
    const ids = async (script: Model) => (await runTo(agentWith(script), 'Weather, then order Z?')).rawResponses.map((response) => response.responseId);
    expect(await ids(m)).toEqual(['scripted-response-1', 'scripted-response-2', 'scripted-response-3']);
    expect(await ids(raw)).toEqual(await ids(model().calls(getWeather, { city: 'Tokyo' }).thenResponds(() => [functionCall('lookup_order', { orderId: 'Z' }, { callId: 'c-9' })]).thenReplies('Done.')));
    expect(indexes).toEqual([1]);
  });

  test('responds() may return a full ModelResponse', async () => {
    const m = model().responds(() => ({
      output: [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Full.' }] }],
      usage: new Usage({ requests: 1, inputTokens: 4, outputTokens: 1, totalTokens: 5 }),
      responseId: 'resp_full',
    }));
    const result = await runTo(agentWith(m), 'Go');
    expect(result.finalOutput).toBe('Full.');
    expect(result.lastResponseId).toBe('resp_full');
  });

  test('streams() plays exact events; non-streamed runs take the final response', async () => {
    const m = model().streams([
      { type: 'response_started' },
      { type: 'output_text_delta', delta: 'Str' },
      {
        type: 'response_done',
        response: {
          id: 'resp_s',
          usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
          output: [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Streamed.' }] }],
        },
      },
    ]);
    const result = await runTo(agentWith(m), 'Go');
    expect(result.finalOutput).toBe('Streamed.');
    expect(result.lastResponseId).toBe('resp_s');
  });

  test('times(n) plays a turn n times with fresh call ids', async () => {
    const m = model().calls(getWeather, { city: 'Oslo' }).times(3).thenReplies('Done.');
    const result = await runTo(agentWith(m), 'Go');
    expect(result).toHaveCalledToolTimes(getWeather, 3);
    expect(functionCalls(m.lastRequest?.input).map((call) => call.callId)).toEqual(['call_1', 'call_2', 'call_3']);
  });

  test('fails() throws from the model call', async () => {
    const error = new Error('overloaded');
    const m = model().fails(error);
    await expect(runTo(agentWith(m), 'Go')).rejects.toBe(error);
    expect(m).toBeComplete();
  });
});

describe('a script over time', () => {
  test('turns can be appended after the script was handed to an agent, and between runs', async () => {
    const m = model();
    const agent = agentWith(m);
    m.replies('First.');
    expect((await run(agent, 'One')).finalOutput).toBe('First.');
    m.thenReplies('Second.');
    expect((await run(agent, 'Two')).finalOutput).toBe('Second.');
    expect(m.requests.map((request) => request.input)).toEqual([
      [{ type: 'message', role: 'user', content: 'One' }],
      [{ type: 'message', role: 'user', content: 'Two' }],
    ]);
  });

  test('requests are frozen snapshots without the runner-internal field', async () => {
    const m = model().replies('Hi.');
    await run(agentWith(m), 'Hello');
    const request = m.firstRequest;
    expect(Object.isFrozen(request)).toBe(true);
    expect(request).not.toHaveProperty('_internal');
    expect(request?.systemInstructions).toBe('Help.');
    expect(request?.tools.map((tool) => tool.name)).toEqual(['get_weather', 'lookup_order']);
    expect(m.lastRequest).toEqual(request);
  });

  test('remainingSteps counts turns not consumed yet', async () => {
    const m = model().replies('a').thenReplies('b').thenReplies('c');
    expect(m.remainingSteps).toBe(3);
    await run(agentWith(m), 'x');
    expect(m.remainingSteps).toBe(2);
    expect(m).not.toBeComplete();
    await run(agentWith(m), 'y');
    await run(agentWith(m), 'z');
    expect(m.remainingSteps).toBe(0);
    expect(() => m.assertComplete()).not.toThrow();
  });

  test('an aborted request leaves the script untouched', async () => {
    const m = model().replies('Never.');
    const controller = new AbortController();
    controller.abort();
    await expect(run(agentWith(m), 'x', { signal: controller.signal })).rejects.toThrow();
    expect(m.remainingSteps).toBe(1);
    await run(agentWith(m), 'again');
    expect(m).toBeComplete();
  });
});

test('a streamed run after a non-streamed one on the same script: its responses are still numbered by call', async () => {
  const m = model()
    .replies('First.')
    .thenResponds(() => ({ output: [assistantMessage('Second.')], usage: new Usage({ requests: 1 }) }))
    .thenReplies('Third.');
  const first = await run(agentWith(m), 'One?');
  const second = await run(agentWith(m), 'Two?', { stream: true });
  await second.completed;
  const third = await run(agentWith(m), 'Three?', { stream: true });
  await third.completed;
  expect([first, second, third].map((result) => result.lastResponseId)).toEqual(['scripted-response-1', 'scripted-response-2', 'scripted-response-3']);
});
