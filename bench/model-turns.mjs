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
// least-squares line through the per-index medians (µs per turn of index). Runs against the
// built package: `npm run build` first.
//
//   node bench/model-turns.mjs [turns=50] [runs=30]     goal: the last decile within 1.25× the first
import { performance } from 'node:perf_hooks';
import { Agent, run, setTracingDisabled, tool } from '@openai/agents';
import { ScriptedModel } from '@openai/agents/testing';
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

for (let warm = 0; warm < 3; warm += 1) await timedRun();
const byIndex = Array.from({ length: turns }, () => []);
for (let index = 0; index < runs; index += 1) (await timedRun()).forEach((micros, turn) => byIndex[turn].push(micros));
ScriptedModel.prototype.getResponse = original;

const medians = byIndex.map(median);
// The first call reads a fresh double (first-call bookkeeping) and the last is the reply: the tool-call turns between are compared.
const calls = medians.slice(1, -1);
const decile = Math.max(1, Math.floor(calls.length / 10));
const first = median(calls.slice(0, decile));
const last = median(calls.slice(-decile));
const xs = calls.map((_, index) => index);
const meanX = xs.reduce((sum, x) => sum + x, 0) / xs.length;
const meanY = calls.reduce((sum, y) => sum + y, 0) / calls.length;
const slope = xs.reduce((sum, x, index) => sum + (x - meanX) * (calls[index] - meanY), 0) / xs.reduce((sum, x) => sum + (x - meanX) ** 2, 0);

console.log(`model() own work per call, ${turns} turns (tool call each, then a reply), median of ${runs} runs per turn index, µs:`);
for (let start = 0; start < medians.length; start += decile) {
  const slice = medians.slice(start, start + decile);
  console.log(`  turns ${String(start + 1).padStart(3)}–${String(start + slice.length).padEnd(3)}  ${slice.map((value) => value.toFixed(1)).join(' ')}`);
}
console.log(`  tool-call turns: first ${decile} median ${first.toFixed(1)} µs, last ${decile} median ${last.toFixed(1)} µs; slope ${slope.toFixed(3)} µs per turn of index (mean ${meanY.toFixed(1)} µs)`);
verdict('model() own work per call, last decile over first', (last / first).toFixed(2), '<= 1.25', last / first <= 1.25);
