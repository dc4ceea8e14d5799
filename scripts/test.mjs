#!/usr/bin/env node
// Runs every check of the project and ends with one line: "N passed, N failed".
// Test runners count their tests; every other check (build, type checks, package checks) counts as one.
//
// The checks that only read files and compute (the build, the type checks, the architecture and
// documentation checks) run side by side first, a core each; what each printed is shown whole when
// it ends. The runs whose specs wait on timers, child runners and loopback servers (Vitest, Jest,
// the consumers, the matrix) then run one after the other, printing as they go, so that no spec
// shares the machine with another step's load.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { typecheck } from './lib/specs.mjs';

const results = '.test-results';
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

/**
 * V8's young generation for the runners' own processes (the Vitest and Jest steps; their workers
 * inherit NODE_OPTIONS): 64 MB semi-spaces instead of the default 16. The specs allocate fast
 * (Jest loads the SDK afresh for each file) and garbage collection was 14% of a Jest run's CPU;
 * with larger semi-spaces fewer scavenges run and less survives them. Measured on two cores,
 * `npx jest --ci` 128–130 s and 234–238 CPU-seconds without it, 112–122 s and 203–223 with it;
 * `npx vitest run` 102–107 s against 92–102 s. Only the collector's pacing changes, not what runs.
 * The consumer projects and the matrix run their runners as users do, without it.
 */
const RUNNER_NODE_OPTIONS = [process.env.NODE_OPTIONS, '--max-semi-space-size=64'].filter(Boolean).join(' ');

const only = process.argv.slice(2);
const wanted = (name) => only.length === 0 || only.includes(name);

/**
 * Where a step writes: straight to the terminal (`buffer` undefined), or into a buffer printed
 * when the step ends. `outcomes` are its checks, `[name, passed, failed]`, in the order it made them.
 */
function sink(buffered) {
  const out = { buffer: buffered ? [] : undefined, outcomes: [] };
  out.log = (text) => (out.buffer ? out.buffer.push(`${text}\n`) : console.log(text));
  return out;
}

/** Runs a shell command; resolves with whether it exited 0. */
function sh(out, command, env = {}) {
  out.log(`\n$ ${command}`);
  const child = spawn(command, { shell: true, stdio: out.buffer ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } });
  if (out.buffer) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => out.buffer.push(chunk));
  return new Promise((resolve) => child.on('close', (status) => resolve(status === 0)));
}

const record = (out, name, passed, failed) => out.outcomes.push([name, passed, failed]);

async function check(out, name, command, env) {
  const ok = await sh(out, command, env);
  record(out, name, ok ? 1 : 0, ok ? 0 : 1);
  return ok;
}

/** Reads a Vitest or Jest JSON report; a run that wrote none counts as one failure. */
async function runner(out, name, command, report, env) {
  const ok = await sh(out, command, env);
  if (!existsSync(report)) return record(out, name, 0, 1);
  const json = JSON.parse(readFileSync(report, 'utf8'));
  const passed = json.numPassedTests ?? 0;
  // Suites that failed to load hold no test results; count each as a failure.
  const failed = (json.numFailedTests ?? 0) + (json.numRuntimeErrorTestSuites ?? 0);
  record(out, name, passed, failed === 0 && !ok ? 1 : failed);
}

/** Side by side, a core each: they compute, and no spec of theirs waits on a timer. */
const together = {
  build: (out) => check(out, 'build', 'npm run build'),
  // docs/ARCHITECTURE.md's rules a script can hold: no import cycle in src/, no file over 400 lines.
  architecture: (out) => check(out, 'no import cycle, no src file over 400 lines', 'node scripts/architecture.mjs'),
  // The projects' type checks and the type tests of test-d/ (one tsconfig per runner) in one
  // process of scripts/lib/typecheck.cjs, which parses the declaration files the projects share
  // once (as five tsc runs they took twice the CPU) and, with --once, checks each file of src/ in
  // tsconfig.json only, the strictest, which holds all of src/ (the type tests and the recipes
  // reach it through `paths`; its augmentations, and the type tests shared by the runners, are still
  // checked in every project): 17 s and 27 CPU-seconds instead of 19 and 16 s side by side, 55.
  typecheck: async (out) => {
    const group = {
      typecheck: ['tsconfig.json', 'tsconfig.examples.json'],
      ...Object.fromEntries(['vitest', 'jest', 'jest-globals'].map((runner) => [`types ${runner}`, [`test-d/${runner}/tsconfig.json`]])),
    };
    const configs = Object.values(group).flat();
    const { output, status, results: checked } = await typecheck('.', configs, { report: join(results, 'typecheck.json'), once: true });
    out.log(`\n$ node scripts/lib/typecheck.cjs --once ${configs.join(' ')}\n${output}`);
    for (const [name, own] of Object.entries(group)) {
      const passed = own.every((config) => checked[configs.indexOf(config)].status === 0);
      record(out, name, passed ? 1 : 0, passed ? 0 : 1);
    }
    if (status !== 0 && checked.every((result) => result.status === 0)) record(out, 'typecheck (exit code)', 0, 1);
  },
  // Every relative link, #anchor and repository URL of README, CONTRIBUTING, CHANGELOG and docs/
  // resolves (no network); TypeDoc reads the TSDoc of every entry point and fails on a broken
  // {@link} or any other warning, writing nothing (`npm run docs` writes docs/api). Its
  // notExported warnings (types the public API names but does not export) are listed by
  // `npm run docs`, not failed on: exporting them is a change to the public API.
  docs: async (out) => {
    await check(out, 'documentation links resolve', 'node scripts/links.mjs');
    // --skipErrorChecking: the typecheck step type-checks the same sources; TypeDoc doing it again was a third of its time.
    await check(out, 'TypeDoc builds the API reference without warnings', 'npx typedoc --emit none --treatWarningsAsErrors --validation.notExported false --skipErrorChecking');
  },
};

