#!/usr/bin/env node
// Runs every check of the project in order and ends with one line: "N passed, N failed".
// Test runners count their tests; every other check (build, type checks, package checks) counts as one.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const results = '.test-results';
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const only = process.argv.slice(2);
const totals = { passed: 0, failed: 0 };
const summary = [];

function sh(command, env = {}) {
  console.log(`\n$ ${command}`);
  const outcome = spawnSync(command, { shell: true, stdio: 'inherit', env: { ...process.env, ...env } });
  return outcome.status === 0;
}

function record(name, passed, failed) {
  totals.passed += passed;
  totals.failed += failed;
  summary.push(`${failed === 0 ? 'ok  ' : 'FAIL'} ${name}: ${passed} passed, ${failed} failed`);
}

function check(name, command, env) {
  const ok = sh(command, env);
  record(name, ok ? 1 : 0, ok ? 0 : 1);
  return ok;
}

/** Reads a Vitest or Jest JSON report; a run that wrote none counts as one failure. */
function runner(name, command, report, env) {
  const ok = sh(command, env);
  if (!existsSync(report)) {
    record(name, 0, 1);
    return;
  }
  const json = JSON.parse(readFileSync(report, 'utf8'));
  const passed = json.numPassedTests ?? 0;
  // Suites that failed to load hold no test results; count each as a failure.
  const failed = (json.numFailedTests ?? 0) + (json.numRuntimeErrorTestSuites ?? 0);
  record(name, passed, failed === 0 && !ok ? 1 : failed);
}

const steps = {
  build: () => check('build', 'npx tsup'),
  cli: () => check('the agents-testkit command runs from the build', 'node dist/cli.js codegen test/fixtures/weather.json && node dist/cli.js cassettes status test/fixtures/weather.json test/fixtures/weather-v1.json'),
  // docs/ARCHITECTURE.md's rules a script can hold: no import cycle in src/, no file over 400 lines.
  architecture: () => check('no import cycle, no src file over 400 lines', 'node scripts/architecture.mjs'),
  typecheck: () => check('typecheck', 'npx tsc -p tsconfig.json --noEmit && npx tsc -p tsconfig.examples.json --noEmit'),
  vitest: () =>
    runner(
      'vitest',
      // The durations reporter writes each file's time, hooks included, for scripts/slowest.mjs.
      `npx vitest run --reporter=default --reporter=json --outputFile.json=${join(results, 'vitest.json')} --reporter=./scripts/lib/vitest-durations.mjs`,
      join(results, 'vitest.json'),
      // Like Jest's --ci below: a missing snapshot fails instead of being written (Vitest reads CI).
      { CI: process.env.CI || 'true' },
    ),
  jest: () => runner('jest', `npx jest --ci --json --outputFile=${join(results, 'jest.json')}`, join(results, 'jest.json')),
  // Every relative link, #anchor and repository URL of README, CONTRIBUTING, CHANGELOG and docs/
  // resolves (no network); TypeDoc reads the TSDoc of every entry point and fails on a broken
  // {@link} or any other warning, writing nothing (`npm run docs` writes docs/api). Its
  // notExported warnings (types the public API names but does not export) are listed by
  // `npm run docs`, not failed on: exporting them is a change to the public API.
  docs: () => {
    check('documentation links resolve', 'node scripts/links.mjs');
    check('TypeDoc builds the API reference without warnings', 'npx typedoc --emit none --treatWarningsAsErrors --validation.notExported false');
  },
  snapshots: () => check('snapshots agree across runners', 'node scripts/compare-snapshots.mjs'),
  types: () => {
    for (const tsconfig of ['vitest', 'jest', 'jest-globals']) check(`types ${tsconfig}`, `npx tsc -p test-d/${tsconfig}/tsconfig.json`);
  },
  package: () => {
    check('publint --strict', 'npx publint --strict');
    const tarball = packed();
    if (tarball) {
      check('the tarball ships only files an entry point reaches', `node scripts/tarball-files.mjs ${tarball}`);
      check('are the types wrong', `npx attw ${tarball} --profile strict --entrypoints . ./jest ./coverage/vitest ./coverage/jest --format ascii`);
      // `./vitest` is ESM only on purpose (Vitest cannot be required): attw's one warning for it,
      // "ESM (dynamic import only)" from CommonJS under node16, is the design; every other rule holds.
      // TypeScript's node10 finds ./coverage/* through package.json "typesVersions" (test/package-types.test.ts).
      check('are the types wrong (./vitest, ESM only)', `npx attw ${tarball} --profile strict --entrypoints ./vitest --ignore-rules cjs-resolves-to-esm --format ascii`);
    } else record('are the types wrong', 0, 1);
  },
  consumers: () => {
    const tarball = packed();
    const report = join(results, 'consumers.json');
    sh(`node scripts/consumers.mjs ${tarball ? `--tarball ${tarball} ` : ''}--json ${report}`);
    if (!existsSync(report)) return record('consumers', 0, 1);
    for (const fixture of JSON.parse(readFileSync(report, 'utf8'))) record(`consumer ${fixture.name}`, fixture.passed, fixture.failed);
  },
  // The oldest and newest supported peers under npm, installed from the registry (scripts/matrix.mjs --ci).
  // Its installs started in the background after the build (matrixInstalls below); its specs run now.
  matrix: async () => {
    const report = join(results, 'matrix.json');
    const background = matrixInstalls ?? startMatrix(report);
    const ok = await background.finish();
    if (!existsSync(report)) return record('matrix', 0, 1);
    const rows = JSON.parse(readFileSync(report, 'utf8'));
    for (const row of rows) record(`matrix ${row.name}`, row.passed, row.failed);
    if (!ok && rows.every((row) => row.failed === 0)) record('matrix (exit code)', 0, 1);
  },
};

