// A tool with `timeoutMs` and its own `timeoutErrorFunction` that takes too long: the SDK hands the
// model whatever text that function returns and runs on, and marks no span. The kit wraps the
// function as the agent offers the tool (src/sdk/coupling/toolTimeouts.ts), so the script's next
// request, the run's end, `toHaveToolOutput` and a Realtime script all take the call for a failed one.
import { Agent, run, tool, type RunContext } from '@openai/agents';
import { RealtimeAgent, RealtimeSession, tool as realtimeTool } from '@openai/agents/realtime';
import { model, realtime } from 'agents-testkit';
import { z } from 'zod';
import { failedToolCalls } from '../src/fakes/core/toolFailures';
import { describe, expect, recorded, rejectionOf, test } from './support';

const SLOW = 'The weather service is slow today.';

/** Answers only when the SDK aborts it: the call always outlasts its 20 ms. */
const untilAborted = (_args: unknown, _context?: RunContext, details?: { signal?: AbortSignal }) =>
  new Promise<string>((resolve) => details?.signal?.addEventListener('abort', () => resolve('too late')));

const slow = tool({
  name: 'get_weather',
  description: 'Weather for a city',
  parameters: z.object({ city: z.string() }),
  execute: untilAborted,
  timeoutMs: 20,
  timeoutErrorFunction: () => SLOW,
});

const quick = tool({
  name: 'get_weather',
  description: 'Weather for a city',
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => `Sunny in ${city}.`,
  timeoutMs: 1000,
  timeoutErrorFunction: () => SLOW,
});

describe("a tool whose own timeoutErrorFunction turned its timeout into text", () => {
  test('the script’s next request records the unplanned timeout, quoting the app’s text', async () => {
    const script = model({ verify: false }).calls(slow, { city: 'Oslo' }).thenReplies('Sorry, no weather.');

    const result = await run(new Agent({ name: 'Weather', model: script, tools: [slow] }), 'Weather in Oslo?');

    expect(result.finalOutput).toBe('Sorry, no weather.');
    expect(recorded(script).map((mismatch) => mismatch.kind)).toEqual(['tool_failed']);
    expect(recorded(script)[0]?.message).toContain(SLOW);
    expect(result).not.toHaveToolOutput(slow);
    expect(result).toHaveToolOutput(slow, SLOW);
    expect(() => expect(result).toHaveToolOutput(slow)).toThrow(`get_weather call_1 → "${SLOW}"  (Weather)  (the tool timed out; its timeoutErrorFunction wrote this text)`);
  });

  test('on the model() script too: the output its request carried is named a timeout', async () => {
    const script = model().calls(slow, { city: 'Oslo' }, { toolFails: 'slow today' }).thenReplies('Sorry.');

    await run(new Agent({ name: 'Weather', model: script, tools: [slow] }), 'Weather in Oslo?');

    expect(script).not.toHaveToolOutput(slow);
    expect(script).toHaveToolOutput(slow, SLOW);
    expect(() => expect(script).toHaveToolOutput(slow)).toThrow('(the tool timed out; its timeoutErrorFunction wrote this text)');
  });

  test('planned by the text it expects, it passes', async () => {
    const script = model().calls(slow, { city: 'Oslo' }, { toolFails: 'slow today' }).thenReplies('Sorry, no weather.');

    await run(new Agent({ name: 'Weather', model: script, tools: [slow] }), 'Weather in Oslo?');

    expect(recorded(script)).toEqual([]);
  });

  test('a tool that answers in time is not taken for a failed one', async () => {
    const script = model().calls(quick, { city: 'Oslo' }).thenReplies('Sunny.');

    const result = await run(new Agent({ name: 'Weather', model: script, tools: [quick] }), 'Weather in Oslo?');

    expect(recorded(script)).toEqual([]);
    expect(result).toHaveToolOutput(quick, 'Sunny in Oslo.');
  });

  test('a Realtime tool that times out fails expectToolOutput(tool) without an output, naming the timeout', async () => {
    const slowVoice = realtimeTool({ name: 'get_weather', description: 'Weather', parameters: z.object({ city: z.string() }), execute: untilAborted, timeoutMs: 20, timeoutErrorFunction: () => SLOW });
    const rt = realtime({ verify: false }).emitToolCall(slowVoice, { city: 'Oslo' }).expectToolOutput(slowVoice);
    const session = new RealtimeSession(new RealtimeAgent({ name: 'Weather', tools: [slowVoice] }), { transport: rt });
    await session.connect({ apiKey: 'test' });

    const error = await rejectionOf(rt.settled());

    expect(error).toMatchObject({ kind: 'tool_failed' });
    expect(error.message).toContain(`The tool timed out, and its own timeoutErrorFunction made "${SLOW}" of the timeout`);
  });

  test('a failed call a kit of an earlier version noted (a set of ids in the shared state) still reads as failed, not timed out', () => {
    const result = {};
    const shared = (globalThis as unknown as Record<symbol, { failedCalls: WeakMap<object, unknown> }>)[Symbol.for('agents-testkit.tool-failures')];
    shared?.failedCalls.set(result, new Set(['call_1']));

    expect([...failedToolCalls(result)]).toEqual([['call_1', false]]);
  });
});
