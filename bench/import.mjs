#!/usr/bin/env node
// What importing a setup entry costs on top of importing @openai/agents alone. Every sample is a
// fresh Node process; the variants run interleaved in random order per round. The processes run
// in a temporary project whose node_modules holds the built kit as npm would install it, links to
// the repo's @openai/agents, and stand-ins for `vitest` and `@jest/globals`:
// inside a test run the runner's own module is loaded before any setup file, so it is not the
// kit's cost (and neither runner can be imported outside its own run). The figure per entry is
// the median time of importing it inside the process, the SDK already loaded and its garbage
// collected. What the entries defer is timed too: the builders (a spec's `import { model }`).
// Runs against the built package: `npm run build` first.
//
//   node bench/import.mjs [rounds]          goal: < 15 ms
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, ms, quantile, verdict } from './stats.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const project = mkdtempSync(join(tmpdir(), 'agents-testkit-import-'));
layOut(project);
process.on('exit', () => rmSync(project, { recursive: true, force: true }));
const rounds = Number(process.argv[2] ?? 40);
const variants = { 'esm sdk': 'esm sdk', 'esm vitest': 'esm sdk', 'esm jest': 'esm sdk', 'cjs sdk': 'cjs sdk', 'cjs jest': 'cjs sdk' };
const samples = Object.fromEntries(Object.keys(variants).map((variant) => [variant, []]));

function sample(variant) {
  const child = spawnSync(process.execPath, ['--expose-gc', join(project, 'import-child.mjs'), variant], { cwd: project, encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`${variant}: ${child.stderr}`);
  return JSON.parse(child.stdout);
}

for (const variant of Object.keys(variants)) sample(variant); // warm the file system cache
for (let round = 0; round < rounds; round += 1) {
  const order = Object.keys(variants).sort(() => Math.random() - 0.5);
  for (const variant of order) samples[variant].push(sample(variant));
}

const column = (variant, key) => samples[variant].map((timings) => timings[key]);
console.log(`import cost over @openai/agents alone, ${rounds} fresh processes per variant (medians, p90 in brackets)`);
for (const variant of Object.keys(variants)) {
  const sdk = column(variant, 'sdk');
  console.log(`  ${variant.padEnd(11)} @openai/agents: ${ms(median(sdk))} (${ms(quantile(sdk, 0.9))})`);
}
for (const [variant, baseline] of Object.entries(variants)) {
  if (variant === baseline) continue;
  const [setup, index] = ['setup', 'index'].map((key) => column(variant, key));
  console.log(`  ${variant.padEnd(11)} setup entry: ${ms(median(setup))} (${ms(quantile(setup, 0.9))}); deferred: 'agents-testkit' ${ms(median(index))}`);
  verdict(`importing the ${variant} setup entry after the SDK, median`, ms(median(setup)), '< 15 ms', median(setup) < 15);
}

function layOut(dir) {
  const modules = join(dir, 'node_modules');
  cpSync(join(root, 'dist'), join(modules, 'agents-testkit', 'dist'), { recursive: true });
  cpSync(join(root, 'package.json'), join(modules, 'agents-testkit', 'package.json'));
  for (const name of ['@openai/agents']) {
    mkdirSync(dirname(join(modules, name)), { recursive: true });
    symlinkSync(join(root, 'node_modules', name), join(modules, name), 'dir');
  }
  // A stand-in for the runner, ESM and CJS: only what the setup entries call.
  const members =
    'expect = { extend: noop, addSnapshotSerializer: noop }, beforeAll = noop, beforeEach = noop, afterEach = noop, afterAll = noop, test = { extend: () => noop }, TestRunner = { getCurrentSuite: noop }';
  for (const name of ['vitest', '@jest/globals']) {
    mkdirSync(join(modules, name), { recursive: true });
    const exports = { import: './index.mjs', require: './index.cjs' };
    writeFileSync(join(modules, name, 'package.json'), JSON.stringify({ name, exports }));
    writeFileSync(join(modules, name, 'index.mjs'), `const noop = () => {};\nexport const ${members};\n`);
    writeFileSync(join(modules, name, 'index.cjs'), `const noop = () => {};\nconst ${members};\nmodule.exports = { expect, beforeAll, beforeEach, afterEach, afterAll, test, TestRunner };\n`);
  }
  cpSync(join(here, 'import-child.mjs'), join(dir, 'import-child.mjs'));
}
