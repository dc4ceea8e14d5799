#!/usr/bin/env node
// The two-turn tool workflow of bench/workflow.mjs (the model calls get_weather, the tool runs, the
// model answers) through five stand-ins for the model, interleaved in one process, in random
// order per round:
//   model()        the kit's script
//   ScriptedModel  the SDK's own scripted double
//   cassette()     the kit replaying a recording of the same workflow (recorded once, up front)
//   msw            the SDK's real OpenAIResponsesModel, its HTTP requests answered by msw 2 (setupServer)
//   nock           the same, answered by nock 14
// Each side builds its double and agent and runs `run(agent, …)`. Only one interceptor is active at a
// time: msw listens, and nock is active, only around their own workflow, outside the timing.
// Figures: the median per workflow, and the median of the per-round ratios to model(). Runs against
// the built package: `npm run build` first.
//
//   node bench/peers.mjs [rounds]        goal: cassette replay / model() <= 1.15
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Agent, OpenAIResponsesModel, run, setTracingDisabled, tool } from '@openai/agents';
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import nock from 'nock';
import { OpenAI } from 'openai';
import { z } from 'zod';
import { cassette, model } from '../dist/index.js';
import { median, ms, quantile, verdict } from './stats.mjs';

setTracingDisabled(true);
const rounds = Number(process.argv[2] ?? 2000);
const warmup = Math.min(200, rounds);
const ANSWER = 'It is sunny in Tokyo.';

const getWeather = tool({
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => `It is sunny in ${city}.`,
});

const weatherAgent = (m) => new Agent({ name: 'Weather', model: m, tools: [getWeather] });

async function workflow(m, name) {
  const result = await run(weatherAgent(m), 'Weather in Tokyo?');
  if (result.finalOutput !== ANSWER) throw new Error(`${name} workflow went wrong: ${JSON.stringify(result.finalOutput)}`);
}

// ── The Responses API, as both interceptors answer it ──────────────────────────────────────────
const BASE = 'https://api.openai.test';
let served = 0;
/** The first request of a workflow gets the tool call; the one that carries its output, the answer. */
function responseTo(body) {
  served += 1;
  const answered = Array.isArray(body.input) && body.input.some((item) => item.type === 'function_call_output');
  const output = answered
    ? [{ type: 'message', id: `msg_${served}`, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: ANSWER, annotations: [] }] }]
    : [{ type: 'function_call', id: `fc_${served}`, call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Tokyo"}', status: 'completed' }];
  return {
    id: `resp_${served}`,
    object: 'response',
    created_at: 1_700_000_000,
    status: 'completed',
    model: body.model,
    output,
    usage: { input_tokens: 20, output_tokens: 5, total_tokens: 25, input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 } },
  };
}
const responsesModel = () => new OpenAIResponsesModel(new OpenAI({ apiKey: 'sk-bench-not-a-key', baseURL: `${BASE}/v1`, maxRetries: 0 }), 'gpt-bench');

const mswServer = setupServer(http.post(`${BASE}/v1/responses`, async ({ request }) => HttpResponse.json(responseTo(await request.json()))));
nock.restore();
nock(BASE).post('/v1/responses').reply(200, (_uri, body) => responseTo(body)).persist();
nock.disableNetConnect();

// ── The recording the cassette replays: the same workflow, recorded from model() ───────────────
const dir = mkdtempSync(join(tmpdir(), 'agents-testkit-bench-'));
const path = join(dir, 'weather.json');
const recorder = cassette(path, { mode: 'record', model: model().calls(getWeather, { city: 'Tokyo' }).thenReplies(ANSWER), conversation: 'weather' });
await workflow(recorder, 'recording');
recorder.commit();

const variants = {
  'model() script': { run: () => workflow(model().calls(getWeather, { city: 'Tokyo' }).thenReplies(ANSWER), 'model()') },
  'SDK ScriptedModel': {
    run: () => workflow(new ScriptedModel([[functionCall('get_weather', { city: 'Tokyo' }, { callId: 'call_1' })], [assistantMessage(ANSWER)]]), 'ScriptedModel'),
  },
  'cassette replay': { run: () => workflow(cassette(path, { conversation: 'weather' }), 'cassette') },
  'msw + Responses model': {
    before: () => mswServer.listen({ onUnhandledRequest: 'error' }),
    run: () => workflow(responsesModel(), 'msw'),
    after: () => mswServer.close(),
  },
  'nock + Responses model': {
    before: () => nock.activate(),
    run: () => workflow(responsesModel(), 'nock'),
    after: () => nock.restore(),
  },
};
const names = Object.keys(variants);

async function timed(name) {
  const variant = variants[name];
  variant.before?.();
  try {
    const start = performance.now();
    await variant.run();
    return performance.now() - start;
  } finally {
    variant.after?.();
  }
}

function shuffled(list) {
  const copy = [...list];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [copy[index], copy[other]] = [copy[other], copy[index]];
  }
  return copy;
}

try {
  for (let round = 0; round < warmup; round += 1) for (const name of names) await timed(name);

  const samples = Object.fromEntries(names.map((name) => [name, []]));
  const ratios = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round += 1) {
    const times = {};
    for (const name of shuffled(names)) times[name] = await timed(name);
    for (const name of names) {
      samples[name].push(times[name]);
      ratios[name].push(times[name] / times['model() script']);
    }
  }

  console.log(`two-turn tool workflow, ${rounds} interleaved rounds of five (after ${warmup} warm-up rounds)`);
  const width = Math.max(...names.map((name) => name.length));
  for (const name of names) {
    const ratio = ratios[name];
    console.log(
      `  ${name.padEnd(width)}  median ${ms(median(samples[name]))}  p90 ${ms(quantile(samples[name], 0.9))}` +
        `  ratio to model(): median ${median(ratio).toFixed(2)} (p25 ${quantile(ratio, 0.25).toFixed(2)}, p75 ${quantile(ratio, 0.75).toFixed(2)})`,
    );
  }
  const replay = median(ratios['cassette replay']);
  verdict('cassette replay over model(), median of the per-round ratios', replay.toFixed(3), '<= 1.15', replay <= 1.15);
} finally {
  mswServer.close();
  nock.restore();
  rmSync(dir, { recursive: true, force: true });
}
