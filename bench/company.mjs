#!/usr/bin/env node
// model() / ScriptedModel on the workflow of bench/table.mjs, depending on which other stand-ins
// share the process. The table interleaves all five sides in one process; this runs the same
// batches (one side's workflows in a row, sides in random order per round, CPU time per batch) in
// fresh processes whose sides are: the two alone, the two with the cassette replay, with msw and
// nock, and all five. Each company runs `repeats` times, the companies taking turns; the figure per
// company is the median over its processes of the median per-round CPU ratio. It tells whether a
// change of the table's model()/ScriptedModel figure comes from the kit's own work (it would show
// in every company) or from sharing the process with the others. Runs against the built package.
//
//   node bench/company.mjs [repeats=3] [rounds=40] [batch=50]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { median } from './stats.mjs';

const [repeats = 3, rounds = 40, batch = 50] = process.argv.slice(2).map(Number);
const companies = { alone: ['model', 'scripted'], 'with cassette': ['model', 'scripted', 'cassette'], 'with msw and nock': ['model', 'scripted', 'msw', 'nock'], 'all five': ['model', 'scripted', 'cassette', 'msw', 'nock'] };

if (process.argv[2] === '--child') {
  const [, , , names, childRounds, childBatch] = process.argv;
  const { shuffled, timedBatch, weatherSides } = await import('./weatherSides.mjs');
  const { sides, close } = await weatherSides();
  const picked = names.split(',');
  const cpuOf = async (name) => (await timedBatch(sides[name], Number(childBatch))).cpu;
  try {
    for (const name of picked) await cpuOf(name); // warm-up
    const ratios = [];
    for (let round = 0; round < Number(childRounds); round += 1) {
      const cpu = {};
      for (const name of shuffled(picked)) cpu[name] = await cpuOf(name);
      ratios.push(cpu.model / cpu.scripted);
    }
    process.stdout.write(JSON.stringify(median(ratios)));
  } finally {
    close();
  }
} else {
  const results = Object.fromEntries(Object.keys(companies).map((name) => [name, []]));
  for (let repeat = 0; repeat < repeats; repeat += 1) {
    for (const [company, names] of Object.entries(companies)) {
      const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', names.join(','), String(rounds), String(batch)], { encoding: 'utf8' });
      if (child.status !== 0) throw new Error(`${company}: ${child.stderr}`);
      results[company].push(Number(child.stdout));
    }
  }
  console.log(`model() / ScriptedModel, CPU, by the stand-ins sharing the process (${repeats} processes each, ${rounds} rounds of ${batch} workflows per side):`);
  for (const [company, values] of Object.entries(results)) {
    console.log(`  ${company.padEnd(18)} ${median(values).toFixed(3)}  (${values.map((value) => value.toFixed(3)).join(', ')})`);
  }
}
