#!/usr/bin/env node
// What of the table's model()/ScriptedModel gap is the kit's own work. The table's five sides
// (bench/weatherSides.mjs) share each process with four more, all on the same two-turn workflow
// and in the same batches (one side's workflows in a row, sides in random order per round, CPU time
// per batch, each side's figure the median of its per-round ratios to ScriptedModel):
//   model() again   a second copy of the built package (dist/ copied to a temporary folder): the same
//                   code with its own module instances, so its distance from the first copy is the
//                   measurement's own spread, not the kit's cost;
//   thin wrapper    a Model class that hands each call to a ScriptedModel built with both turns:
//                   what any model that is not a ScriptedModel costs the run loop;
//   enqueued        a ScriptedModel made empty, each call's turn enqueued when the call comes as a
//                   responder step, as model() hands its turns to its inner ScriptedModel (the turn
//                   is checked against the request first, so it cannot be enqueued up front);
//   no checks       a third copy of the package with model()'s per-call checks cut out (the tool
//                   outcomes read off the request, and the offer/schema check of the turn's output):
//                   what those checks cost. Made by editing the copy's text; the benchmark stops
//                   with an error when the text it edits is no longer there.
// Runs `processes` fresh processes and prints each side's median over them. Against the built
// package: `npm run build` first.
//
//   node bench/anatomy.mjs [processes=3] [rounds=30] [batch=50]
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { median } from './stats.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const [processes = 3, rounds = 30, batch = 50] = process.argv.slice(2).filter((arg) => !arg.startsWith('--')).map(Number);

/** The two calls model() makes per request that are checks and nothing else (src/fakes/model/ModelDouble.ts). */
const CHECKS = ['this.#readOutcomes(reading.fresh, callIndex);', 'this.#answers(request, output, callIndex, stepIndex, turn.items);'];

if (process.argv.includes('--child')) {
  const [copy, unchecked, childRounds, childBatch] = process.argv.slice(process.argv.indexOf('--child') + 1);
  const { Agent, run, tool } = await import('@openai/agents');
  const { assistantMessage, functionCall, modelResponder, ScriptedModel } = await import('@openai/agents/testing');
  const { z } = await import('zod');
  const { shuffled, timedBatch, weatherSides } = await import('./weatherSides.mjs');
  const { sides, close } = await weatherSides();
  const ANSWER = 'It is sunny in Tokyo.';
  const getWeather = tool({ name: 'get_weather', description: 'Current weather for a city', parameters: z.object({ city: z.string() }), execute: async ({ city }) => `It is sunny in ${city}.` });
  const workflow = (make) => async () => {
    const result = await run(new Agent({ name: 'Weather', model: make(), tools: [getWeather] }), 'Weather in Tokyo?');
    if (result.finalOutput !== ANSWER) throw new Error(`workflow went wrong: ${JSON.stringify(result.finalOutput)}`);
  };
  const turns = () => [[functionCall('get_weather', { city: 'Tokyo' }, { callId: 'call_1' })], [assistantMessage(ANSWER)]];
  class Thin {
    constructor(inner) {
      this.inner = inner;
    }
    getResponse(request) {
      return this.inner.getResponse(request);
    }
    getStreamedResponse(request) {
      return this.inner.getStreamedResponse(request);
    }
  }
  class Enqueued {
    #inner = new ScriptedModel();
    #turns = turns();
    getResponse(request) {
      const output = this.#turns.shift();
      this.#inner.enqueue(modelResponder(() => output));
      return this.#inner.getResponse(request);
    }
    getStreamedResponse(request) {
      return this.#inner.getStreamedResponse(request);
    }
  }
  const kitSide = (module) => workflow(() => module.model().calls(getWeather, { city: 'Tokyo' }).thenReplies(ANSWER));
  sides['model() again'] = { run: kitSide(await import(pathToFileURL(join(copy, 'index.js')).href)) };
  sides['thin wrapper'] = { run: workflow(() => new Thin(new ScriptedModel(turns()))) };
  sides.enqueued = { run: workflow(() => new Enqueued()) };
  sides['no checks'] = { run: kitSide(await import(pathToFileURL(join(unchecked, 'index.js')).href)) };

  const names = Object.keys(sides);
  const cpuOf = async (name) => (await timedBatch(sides[name], Number(childBatch))).cpu;
  const ratios = Object.fromEntries(names.map((name) => [name, []]));
  try {
    for (const name of names) await cpuOf(name); // warm-up
    for (let round = 0; round < Number(childRounds); round += 1) {
      const cpu = {};
      for (const name of shuffled(names)) cpu[name] = await cpuOf(name);
      for (const name of names) ratios[name].push(cpu[name] / cpu.scripted);
    }
  } finally {
    close();
  }
  process.stdout.write(JSON.stringify(Object.fromEntries(names.map((name) => [name, median(ratios[name])]))));
} else {
  // Inside the repository's node_modules, where the copies find the SDK the way dist/ does.
  const cache = join(here, '..', 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const work = mkdtempSync(join(cache, 'agents-testkit-anatomy-'));
  try {
    const dist = join(here, '..', 'dist');
    const copy = join(work, 'copy');
    const unchecked = join(work, 'unchecked');
    cpSync(dist, copy, { recursive: true });
    cpSync(dist, unchecked, { recursive: true });
    let cut = 0;
    for (const file of readdirSync(unchecked).filter((name) => name.endsWith('.js'))) {
      let text = readFileSync(join(unchecked, file), 'utf8');
      for (const check of CHECKS) {
        if (text.includes(check)) {
          text = text.replace(check, '');
          cut += 1;
        }
      }
      writeFileSync(join(unchecked, file), text);
    }
    if (cut !== CHECKS.length) throw new Error(`found ${cut} of the ${CHECKS.length} checks to cut in dist/: ModelDouble changed; update CHECKS`);

    const results = {};
    for (let index = 0; index < processes; index += 1) {
      const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', copy, unchecked, String(rounds), String(batch)], { encoding: 'utf8' });
      if (child.status !== 0) throw new Error(child.stderr);
      for (const [name, value] of Object.entries(JSON.parse(child.stdout))) (results[name] ??= []).push(value);
    }
    console.log(`CPU / ScriptedModel per two-turn workflow, all nine sides in each process (${processes} processes, ${rounds} rounds of ${batch} workflows per side):`);
    for (const [name, values] of Object.entries(results)) {
      if (name === 'scripted') continue;
      console.log(`  ${name.padEnd(14)} ${median(values).toFixed(3)}  (${values.map((value) => value.toFixed(3)).join(', ')})`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
