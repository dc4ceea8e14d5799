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
import { performance } from 'node:perf_hooks';
import { median, ms, quantile, verdict } from './stats.mjs';
import { weatherSides } from './weatherSides.mjs';

const rounds = Number(process.argv[2] ?? 2000);
const warmup = Math.min(200, rounds);

const { sides, close } = await weatherSides();
const variants = {
  'model() script': sides.model,
  'SDK ScriptedModel': sides.scripted,
  'cassette replay': sides.cassette,
  'msw + Responses model': sides.msw,
  'nock + Responses model': sides.nock,
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
  close();
}
