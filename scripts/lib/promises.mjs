// The README's promises that have a moving part beyond one function (a record run and its replay,
// two workers, a file's end, a resume from a stored string…), played from the packed package.
//
// Each promise is a folder of consumers/promises/: its `scenario.mjs` and the user's specs it runs
// (`*.test.ts`, with any helper files beside them). scripts/consumers.mjs plays every scenario in
// the Vitest, Jest CommonJS and Jest native-ESM consumer projects after their own specs: the
// folder is copied into `<project>/promises/<scenario>/` and the project's runner runs there with
// the project's own config (the README's set-up), as a user's would. Nothing imports the kit's
// source; a scenario only runs the runner and reads what it left.
//
// A scenario module exports `promise` (one line: what the README promises) and `play(t)`:
//   const outcome = await t.run({ specs, env, args, config });   // one runner run, bounded (config: see runIn)
//   t.judge(outcome);                 // "Must FAIL, naming:" marks hold; every other test passed
//   t.check('what must hold', ok, detail);
//   const { exitCode, output } = await t.node([join(t.modules, 'vitest', 'vitest.mjs'), 'run', '--merge-reports']);
//   const { tests } = await t.node([…, '--outputFile.json=merged.json'], { report: 'merged.json' });
// Every judged test and every check counts as one passed or failed check of the project.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { judge, mustFail, slots, strip } from './specs.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const scenarios = join(root, 'consumers', 'promises');

/** The projects that play the promises: one per way a runner loads the kit. */
export const PROMISE_PROJECTS = ['vitest-esm', 'jest-cjs', 'jest-esm'];

/** The scenario folders, or those named. */
export function scenarioNames(only = []) {
  const all = readdirSync(scenarios, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(scenarios, entry.name, 'scenario.mjs')))
    .map((entry) => entry.name)
    .sort();
  const unknown = only.filter((name) => !all.includes(name));
  if (unknown.length > 0) throw new Error(`unknown promise scenario ${unknown.join(', ')}; known: ${all.join(', ')}`);
  return only.length > 0 ? all.filter((name) => only.includes(name)) : all;
}

/**
 * The scenarios whose runs take longest (seconds each, on two cores), started first so that the
 * short ones fill the cores at the end instead of one long scenario running alone; the others follow
 * in name order. Only the order of the work depends on this list.
 */
const SLOWEST = ['sharded-coverage', 'rerecord-drifted', 'drift-at-file-end', 'rerecord-dropped', 'cassettes-at-scale', 'parallel-recording', 'record-replay'];

/**
 * Plays the scenarios in `project` (a consumer project installed by scripts/consumers.mjs), each as
 * a task of `queue` (`slots(n)` of scripts/lib/specs.mjs: the consumer projects' runs and every
 * project's scenarios share one), the slowest first. Resolves with one result per scenario, in name
 * order: `{ name, passed, failed, problems }`.
 */
export async function playPromises(project, { dir, runner, nodeArgs = [] }, names, queue = slots(2)) {
  const rank = (name) => (SLOWEST.includes(name) ? SLOWEST.indexOf(name) : SLOWEST.length);
  const order = [...names].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  const results = await Promise.all(order.map((name) => queue(() => playOne(project, { dir, runner, nodeArgs }, name))));
  return results.sort((a, b) => a.name.localeCompare(b.name));
}

