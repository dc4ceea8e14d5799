#!/usr/bin/env node
// Every figure issue 27 asks for, measured in one go and printed as the markdown table of
// bench/README.md: the per-turn ratios of the two-turn tool workflow (model() / ScriptedModel with
// CPU time beside wall time; cassette, msw and nock / model()), realtime() / ScriptedRealtimeTransport,
// toHaveCalledTool on 2,000 calls, times(2e6), the setup entries' import, and the SDK's own growth
// with turns. The workflow sides run interleaved in one process: each round runs a batch of
// workflows per side, in random order, timing the batch's wall and CPU time (process.cpuUsage);
// the figure is the median of the per-round ratios. The other figures come from the scripts beside
// this one, each in a fresh process. Runs against the built package: `npm run build` first.
//
//   node bench/table.mjs [rounds=15] [batch=100]
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './stats.mjs';
import { shuffled, timedBatch, weatherSides } from './weatherSides.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const rounds = Math.max(15, Number(process.argv[2] ?? 15));
const batch = Number(process.argv[3] ?? 100);
const { sides, close } = await weatherSides();
const names = Object.keys(sides);

const ratios = { wall: Object.fromEntries(names.map((name) => [name, []])), cpu: Object.fromEntries(names.map((name) => [name, []])) };
const perWorkflow = Object.fromEntries(names.map((name) => [name, []]));
try {
  for (const name of names) await timedBatch(sides[name], batch); // warm-up
  for (let round = 0; round < rounds; round += 1) {
    const times = {};
    for (const name of shuffled(names)) times[name] = await timedBatch(sides[name], batch);
    for (const name of names) {
      perWorkflow[name].push(times[name].wall / batch);
      for (const kind of ['wall', 'cpu']) ratios[kind][name].push(times[name][kind] / times.model[kind]);
    }
  }
} finally {
  close();
}
const ratio = (kind, name) => median(ratios[kind][name]);
// The per-round ratio model()/ScriptedModel, taken the right way up (the median of the inverses of the other side's ratios).
const kitRatio = (kind) => median(ratios[kind].scripted.map((value) => 1 / value));

// ── The figures of the other scripts, each in a fresh process ───────────────────────────────────
function script(file, args = [], options = {}) {
  const child = spawnSync(process.execPath, [...(options.node ?? []), join(here, file), ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (child.error) throw child.error;
  return child.stdout;
}
const number = (text, pattern) => {
  const match = text.match(pattern);
  return match ? Number(match[1]) : Number.NaN;
};
const realtimeOut = script('realtime.mjs', ['15']);
const matcherOut = script('matcher.mjs', ['100']);
const importOut = script('import.mjs', ['15']);
const timesOut = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', `
  import { model } from ${JSON.stringify(new URL('../dist/index.js', import.meta.url).href)};
  globalThis.gc();
  const heap = process.memoryUsage().heapUsed, rss = process.memoryUsage().rss;
  const start = performance.now();
  const script = model({ verify: false }).replies('a').times(2e6);
  const took = performance.now() - start;
  globalThis.gc();
  const used = process.memoryUsage();
  if (script.remainingSteps !== 2e6) throw new Error('times(2e6) did not plan 2e6 turns');
  process.stdout.write(JSON.stringify({ took, heap: (used.heapUsed - heap) / 2 ** 20, rss: (used.rss - rss) / 2 ** 20 }));
`], { encoding: 'utf8' });
const times2e6 = JSON.parse(timesOut.stdout);
const sdkOut = script('sdk-turns.mjs', ['50', '100', '200']);
const sdkRows = JSON.parse(sdkOut.split('\n')[0]);

const f2 = (value) => value.toFixed(2);
const rows = [
  ['`model()` / ScriptedModel, per workflow (two turns)', `wall ${f2(kitRatio('wall'))}, CPU ${f2(kitRatio('cpu'))}`, '≤ 1.02', kitRatio('wall') <= 1.02],
  ['cassette replay / `model()`', `wall ${f2(ratio('wall', 'cassette'))}, CPU ${f2(ratio('cpu', 'cassette'))}`, '≤ 1.15', ratio('wall', 'cassette') <= 1.15],
  ['msw + Responses model / `model()`', `wall ${f2(ratio('wall', 'msw'))}, CPU ${f2(ratio('cpu', 'msw'))}`, '', undefined],
  ['nock + Responses model / `model()`', `wall ${f2(ratio('wall', 'nock'))}, CPU ${f2(ratio('cpu', 'nock'))}`, '', undefined],
  ['realtime() / ScriptedRealtimeTransport, up front', f2(number(realtimeOut, /all turns scripted up front: .*?median ratio ([\d.]+)/)), '≤ 1.10', number(realtimeOut, /all turns scripted up front: .*?median ratio ([\d.]+)/) <= 1.1],
  ['realtime() / ScriptedRealtimeTransport, turn by turn', f2(number(realtimeOut, /turn by turn .*?median ratio ([\d.]+)/)), '≤ 1.25', number(realtimeOut, /turn by turn .*?median ratio ([\d.]+)/) <= 1.25],
  ...[
    ['passes: the last call matches', /pass: the last call matches.*?median ([\d.]+) ms/],
    ['passes: by name', /pass: by name.*?median ([\d.]+) ms/],
    ['`.not` passes', /\.not passes.*?median ([\d.]+) ms/],
    ['fails, message included', /failure, message included.*?median ([\d.]+) ms/],
  ].map(([label, pattern]) => {
    const value = number(matcherOut, pattern);
    return [`toHaveCalledTool on 2,000 calls, ${label} (ms per assertion)`, f2(value), '≤ 2', value <= 2];
  }),
  ['`times(2e6)`: time to build', `${times2e6.took.toFixed(0)} ms`, '≤ 2,000 ms', times2e6.took <= 2000],
  ['`times(2e6)`: memory (heap after, RSS after)', `${times2e6.heap.toFixed(1)} MiB, ${times2e6.rss.toFixed(1)} MiB`, '≤ 100 MiB', Math.max(times2e6.heap, times2e6.rss) <= 100],
  ...['esm vitest', 'esm jest', 'cjs jest'].map((variant) => {
    const value = number(importOut, new RegExp(`${variant}\\s+setup entry: ([\\d.]+) ms`));
    return [`import of the setup entry (${variant}), ms after the SDK`, f2(value), '≤ 15', value <= 15];
  }),
  ['SDK run loop, raw ScriptedModel (no kit)', sdkRows.map((row) => `${row.turns} turns ${(row.wall / 1000).toFixed(1)} s`).join(', '), 'grows ~4× per doubling', undefined],
];
const { loadavg, cpus } = await import('node:os');
console.log(`Measured ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpus().length} cores, load average ${loadavg().map((value) => value.toFixed(2)).join(' ')} at the end; ${rounds} rounds of ${batch} workflows per side.`);
console.log(`Median per workflow: ${names.map((name) => `${name} ${median(perWorkflow[name]).toFixed(3)} ms`).join(', ')}.`);
console.log('');
console.log('| measure | value | goal | met |');
console.log('| --- | --- | --- | --- |');
for (const [label, value, goal, met] of rows) console.log(`| ${label} | ${value} | ${goal} | ${met === undefined ? '' : met ? 'yes' : '**no**'} |`);
