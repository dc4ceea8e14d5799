#!/usr/bin/env node
// What agent-graph coverage costs a test: one workflow (a triage agent with two tools, one
// needing approval, a guardrail and a handoff; the model calls a tool, then hands off, and the
// other agent answers) run with the coverage collector listening and without, interleaved in
// one process in random order per round. The figure is the median of the per-round ratios
// on / off. The collector is bundled from src with esbuild (tsup's), as the setup entry starts it
// only when a coverage reporter set AGENTS_TESTKIT_COVERAGE; model() comes from the build.
//
//   node bench/coverage.mjs [rounds]        goal: median ratio <= 1.10
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Agent, run, setTracingDisabled, tool } from '@openai/agents';
import { build } from 'esbuild';
import { z } from 'zod';
import { model } from '../dist/index.js';
import { median, ms, quantile, verdict } from './stats.mjs';

setTracingDisabled(true);
const rounds = Number(process.argv[2] ?? 3000);
const warmup = Math.min(300, rounds);

// Inside the project, so that the bundle resolves @openai/agents to the same copy as this script.
const out = mkdtempSync(join(process.cwd(), 'node_modules', '.cache-agents-testkit-bench-'));
await build({
  stdin: {
    contents: "export { CoverageCollector } from './src/coverage/collector.ts'; export { onEveryRun } from './src/sdk/runnerHook.ts';",
    resolveDir: process.cwd(),
    loader: 'ts',
  },
  bundle: true,
  platform: 'node',
  format: 'esm',
  outfile: join(out, 'coverage.mjs'),
  external: ['@openai/agents'],
  logLevel: 'error',
});
const { CoverageCollector, onEveryRun } = await import(join(out, 'coverage.mjs'));

const lookup = tool({ name: 'lookup', description: 'Looks an order up', parameters: z.object({ id: z.string() }), execute: async ({ id }) => `Order ${id}: shipped.` });
const refund = tool({ name: 'refund', description: 'Refunds', parameters: z.object({ id: z.string() }), execute: async () => 'Refunded.', needsApproval: true });
const noSpam = { name: 'no_spam', execute: async () => ({ tripwireTriggered: false, outputInfo: null }) };

async function workflow() {
  const billing = new Agent({ name: 'Billing', model: model().replies('Billing here.') });
  const triage = new Agent({ name: 'Triage', model: model().calls(lookup, { id: 'A-1' }).thenHandsOffTo(billing), tools: [lookup, refund], handoffs: [billing], inputGuardrails: [noSpam] });
  const result = await run(triage, 'Where is A-1?');
  if (result.finalOutput !== 'Billing here.') throw new Error('workflow went wrong');
}

const collector = new CoverageCollector();
async function on() {
  const stop = onEveryRun(collector.listen);
  try {
    await workflow();
    await collector.settled();
  } finally {
    stop();
  }
}
const off = workflow;

async function time(fn) {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

for (let round = 0; round < warmup; round += 1) {
  await on();
  await off();
}
const withCoverage = [];
const without = [];
const ratios = [];
for (let round = 0; round < rounds; round += 1) {
  const onFirst = Math.random() < 0.5;
  const first = await time(onFirst ? on : off);
  const second = await time(onFirst ? off : on);
  const [a, b] = onFirst ? [first, second] : [second, first];
  withCoverage.push(a);
  without.push(b);
  ratios.push(a / b);
}
rmSync(out, { recursive: true, force: true });
if (!collector.graph.Triage?.tools.lookup?.called) throw new Error('the collector noted nothing');

console.log(`handoff workflow, ${rounds} interleaved rounds (after ${warmup} warm-up rounds)`);
console.log(`  coverage on:   median ${ms(median(withCoverage))}  p90 ${ms(quantile(withCoverage, 0.9))}`);
console.log(`  coverage off:  median ${ms(median(without))}  p90 ${ms(quantile(without, 0.9))}`);
console.log(`  ratio per round: median ${median(ratios).toFixed(3)}  (p25 ${quantile(ratios, 0.25).toFixed(3)}, p75 ${quantile(ratios, 0.75).toFixed(3)})`);
verdict('coverage on over off, median of the per-round ratios', median(ratios).toFixed(3), '<= 1.10', median(ratios) <= 1.10);
