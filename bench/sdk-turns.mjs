#!/usr/bin/env node
// The SDK's own run loop against the number of turns, without the kit: a raw ScriptedModel whose
// every turn calls a tool, then answers. The SDK sends, and re-reads, the whole conversation on
// every turn (getTurnInput, the tool-invocation bookkeeping in RunState), so a run's time grows
// with the square of its turns: doubling the turns about quadruples the time. Nothing the kit
// can change; bench/README.md says so with these figures.
//
//   node bench/sdk-turns.mjs [turns…]        default 50 100 200
import { performance } from 'node:perf_hooks';
import { Agent, run, setTracingDisabled, tool } from '@openai/agents';
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing';
import { z } from 'zod';

setTracingDisabled(true);
const counts = process.argv.slice(2).map(Number).filter((n) => n > 0);
const turnCounts = counts.length > 0 ? counts : [50, 100, 200];

const ping = tool({ name: 'ping', description: 'Pings', parameters: z.object({ n: z.number() }), execute: async ({ n }) => `pong ${n}` });

async function timedRun(turns) {
  const steps = Array.from({ length: turns - 1 }, (_, n) => [functionCall('ping', { n }, { callId: `call_${n + 1}` })]);
  const model = new ScriptedModel([...steps, [assistantMessage('Done.')]]);
  const start = performance.now();
  const cpu = process.cpuUsage();
  const result = await run(new Agent({ name: 'Long', model, tools: [ping] }), 'Go', { maxTurns: turns + 1 });
  const used = process.cpuUsage(cpu);
  if (result.finalOutput !== 'Done.') throw new Error('the long run went wrong');
  return { wall: performance.now() - start, cpu: (used.user + used.system) / 1000 };
}

await timedRun(10); // warm-up
const rows = [];
for (const turns of turnCounts) rows.push({ turns, ...(await timedRun(turns)) });
console.log(JSON.stringify(rows));
for (const [index, row] of rows.entries()) {
  const previous = rows[index - 1];
  const growth = previous ? `  ×${(row.wall / previous.wall).toFixed(1)} for ×${(row.turns / previous.turns).toFixed(1)} turns` : '';
  console.log(`  ${String(row.turns).padStart(4)} turns: ${row.wall.toFixed(0)} ms wall, ${row.cpu.toFixed(0)} ms CPU, ${(row.wall / row.turns).toFixed(1)} ms per turn${growth}`);
}
