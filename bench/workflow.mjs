#!/usr/bin/env node
// A two-turn tool workflow (call a tool, then answer) scripted with the kit's model() against the
// same workflow on the SDK's raw ScriptedModel. Both run interleaved in one process, in random
// order per round, so drift in CPU speed or GC affects both alike; the figure is the median of
// the per-round ratios kit / raw (the ratio of the two medians is printed too). Runs against the built package: `npm run build` first.
//
//   node bench/workflow.mjs [rounds]        goal: median ratio <= 1.02
import { performance } from 'node:perf_hooks';
import { Agent, run, setTracingDisabled, tool } from '@openai/agents';
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing';
import { z } from 'zod';
import { model } from '../dist/index.js';
import { median, ms, quantile, verdict } from './stats.mjs';

setTracingDisabled(true);
const rounds = Number(process.argv[2] ?? 10000);
const warmup = Math.min(1000, rounds);

const getWeather = tool({
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => `It is sunny in ${city}.`,
});

async function withKit() {
  const script = model().calls(getWeather, { city: 'Tokyo' }).thenReplies('It is sunny in Tokyo.');
  const agent = new Agent({ name: 'Weather', model: script, tools: [getWeather] });
  const result = await run(agent, 'Weather in Tokyo?');
  if (result.finalOutput !== 'It is sunny in Tokyo.') throw new Error('kit workflow went wrong');
}

async function withRaw() {
  const script = new ScriptedModel([
    [functionCall('get_weather', { city: 'Tokyo' }, { callId: 'call_1' })],
    [assistantMessage('It is sunny in Tokyo.')],
  ]);
  const agent = new Agent({ name: 'Weather', model: script, tools: [getWeather] });
  const result = await run(agent, 'Weather in Tokyo?');
  if (result.finalOutput !== 'It is sunny in Tokyo.') throw new Error('raw workflow went wrong');
}

async function time(fn) {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

for (let round = 0; round < warmup; round += 1) {
  await withKit();
  await withRaw();
}

const kit = [];
const raw = [];
const ratios = [];
for (let round = 0; round < rounds; round += 1) {
  const kitFirst = Math.random() < 0.5;
  const first = await time(kitFirst ? withKit : withRaw);
  const second = await time(kitFirst ? withRaw : withKit);
  const [a, b] = kitFirst ? [first, second] : [second, first];
  kit.push(a);
  raw.push(b);
  ratios.push(a / b);
}

const ofMedians = median(kit) / median(raw);
console.log(`two-turn tool workflow, ${rounds} interleaved rounds (after ${warmup} warm-up rounds)`);
console.log(`  model() script:     median ${ms(median(kit))}  p90 ${ms(quantile(kit, 0.9))}`);
console.log(`  raw ScriptedModel:  median ${ms(median(raw))}  p90 ${ms(quantile(raw, 0.9))}`);
console.log(`  ratio of the medians: ${ofMedians.toFixed(3)}`);
console.log(`  ratio per round:    median ${median(ratios).toFixed(3)}  (p25 ${quantile(ratios, 0.25).toFixed(3)}, p75 ${quantile(ratios, 0.75).toFixed(3)})`);
verdict('model() over ScriptedModel, median of the per-round ratios', median(ratios).toFixed(3), '<= 1.02', median(ratios) <= 1.02);