/**
 * The runners' `examples` projects are left out: test/coverage-examples.test.ts runs every recipe
 * of examples/ under the same runner and set-up with the coverage reporter on, and each recipe file
 * is a test of it, which fails with that recipe's failures. Run here too, the recipes ran twice
 * per runner: 33 s of Jest's workers and 22 s of Vitest's. `npx vitest run` and `npx jest` still
 * run them directly, for a contributor's run of a recipe alone.
 */
const WITHOUT_EXAMPLES = { vitest: '--project unit --project process-state', jest: '--selectProjects unit' };

/** One after the other, after the ones above. */
const inTurn = {
  cli: (out) => check(out, 'the agents-testkit command runs from the build', 'node dist/cli.js codegen test/fixtures/weather.json && node dist/cli.js cassettes status test/fixtures/weather.json test/fixtures/weather-v1.json'),
  vitest: (out) =>
    runner(
      out,
      'vitest',
      // The durations reporter writes each file's time, hooks included, for scripts/slowest.mjs.
      `npx vitest run ${WITHOUT_EXAMPLES.vitest} --reporter=default --reporter=json --outputFile.json=${join(results, 'vitest.json')} --reporter=./scripts/lib/vitest-durations.mjs`,
      join(results, 'vitest.json'),
      // Like Jest's --ci below: a missing snapshot fails instead of being written (Vitest reads CI).
      { CI: process.env.CI || 'true', NODE_OPTIONS: RUNNER_NODE_OPTIONS },
    ),
  jest: (out) => runner(out, 'jest', `npx jest ${WITHOUT_EXAMPLES.jest} --ci --json --outputFile=${join(results, 'jest.json')}`, join(results, 'jest.json'), { NODE_OPTIONS: RUNNER_NODE_OPTIONS }),
  snapshots: (out) => check(out, 'snapshots agree across runners', 'node scripts/compare-snapshots.mjs'),
  package: async (out) => {
    await check(out, 'publint --strict', 'npx publint --strict');
    const tarball = await packed(out);
    if (!tarball) return record(out, 'are the types wrong', 0, 1);
    await check(out, 'the tarball ships only files an entry point reaches', `node scripts/tarball-files.mjs ${tarball}`);
    await check(out, 'are the types wrong', `npx attw ${tarball} --profile strict --entrypoints . ./jest ./coverage/vitest ./coverage/jest --format ascii`);
    // `./vitest` is ESM only on purpose (Vitest cannot be required): attw's one warning for it,
    // "ESM (dynamic import only)" from CommonJS under node16, is the design; every other rule holds.
    // TypeScript's node10 finds ./coverage/* through package.json "typesVersions" (test/package-types.test.ts).
    await check(out, 'are the types wrong (./vitest, ESM only)', `npx attw ${tarball} --profile strict --entrypoints ./vitest --ignore-rules cjs-resolves-to-esm --format ascii`);
  },
  consumers: async (out) => {
    const tarball = await packed(out);
    const report = join(results, 'consumers.json');
    await sh(out, `node scripts/consumers.mjs ${tarball ? `--tarball ${tarball} ` : ''}--json ${report}`);
    if (!existsSync(report)) return record(out, 'consumers', 0, 1);
    for (const fixture of JSON.parse(readFileSync(report, 'utf8'))) record(out, `consumer ${fixture.name}`, fixture.passed, fixture.failed);
  },
  // The oldest and newest supported peers under npm, installed from the registry (scripts/matrix.mjs --ci).
  // Its installs started in the background when the build ended (startMatrix below); its specs run now.
  matrix: async (out) => {
    const report = join(results, 'matrix.json');
    const background = matrixInstalls ?? startMatrix(out, report);
    const ok = await background.finish(out);
    if (!existsSync(report)) return record(out, 'matrix', 0, 1);
    const rows = JSON.parse(readFileSync(report, 'utf8'));
    for (const row of rows) record(out, `matrix ${row.name}`, row.passed, row.failed);
    if (!ok && rows.every((row) => row.failed === 0)) record(out, 'matrix (exit code)', 0, 1);
  },
};

