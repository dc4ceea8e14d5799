#!/usr/bin/env node
// The slowest spec files of the last `npm test` (or `node scripts/test.mjs vitest jest`), from
// the runners' own reports in .test-results/: Vitest's per-file diagnostics
// (scripts/lib/vitest-durations.mjs; setup, import and hooks included) and Jest's --json report
// (each suite's startTime to endTime). Where the time of the test runs goes, before making one faster.
//
//   node scripts/slowest.mjs [count]        (default 15)
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

const count = Number(process.argv[2] ?? 15);
const rows = [];
const vitest = '.test-results/vitest-durations.json';
if (existsSync(vitest)) for (const file of JSON.parse(readFileSync(vitest, 'utf8'))) rows.push({ runner: 'vitest', file: file.file, ms: file.ms });
const jest = '.test-results/jest.json';
if (existsSync(jest)) {
  for (const suite of JSON.parse(readFileSync(jest, 'utf8')).testResults) {
    rows.push({ runner: 'jest', file: relative(process.cwd(), suite.name), ms: suite.endTime - suite.startTime });
  }
}
if (rows.length === 0) throw new Error('no report in .test-results/: run `node scripts/test.mjs vitest jest` first');

for (const runner of ['vitest', 'jest']) {
  const mine = rows.filter((row) => row.runner === runner).sort((a, b) => b.ms - a.ms);
  if (mine.length === 0) continue;
  const total = mine.reduce((sum, row) => sum + row.ms, 0);
  console.log(`${runner}: ${mine.length} files, ${(total / 1000).toFixed(0)} s summed over workers; the slowest ${Math.min(count, mine.length)}:`);
  for (const row of mine.slice(0, count)) console.log(`  ${(row.ms / 1000).toFixed(1).padStart(6)} s  ${row.file}`);
}