async function playOne(project, setup, name) {
  const result = { name, passed: 0, failed: 0, problems: [] };
  const pass = () => (result.passed += 1);
  const fail = (problem) => {
    result.failed += 1;
    result.problems.push(`${name}: ${problem}`);
  };
  const here = join(setup.dir, 'promises', name);
  rmSync(here, { recursive: true, force: true });
  cpSync(join(scenarios, name), here, { recursive: true, filter: (from) => !from.endsWith('scenario.mjs') });
  // The loopback Responses API that record specs record from (127.0.0.1 only, started and stopped by the spec).
  cpSync(join(root, 'test', 'support', 'responsesServer.ts'), join(here, 'responsesServer.ts'));
  const started = Date.now();
  let runs = 0;
  const t = {
    project,
    runner: setup.runner,
    dir: here,
    /** A file of the scenario's folder, or `undefined` when it does not exist. */
    read(file) {
      const path = join(here, file);
      return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
    },
    /** The files of the scenario's folder whose names match. */
    files(pattern) {
      return readdirSync(here).filter((file) => pattern.test(file));
    },
    write(file, text) {
      writeFileSync(join(here, file), text);
    },
    check(what, ok, detail = '') {
      if (ok) pass();
      else fail(`${what}${detail ? `\n${detail}` : ''}`);
    },
    judge(outcome, { label = `run ${outcome.index}` } = {}) {
      if (outcome.report === undefined) {
        fail(`${label}: ${setup.runner} wrote no report (exit ${outcome.exitCode})\n${tail(outcome.output, 30)}`);
        return;
      }
      judge(outcome.report, mustFail(here, outcome.specs), pass, (problem) => fail(`${label}: ${problem}`));
    },
    async run(options = {}) {
      runs += 1;
      return runIn(here, setup, { ...options, index: runs });
    },
    /**
     * Node with `args` in the scenario's folder (a runner with arguments of its own, the kit's CLI), bounded; `{ exitCode, output }`, ANSI stripped.
     * `report` names the JSON report the run writes in the folder: the outcome then has the `tests` and `files` of t.run's.
     */
    async node(args, { env = {}, timeoutMs = 120_000, report } = {}) {
      const { status, output } = await bounded(here, args, env, timeoutMs);
      return { exitCode: status, output: strip(output), ...(report === undefined ? {} : takeReport(join(here, report))) };
    },
    /** Where the project's packages are installed: `join(t.modules, 'vitest', 'vitest.mjs')`. */
    modules: join(setup.dir, 'node_modules'),
  };
  try {
    const scenario = await import(join(scenarios, name, 'scenario.mjs'));
    await scenario.play(t);
  } catch (error) {
    fail(`the scenario threw: ${error?.stack ?? error}`);
  }
  console.log(`promise ${project}/${name}: ${result.passed} passed, ${result.failed} failed (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return result;
}

/**
 * One runner run in the scenario's folder. `specs` picks test files of the folder (default: every
 * `*.test.ts`); `config` is merged over the project's config for this run (e.g. `{ test: { isolate: false } }`
 * for Vitest, `{ maxWorkers: 2 }` for Jest), or is the whole config file's source when a string
 * (what merging cannot say: a setup file before the kit's); `env` adds environment variables.
 */
async function runIn(here, setup, { specs, env = {}, args = [], config, index, timeoutMs = 120_000 }) {
  const tests = specs ?? readdirSync(here).filter((file) => file.endsWith('.test.ts'));
  writeConfig(here, setup, config);
  const report = join(here, `report-${index}.json`);
  const runnerArgs =
    setup.runner === 'vitest'
      ? [join(setup.dir, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=json', `--outputFile=${report}`, ...args, ...tests]
      : [join(setup.dir, 'node_modules/jest/bin/jest.js'), '--ci', '--json', `--outputFile=${report}`, ...args, ...tests.map(escapeRegExp)];
  const { status, output } = await bounded(here, [...(setup.nodeArgs ?? []), ...runnerArgs], env, timeoutMs);
  return { index, specs: tests, exitCode: status, output: strip(output), ...takeReport(report) };
}

/** A run's JSON report (`undefined` when it wrote none), read and removed, with its tests and files. */
function takeReport(path) {
  let json;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    json = undefined;
  }
  rmSync(path, { force: true });
  return { report: json, ...readReport(json) };
}

/** Each test by title (`{ status, failure, file }`) and each file by name (`{ status, message }`). */
function readReport(json) {
  const tests = new Map();
  const files = new Map();
  for (const file of json?.testResults ?? []) {
    const name = file.name.split(/[\\/]/).at(-1);
    files.set(name, { status: file.status, message: strip(file.message ?? '') });
    for (const test of file.assertionResults ?? []) {
      tests.set(test.title, { status: test.status, failure: strip((test.failureMessages ?? []).join('\n')), file: name });
    }
  }
  return { tests, files };
}

/** The project's own runner config (the README's set-up), with this run's changes merged over it. */
function writeConfig(here, setup, config) {
  for (const file of readdirSync(here).filter((entry) => /^(vitest|jest)\.config\./.test(entry))) rmSync(join(here, file));
  const own = readdirSync(setup.dir).find((entry) => /^(vitest|jest)\.config\./.test(entry));
  if (config === undefined) {
    cpSync(join(setup.dir, own), join(here, own));
    return;
  }
  if (typeof config === 'string') {
    writeFileSync(join(here, own), config);
    return;
  }
  const changes = JSON.stringify(config);
  if (setup.runner === 'vitest') {
    writeFileSync(
      join(here, own),
      `import { defineConfig, mergeConfig } from 'vitest/config';\nimport base from '../../${own.replace(/\.ts$/, '')}';\nexport default mergeConfig(base, defineConfig(${changes}));\n`,
    );
  } else if (own.endsWith('.mjs')) {
    writeFileSync(join(here, own), `import base from '../../${own}';\nexport default { ...base, ...${changes} };\n`);
  } else {
    writeFileSync(join(here, own), `module.exports = { ...require('../../${own}'), ...${changes} };\n`);
  }
}

/** Runs node with `args` in `cwd`, killed after `timeoutMs`; resolves with its status and output. */
function bounded(cwd, args, env, timeoutMs) {
  return new Promise((done) => {
    // The runner's own variables would make the child think it is a worker of another run.
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(VITEST|JEST_WORKER_ID|TINYPOOL|NODE_OPTIONS|AGENTS_TESTKIT_|CI$)/.test(key)));
    const child = spawn(process.execPath, args, { cwd, env: { ...inherited, FORCE_COLOR: '0', NO_COLOR: '1', ...env } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => {
      output += `\n[killed after ${timeoutMs} ms]\n`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('close', (status) => {
      clearTimeout(timer);
      done({ status, output });
    });
  });
}

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function tail(text, lines) {
  return strip(text).trim().split('\n').slice(-lines).join('\n');
}