let tarball;
/** The package as `npm pack` makes it, packed once per run from the build step's dist. */
async function packed(out) {
  if (tarball === undefined) tarball = pack(out);
  return tarball;
}
async function pack(out) {
  // Without a build step in this run, pack the ordinary way: `prepack` builds.
  const scripts = wanted('build') ? '--ignore-scripts ' : '';
  out.log(`\n$ npm pack ${scripts}--pack-destination ${results}`);
  const child = spawn(`npm pack ${scripts}--json --pack-destination ${results}`, { shell: true, stdio: ['ignore', 'pipe', 'inherit'] });
  let stdout = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  const status = await new Promise((resolve) => child.on('close', resolve));
  return status === 0 ? join(results, JSON.parse(stdout.slice(stdout.indexOf('[\n')))[0].filename) : null;
}

/**
 * scripts/matrix.mjs --wait in the background: its npm installs (network-bound) overlap the steps
 * that use the CPU; it runs no spec until `finish()` ends its standard input. What it prints is
 * kept and printed by `finish()`, in the matrix step's place, so the log reads in step order.
 */
async function startMatrixAfter(out, report) {
  const tarball = await packed(out);
  const command = `node scripts/matrix.mjs --ci --wait ${tarball ? `--tarball ${tarball} ` : ''}--json ${report}`;
  const child = spawn(command, { shell: true, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.on('close', (status) => resolve(status)));
  // A run that ends before the matrix step (an exception) leaves no installer behind.
  process.on('exit', () => child.exitCode === null && child.kill());
  return { command, child, output: () => output, exited };
}
function startMatrix(out, report) {
  const started = startMatrixAfter(out, report);
  return {
    async finish(into) {
      const { command, child, output, exited } = await started;
      into.log(`\n$ ${command}   (installs started in the background after the build; specs now)`);
      child.stdin.end();
      const status = await exited;
      into.log(output());
      return status === 0;
    },
  };
}

/** CPU seconds of this process and the children it has waited for (Linux /proc; 0 elsewhere). */
function cpuSeconds() {
  const own = process.cpuUsage();
  let children = 0;
  try {
    // stat's fields 16 and 17 (cutime, cstime: children waited for), counted after the parenthesised name.
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    children = (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {}
  return (own.user + own.system) / 1e6 + children;
}

const seconds = (since) => Math.round((Date.now() - since) / 1000);
const timings = [];
const sinks = [];
let matrixInstalls;

// Side by side, as many at once as there are cores; each one's output is printed when it ends.
{
  const started = Date.now();
  const cpuBefore = cpuSeconds();
  const queue = Object.entries(together).filter(([name]) => wanted(name));
  const each = [];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [name, step] = next;
      const out = sink(true);
      sinks.push([name, out]);
      const begun = Date.now();
      await step(out);
      process.stdout.write(`\n──── ${name} (${seconds(begun)} s) ────${out.buffer.join('')}`);
      each.push(`${name} ${seconds(begun)} s`);
      // Packed from this build, the matrix's installs start now and run beside the next steps.
      if (name === 'build' && wanted('matrix')) matrixInstalls = startMatrix(sink(false), join(results, 'matrix.json'));
    }
  };
  await Promise.all(Array.from({ length: Math.min(availableParallelism(), queue.length) }, worker));
  if (each.length > 0) timings.push(`side by side ${seconds(started)} s (CPU ${Math.round(cpuSeconds() - cpuBefore)} s: ${each.join(', ')})`);
}

for (const [name, step] of Object.entries(inTurn)) {
  if (!wanted(name)) continue;
  const out = sink(false);
  sinks.push([name, out]);
  const started = Date.now();
  const cpuBefore = cpuSeconds();
  await step(out);
  timings.push(`${name} ${seconds(started)} s (CPU ${Math.round(cpuSeconds() - cpuBefore)} s)`);
}

// The summary lists the checks in the steps' declared order, whichever ended first.
const order = [...Object.keys(together), ...Object.keys(inTurn)];
const outcomes = sinks.sort(([a], [b]) => order.indexOf(a) - order.indexOf(b)).flatMap(([, out]) => out.outcomes);
const summary = outcomes.map(([name, passed, failed]) => `${failed === 0 ? 'ok  ' : 'FAIL'} ${name}: ${passed} passed, ${failed} failed`);
const passed = outcomes.reduce((sum, [, p]) => sum + p, 0);
const failed = outcomes.reduce((sum, [, , f]) => sum + f, 0);
const closing = `${passed} passed, ${failed} failed`;
writeFileSync(join(results, 'summary.txt'), `${summary.join('\n')}\n${closing}\n`);
console.log(`\nsteps: ${timings.join(', ')}`);
console.log(`\n${summary.join('\n')}`);
console.log(closing);
process.exitCode = failed === 0 ? 0 : 1;
