// The two-turn tool workflow of bench/peers.mjs and bench/table.mjs, and the five ways to answer its
// model calls that they compare: the kit's model() script, the SDK's ScriptedModel, a cassette
// replay (recorded here from model()), and the SDK's Responses model answered by msw or by nock.
// Runs against the built package: `npm run build` first.
import { mkdtempSync, rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, OpenAIResponsesModel, run, setTracingDisabled, tool } from '@openai/agents';
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import nock from 'nock';
import { OpenAI } from 'openai';
import { z } from 'zod';
import { cassette, model } from '../dist/index.js';

setTracingDisabled(true);
const ANSWER = 'It is sunny in Tokyo.';
const getWeather = tool({
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => `It is sunny in ${city}.`,
});

async function workflow(m, name) {
  const result = await run(new Agent({ name: 'Weather', model: m, tools: [getWeather] }), 'Weather in Tokyo?');
  if (result.finalOutput !== ANSWER) throw new Error(`${name} workflow went wrong: ${JSON.stringify(result.finalOutput)}`);
}

const BASE = 'https://api.openai.test';
let served = 0;
/** The first request of a workflow gets the tool call; the one that carries its output, the answer. */
function responseTo(body) {
  served += 1;
  const answered = Array.isArray(body.input) && body.input.some((item) => item.type === 'function_call_output');
  const output = answered
    ? [{ type: 'message', id: `msg_${served}`, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: ANSWER, annotations: [] }] }]
    : [{ type: 'function_call', id: `fc_${served}`, call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Tokyo"}', status: 'completed' }];
  const usage = { input_tokens: 20, output_tokens: 5, total_tokens: 25, input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 } };
  return { id: `resp_${served}`, object: 'response', created_at: 1_700_000_000, status: 'completed', model: body.model, output, usage };
}
const responsesModel = () => new OpenAIResponsesModel(new OpenAI({ apiKey: 'sk-bench-not-a-key', baseURL: `${BASE}/v1`, maxRetries: 0 }), 'gpt-bench');

/**
 * The five sides, each `{ before?, run, after? }` (run = one workflow), and `close()`, which ends
 * the HTTP stand-ins and removes the recording. Keys: model, scripted, cassette, msw, nock.
 */
export async function weatherSides() {
  const mswServer = setupServer(http.post(`${BASE}/v1/responses`, async ({ request }) => HttpResponse.json(responseTo(await request.json()))));
  nock.restore();
  nock(BASE).post('/v1/responses').reply(200, (_uri, body) => responseTo(body)).persist();
  nock.disableNetConnect();

  const dir = mkdtempSync(join(tmpdir(), 'agents-testkit-bench-'));
  const path = join(dir, 'weather.json');
  const recorder = cassette(path, { mode: 'record', model: model().calls(getWeather, { city: 'Tokyo' }).thenReplies(ANSWER), conversation: 'weather' });
  await workflow(recorder, 'recording');
  recorder.commit();

  const sides = {
    model: { run: () => workflow(model().calls(getWeather, { city: 'Tokyo' }).thenReplies(ANSWER), 'model()') },
    scripted: { run: () => workflow(new ScriptedModel([[functionCall('get_weather', { city: 'Tokyo' }, { callId: 'call_1' })], [assistantMessage(ANSWER)]]), 'ScriptedModel') },
    cassette: { run: () => workflow(cassette(path, { conversation: 'weather' }), 'cassette') },
    msw: { before: () => mswServer.listen({ onUnhandledRequest: 'error' }), run: () => workflow(responsesModel(), 'msw'), after: () => mswServer.close() },
    nock: { before: () => nock.activate(), run: () => workflow(responsesModel(), 'nock'), after: () => nock.restore() },
  };
  const close = () => {
    mswServer.close();
    nock.restore();
    rmSync(dir, { recursive: true, force: true });
  };
  return { sides, close };
}

/** One batch of `size` workflows of one side: its wall and CPU milliseconds (`process.cpuUsage`). */
export async function timedBatch(side, size) {
  side.before?.();
  try {
    const cpu = process.cpuUsage();
    const start = performance.now();
    for (let index = 0; index < size; index += 1) await side.run();
    const wall = performance.now() - start;
    const used = process.cpuUsage(cpu);
    return { wall, cpu: (used.user + used.system) / 1000 };
  } finally {
    side.after?.();
  }
}

/** The sides' names in a random order: each round runs its batches in a new one. */
export const shuffled = (list) => list.map((value) => [Math.random(), value]).sort((a, b) => a[0] - b[0]).map(([, value]) => value);
