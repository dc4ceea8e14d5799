import { Agent, run, type ModelRequest } from '@openai/agents';
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing';
import { model } from 'agents-testkit';
import { snapshotRequest } from '../src/fakes/model/requestSnapshot';
import { agentWith, describe, expect, getWeather, lookupOrder, test } from './support';

// model() records each request itself, once, when the call comes (ScriptedModel copied it twice).
// What it records must be what the SDK's double records of the same request.

function withoutInternal(request: ModelRequest) {
  const { _internal: _ignored, ...rest } = request as ModelRequest & { _internal?: unknown };
  return rest;
}

describe('model() requests', () => {
  test('are what ScriptedModel records of the same run', async () => {
    const build = (m: ScriptedModel | ReturnType<typeof model>) =>
      new Agent({ name: 'Weather', instructions: 'Help.', model: m, tools: [getWeather, lookupOrder], modelSettings: { temperature: 0.2, providerData: { nested: { a: [1, { b: 2 }] } } } });
    const kit = model().calls(getWeather, { city: 'Tokyo' }).thenReplies('Sunny.');
    const scripted = new ScriptedModel([[functionCall('get_weather', { city: 'Tokyo' }, { callId: 'call_1' })], [assistantMessage('Sunny.')]]);
    await run(build(kit), 'Weather in Tokyo?');
    await run(build(scripted), 'Weather in Tokyo?');
    const expected = scripted.calls.map((call) => withoutInternal(call.request));
    expect(kit.requests).toHaveLength(2);
    // The abort signal is the run's own (kept by reference on both sides): compared apart.
    const strip = (request: object) => ({ ...request, signal: typeof (request as { signal?: unknown }).signal });
    expect(kit.requests.map(strip)).toEqual(expected.map(strip));
    expect(kit.firstRequest && strip(kit.firstRequest)).toEqual(strip(expected[0] as object));
    expect(kit.lastRequest && strip(kit.lastRequest)).toEqual(strip(expected[1] as object));
  });

  test('hold each request as it was when the call came, whatever changes its items later', async () => {
    const m = model().replies('One.');
    const message = { type: 'message' as const, role: 'user' as const, content: 'Hello' };
    const request = { input: [message], modelSettings: {}, tools: [], handoffs: [], outputType: 'text', tracing: false } as unknown as ModelRequest;
    await m.getResponse(request);
    // The SDK builds the next request from the same item objects; the app may change them too.
    message.content = 'changed';
    (request.input as unknown[]).push({ type: 'message', role: 'user', content: 'added later' });
    expect(m.requests[0]?.input).toEqual([{ type: 'message', role: 'user', content: 'Hello' }]);
  });

  test('hand each reader its own copy', async () => {
    const m = model().replies('Hi.');
    await run(agentWith(m), 'Hello');
    const input = m.requests[0]?.input as unknown[];
    input.push({ type: 'message', role: 'user', content: 'added by a reader' });
    expect(m.requests[0]?.input).toHaveLength(1);
    expect(m.firstRequest).not.toBe(m.firstRequest);
  });

  test('are frozen, and leave out the runner-internal field', async () => {
    const m = model().replies('Hi.');
    await run(agentWith(m), 'Hello');
    expect(Object.isFrozen(m.requests)).toBe(true);
    expect(Object.isFrozen(m.lastRequest)).toBe(true);
    expect(m.lastRequest).not.toHaveProperty('_internal');
  });

  test('a responder turn still sees the whole request', async () => {
    const seen: string[] = [];
    const m = model().responds((call) => {
      seen.push(call.request.systemInstructions ?? 'none');
      return 'Done.';
    });
    await run(agentWith(m), 'Hello');
    expect(seen).toEqual(['Help.']);
  });
});

describe('the request copy', () => {
  const symbol = Symbol('tag');

  test('copies arrays and plain objects, keeps shared references and cycles, and keeps class instances', () => {
    const shared = { text: 'shared' };
    const cyclic: Record<string, unknown> = { name: 'cycle' };
    cyclic.self = cyclic;
    const signal = new AbortController().signal;
    const request = { input: [shared, shared], cyclic, signal, _internal: { span: 1 } } as unknown as ModelRequest;
    const copy = snapshotRequest(request) as unknown as { input: object[]; cyclic: { self: unknown }; signal: AbortSignal };
    expect(copy.input[0]).not.toBe(shared);
    expect(copy.input[0]).toBe(copy.input[1]);
    expect(copy.cyclic).not.toBe(cyclic);
    expect(copy.cyclic.self).toBe(copy.cyclic);
    expect(copy.signal).toBe(signal);
    expect(copy).not.toHaveProperty('_internal');
  });

  test('copies buffers and their views, null-prototype objects, symbol keys and a "__proto__" key', () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const bare = Object.assign(Object.create(null) as object, { kind: 'bare' });
    const odd = JSON.parse('{"__proto__": {"polluted": true}}') as object;
    const request = { audio: bytes, raw: bytes.buffer, bare, odd, [symbol]: { tagged: true } } as unknown as ModelRequest;
    const copy = snapshotRequest(request) as unknown as Record<string | symbol, unknown>;
    bytes[0] = 9;
    expect(Array.from(copy.audio as Uint8Array)).toEqual([1, 2, 3]);
    expect(copy.raw).not.toBe(bytes.buffer);
    expect(Object.getPrototypeOf(copy.bare)).toBeNull();
    expect(copy.bare).not.toBe(bare);
    expect(Object.getPrototypeOf(copy.odd)).toBe(Object.prototype);
    expect(Object.keys(copy.odd as object)).toEqual(['__proto__']);
    expect(copy[symbol]).toEqual({ tagged: true });
    expect(copy[symbol]).not.toBe((request as unknown as Record<symbol, unknown>)[symbol]);
  });
});
