#!/usr/bin/env node
// Whether model()'s own work per call stays flat as a run grows (issue 27: "each check costs in
// proportion to what is new in a request, not to the whole history"). A script of `turns` turns,
// each calling a tool with its own arguments, then a reply, runs `runs` times. Each model call is
// timed twice, on the same clock: the whole of the script's getResponse up to its first await, and,
// inside it, the same part of the SDK's ScriptedModel.getResponse that the script hands the call to
// (its prototype wrapped for the run). The difference is what the kit does for that call: matching
// the turn, the offer and schema checks, the conversation read, the tool-outcome settling. The
// SDK's own part, which snapshots the whole request, grows with the turn; the kit's must not.
// Figures: the median over the runs per turn index, summarised by decile, and the slope of a
// least-squares line through the per-index medians (µs per turn of index).
//
// A control runs alongside (its runs interleaved with the kit's): the SDK's ScriptedModel with the
// same turns, each call preceded by a fixed piece of work of about the kit's size (40 small objects
// with a closure each, a Map of 10). Its time grows with the turn index too, though its work does
// not: the SDK keeps a deep snapshot of every request, so the heap, and what a collection that
// falls in the timed part costs, grow with the run. The goal compares the kit's growth with it.
// Runs against the built package: `npm run build` first.
//
//   node bench/model-turns.mjs [turns=50] [runs=30]
//   goal: the kit's last decile over its first at most 1.25× the control's
import { performance } from 'node:perf_hooks';
import { Agent, run, setTracingDisabled, tool } from '@openai/agents';
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing';
import { z } from 'zod';
import { model } from '../dist/index.js';
import { median, verdict } from './stats.mjs';

setTracingDisabled(true);
const turns = Number(process.argv[2] ?? 50);
const runs = Number(process.argv[3] ?? 30);
const ping = tool({ name: 'ping', description: 'Pings', parameters: z.object({ n: z.number() }), execute: async ({ n }) => `pong ${n}` });

// The SDK part of each call, measured from inside the script's call to it.
let innerMicros = 0;
const original = ScriptedModel.prototype.getResponse;
ScriptedModel.prototype.getResponse = function timedInner(request) {
  const start = performance.now();
  try {
    return original.call(this, request);
  } finally {
    innerMicros += (performance.now() - start) * 1000;
  }
};

/** One run: the kit's own microseconds per model call, by turn index. */
async function timedRun() {
  let script = model().calls(ping, { n: 0 });
  for (let n = 1; n < turns - 1; n += 1) script = script.thenCalls(ping, { n });
  script = script.thenReplies('Done.');
  const own = [];
  const getResponse = script.getResponse.bind(script);
  script.getResponse = (request) => {
    innerMicros = 0;
    const start = performance.now();
    try {
      return getResponse(request);
    } finally {
      own.push((performance.now() - start) * 1000 - innerMicros);
    }
  };
  const result = await run(new Agent({ name: 'Long', model: script, tools: [ping] }), 'Go', { maxTurns: turns + 1 });
  if (result.finalOutput !== 'Done.' || own.length !== turns) throw new Error('the long run went wrong');
  return own;
}

let sink;
/** The control's fixed work per call. */
function fixedWork() {
  const objects = [];
  for (let index = 0; index < 40; index += 1) objects.push({ index, text: `x${index}`, read: () => index });
  const map = new Map();
  for (let index = 0; index < 10; index += 1) map.set(`k${index}`, index);
  sink = [objects, map];
}

/** One control run: the fixed work's microseconds per model call, by turn index. */
async function controlRun() {
  const steps = Array.from({ length: turns - 1 }, (_, n) => [functionCall('ping', { n }, { callId: `call_${n + 1}` })]);
  const scripted = new ScriptedModel([...steps, [assistantMessage('Done.')]]);
  const own = [];
  const getResponse = scripted.getResponse.bind(scripted);
  scripted.getResponse = (request) => {
    const start = performance.now();
    fixedWork();
    own.push((performance.now() - start) * 1000);
    return getResponse(request);
  };
  const result = await run(new Agent({ name: 'Long', model: scripted, tools: [ping] }), 'Go', { maxTurns: turns + 1 });
  if (result.finalOutput !== 'Done.' || own.length !== turns) throw new Error('the control run went wrong');
  return own;
}

for (let warm = 0; warm < 3; warm += 1) {
  await timedRun();
  await controlRun();
}
const byIndex = { kit: Array.from({ length: turns }, () => []), control: Array.from({ length: turns }, () => []) };
for (let index = 0; index < runs; index += 1) {
  (await timedRun()).forEach((micros, turn) => byIndex.kit[turn].push(micros));
  (await controlRun()).forEach((micros, turn) => byIndex.control[turn].push(micros));
}
ScriptedModel.prototype.getResponse = original;

function summary(name) {
  const medians = byIndex[name].map(median);
  // The first call reads a fresh double (first-call bookkeeping) and the last is the reply: the tool-call turns between are compared.
  const calls = medians.slice(1, -1);
  const decile = Math.max(1, Math.floor(calls.length / 10));
  const first = median(calls.slice(0, decile));
  const last = median(calls.slice(-decile));
  const xs = calls.map((_, index) => index);
  const meanX = xs.reduce((sum, x) => sum + x, 0) / xs.length;
  const meanY = calls.reduce((sum, y) => sum + y, 0) / calls.length;
  const slope = xs.reduce((sum, x, index) => sum + (x - meanX) * (calls[index] - meanY), 0) / xs.reduce((sum, x) => sum + (x - meanX) ** 2, 0);
  return { medians, decile, first, last, slope, meanY, growth: last / first };
}
const kit = summary('kit');
const control = summary('control');

console.log(`model() own work per call, ${turns} turns (tool call each, then a reply), median of ${runs} runs per turn index, µs:`);
for (let start = 0; start < kit.medians.length; start += kit.decile) {
  const slice = kit.medians.slice(start, start + kit.decile);
  console.log(`  turns ${String(start + 1).padStart(3)}–${String(start + slice.length).padEnd(3)}  ${slice.map((value) => value.toFixed(1)).join(' ')}`);
}
for (const [name, figures] of [['model() own work', kit], ['control (fixed work)', control]]) {
  console.log(
    `  ${name}: first ${figures.decile} tool-call turns median ${figures.first.toFixed(1)} µs, last ${figures.decile} ${figures.last.toFixed(1)} µs` +
      ` (×${figures.growth.toFixed(2)}); slope ${figures.slope.toFixed(3)} µs per turn of index`,
  );
}
const relative = kit.growth / control.growth;
verdict("model() own work per call, growth first → last decile over the control's", relative.toFixed(2), '<= 1.25', relative <= 1.25);
