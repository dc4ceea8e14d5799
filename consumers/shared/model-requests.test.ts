import { Agent, run, tool, type Model, type ModelRequest } from '@openai/agents';
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing';
import { model } from 'agents-testkit';
import { z } from 'zod';

// What a model() script says it was asked: each request as it was when its call came, whatever the
// app does to the same items later, and the whole request for a responder turn. The script hands
// the SDK's ScriptedModel only part of a planned turn's request and copies the request itself.
// It answers planned turns itself, so it numbers the responses itself, as ScriptedModel does.

const getWeather = tool({
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => `Sunny in ${city}.`,
});

test('requests: every call, with what the tool sent back in the second', async () => {
  const m = model().calls(getWeather, { city: 'Oslo' }).thenReplies('Sunny.');
  await run(new Agent({ name: 'Weather', instructions: 'Answer briefly.', model: m, tools: [getWeather] }), 'Weather in Oslo?');

  expect(m.requests).toHaveLength(2);
  expect(m.firstRequest?.systemInstructions).toBe('Answer briefly.');
  expect(m.firstRequest?.tools.map((offered) => offered.name)).toEqual(['get_weather']);
  expect(m.lastRequest?.input).toContainEqual(expect.objectContaining({ type: 'function_call_result', callId: 'call_1' }));
});

test('requests: as they were when the call came, whatever changes the items later', async () => {
  const m = model().replies('Hi.');
  const message = { type: 'message' as const, role: 'user' as const, content: 'Hello' };
  const request = { input: [message], modelSettings: {}, tools: [], handoffs: [], outputType: 'text', tracing: false } as unknown as ModelRequest;
  await m.getResponse(request);
  message.content = 'changed';

  expect(m.requests[0]?.input).toEqual([{ type: 'message', role: 'user', content: 'Hello' }]);
});

test('requests: a responder turn reads the whole request', async () => {
  const seen: (string | undefined)[] = [];
  const m = model().responds((call) => {
    seen.push(call.request.systemInstructions);
    return 'Done.';
  });
  await run(new Agent({ name: 'Helper', instructions: 'Help.', model: m }), 'Hello');

  expect(seen).toEqual(['Help.']);
});

test('responses: numbered by call, whatever kind of turn answers them, as ScriptedModel numbers them', async () => {
  const lookupOrder = tool({ name: 'lookup_order', description: 'An order', parameters: z.object({ orderId: z.string() }), execute: async ({ orderId }) => `Order ${orderId} shipped.` });
  const indexes: number[] = [];
  const script = () =>
    model()
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
  const ids = async (answering: Model, stream: boolean) => {
    const agent = new Agent({ name: 'Helper', instructions: 'Help.', model: answering, tools: [getWeather, lookupOrder] });
    if (!stream) return (await run(agent, 'Weather, then order Z?')).rawResponses.map((response) => response.responseId);
    const streamed = await run(agent, 'Weather, then order Z?', { stream: true });
    await streamed.completed;
    return streamed.rawResponses.map((response) => response.responseId);
  };

  const expected = await ids(raw, false);
  expect(expected).toEqual(['scripted-response-1', 'scripted-response-2', 'scripted-response-3']);
  expect(await ids(script(), false)).toEqual(expected);
  expect(await ids(script(), true)).toEqual(expected);
  expect(indexes).toEqual([1, 1]);
});
