#!/usr/bin/env node
// Where the per-turn gap is not: the kit's model work and allocations, each beside the SDK's
// ScriptedModel, outside the run loop and inside it.
//   1. Direct: build the script and answer the two requests of the two-turn tool workflow (the
//      SDK's own requests, captured once), calling getResponse as the run loop would; CPU
//      microseconds per workflow, alternating sides, five rounds.
//   2. Allocation: bytes allocated per whole workflow (bench/weatherSides.mjs), read as heap growth
//      with a young generation large enough that no collection runs while a batch is measured.
// Runs against the built package: `npm run build` first.
//
//   node --expose-gc --max-semi-space-size=512 --min-semi-space-size=512 bench/model-direct.mjs
import { Agent, run, setTracingDisabled, tool } from '@openai/agents';
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing';
import { z } from 'zod';
import { model } from '../dist/index.js';
import { weatherSides } from './weatherSides.mjs';

if (typeof globalThis.gc !== 'function') throw new Error('run with --expose-gc --max-semi-space-size=512 --min-semi-space-size=512');
setTracingDisabled(true);
const getWeather = tool({ name: 'get_weather', description: 'Current weather for a city', parameters: z.object({ city: z.string() }), execute: async ({ city }) => `It is sunny in ${city}.` });
const scripted = () => new ScriptedModel([[functionCall('get_weather', { city: 'Tokyo' }, { callId: 'call_1' })], [assistantMessage('ok')]]);

// The SDK's two requests of the workflow, as the run loop sends them.
const requests = [];
const capture = scripted();
const answer = capture.getResponse.bind(capture);
capture.getResponse = async (request) => (requests.push(request), answer(request));
await run(new Agent({ name: 'Weather', model: capture, tools: [getWeather] }), 'Weather in Tokyo?');
const fresh = (request) => ({ ...request, input: Array.isArray(request.input) ? [...request.input] : request.input });
const direct = {
  'model()': async () => {
    const m = model().calls(getWeather, { city: 'Tokyo' }).thenReplies('ok');
    await m.getResponse(fresh(requests[0]));
    await m.getResponse(fresh(requests[1]));
  },
  ScriptedModel: async () => {
    const m = scripted();
    await m.getResponse(fresh(requests[0]));
    await m.getResponse(fresh(requests[1]));
  },
};
const N = 20_000;
for (const side of Object.values(direct)) for (let index = 0; index < 2_000; index += 1) await side();
console.log('1. direct: build + two getResponse calls, CPU µs per workflow');
for (let round = 0; round < 5; round += 1) {
  const line = [];
  for (const [name, side] of Object.entries(direct)) {
    globalThis.gc();
    const start = process.cpuUsage();
    for (let index = 0; index < N; index += 1) await side();
    const used = process.cpuUsage(start);
    line.push(`${name} ${((used.user + used.system) / N).toFixed(1)}`);
  }
  console.log(`   round ${round + 1}: ${line.join(', ')}`);
}

const { sides, close } = await weatherSides();
try {
  for (const name of ['model', 'scripted']) for (let index = 0; index < 2_000; index += 1) await sides[name].run();
  console.log('2. whole workflow: KiB allocated per workflow (400 workflows per batch, no collection during a batch)');
  for (let round = 0; round < 3; round += 1) {
    const line = [];
    for (const name of ['model', 'scripted']) {
      globalThis.gc();
      const before = process.memoryUsage().heapUsed;
      for (let index = 0; index < 400; index += 1) await sides[name].run();
      line.push(`${name === 'model' ? 'model()' : 'ScriptedModel'} ${((process.memoryUsage().heapUsed - before) / 400 / 1024).toFixed(1)}`);
    }
    console.log(`   round ${round + 1}: ${line.join(', ')}`);
  }
} finally {
  close();
}