let tarball;
/** The package as `npm pack` makes it, packed once per run from the build step's dist. */
function packed() {
  if (tarball !== undefined) return tarball;
  // Without a build step in this run, pack the ordinary way: `prepack` builds.
  const scripts = only.length === 0 || only.includes('build') ? '--ignore-scripts ' : '';
  console.log(`\n$ npm pack ${scripts}--pack-destination ${results}`);
  const outcome = spawnSync(`npm pack ${scripts}--json --pack-destination ${results}`, { shell: true, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  tarball = outcome.status === 0 ? join(results, JSON.parse(outcome.stdout.slice(outcome.stdout.indexOf('[\n')))[0].filename) : null;
  return tarball;
}

/**
 * scripts/matrix.mjs --wait in the background: its npm installs (network-bound) overlap the steps
 * that use the CPU; it runs no spec until `finish()` ends its standard input. What it prints is
 * kept and printed by `finish()`, in the matrix step's place, so the log reads in step order.
 */
function startMatrix(report) {
  const tarball = packed();
  const command = `node scripts/matrix.mjs --ci --wait ${tarball ? `--tarball ${tarball} ` : ''}--json ${report}`;
  const child = spawn(command, { shell: true, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.on('close', (status) => resolve(status)));
  // A run that ends before the matrix step (an exception) leaves no installer behind.
  process.on('exit', () => child.exitCode === null && child.kill());
  return {
    async finish() {
      console.log(`\n$ ${command}   (installs started in the background after the build; specs now)`);
      child.stdin.end();
      const status = await exited;
      process.stdout.write(output);
      return status === 0;
    },
  };
}

let matrixInstalls;
const wanted = (name) => only.length === 0 || only.includes(name);
const timings = [];
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
for (const [name, step] of Object.entries(steps)) {
  if (!wanted(name)) continue;
  const started = Date.now();
  const cpuBefore = cpuSeconds();
  await step();
  // Packed from this build (counted in its time), the matrix's installs start now and run beside the next steps.
  if (name === 'build' && wanted('matrix')) matrixInstalls = startMatrix(join(results, 'matrix.json'));
  timings.push(`${name} ${Math.round((Date.now() - started) / 1000)} s (CPU ${Math.round(cpuSeconds() - cpuBefore)} s)`);
}

const closing = `${totals.passed} passed, ${totals.failed} failed`;
writeFileSync(join(results, 'summary.txt'), `${summary.join('\n')}\n${closing}\n`);
console.log(`\nsteps: ${timings.join(', ')}`);
console.log(`\n${summary.join('\n')}`);
console.log(closing);
process.exitCode = totals.failed === 0 ? 0 : 1;
