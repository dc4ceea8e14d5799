#!/usr/bin/env node
// Installs the packed library into the consumer projects under consumers/<name>/ and runs their
// specs there: the package as users get it, under Vitest (ESM), Jest (CJS through @swc/jest),
// Jest native ESM and Jest with `@jest/globals` imports. Each project also type-checks its specs
// with tsc against the installed package.
//
//   node scripts/consumers.mjs [name…] [--tarball file.tgz] [--json results.json] [--keep]
//                              [--promises scenario,…] [--no-promises]
//
// Without --tarball the library is packed with `npm pack` (which builds it on `prepack`).
//
// Offline by design: each project is copied to a temporary folder whose node_modules holds the
// unpacked tarball (as `npm install file.tgz` lays it out) plus links to the repo's own installed
// packages for everything the project and the library depend on, closed over their dependencies
// as npm would hoist them. Nothing is fetched, so it runs on a clean clone right after `npm ci`.
//
// Specs: each project's own `*.test.ts`, the README recipes listed below (copied from examples/
// verbatim, after the project's `prelude` line) and consumers/shared/*.test.ts. A test preceded by
// `// Must FAIL, naming: <text>` comments must fail, with every such text in its failure; every
// other test must pass. A drifting test that passes is a false pass and fails this script.
//
// Then the Vitest, Jest CommonJS and Jest native-ESM projects play the README's promises that take
// more than one run or a whole file (consumers/promises/, scripts/lib/promises.mjs); each is
// reported as "<project> promises". `--promises a,b` plays some of them, `--no-promises` none.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROMISE_PROJECTS, playPromises, scenarioNames } from './lib/promises.mjs';
import { judge, mustFail, run, slots, typecheck } from './lib/specs.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoModules = join(root, 'node_modules');

/** The README recipes every project runs, from examples/. */
const RECIPES = ['tool-loop.test.ts', 'workflow-drift.test.ts', 'approval.test.ts', 'mcp-filesystem.test.ts', 'human-in-the-loop.test.ts', 'tool-not-found.test.ts', 'traces.test.ts'];

const PROJECTS = {
  'vitest-esm': { runner: 'vitest', prelude: "import { expect, test } from 'vitest';" },
  'jest-cjs': { runner: 'jest' },
  'jest-esm': { runner: 'jest', nodeArgs: ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning'] },
  'jest-globals': { runner: 'jest', prelude: "import { expect, test } from '@jest/globals';" },
};

const args = process.argv.slice(2);
const option = (name) => {
  const index = args.indexOf(name);
  if (index === -1) return undefined;
  const [, value] = args.splice(index, 2);
  return value;
};
const keep = args.includes('--keep') ? (args.splice(args.indexOf('--keep'), 1), true) : false;
const tarballOption = option('--tarball');
const jsonOption = option('--json');
const noPromises = args.includes('--no-promises') ? (args.splice(args.indexOf('--no-promises'), 1), true) : false;
const promiseNames = noPromises ? [] : scenarioNames(option('--promises')?.split(',').filter(Boolean) ?? []);
const selected = args.length > 0 ? args : Object.keys(PROJECTS);
for (const name of selected) {
  if (!(name in PROJECTS)) throw new Error(`unknown consumer project "${name}"; known: ${Object.keys(PROJECTS).join(', ')}`);
}

const work = mkdtempSync(join(tmpdir(), 'agents-testkit-consumers-'));
const results = [];
try {
  const tarball = tarballOption ? resolve(tarballOption) : pack(work);
  for (const name of selected) layOut(name, PROJECTS[name], tarball);
  // Every project's type check in one process beside the runs (scripts/lib/typecheck.cjs): the
  // declaration files they share, the SDK's and the runners', are parsed once.
  const typechecks = typecheckAll(selected);
  // The projects' runs and their scenarios share the cores: a job per core, each running one
  // runner run at a time (Jest runs a project's few files in band, on one core). A project's
  // scenarios are queued once its own run has ended: they write into its folder, which that run
  // must not find. The results keep the projects' order.
  const queue = slots(availableParallelism());
  const played = selected.map(async (name) => {
    const own = await queue(() => runProject(name, PROJECTS[name], typechecks));
    const promises = PROMISE_PROJECTS.includes(name) && promiseNames.length > 0 ? await runPromises(name, PROJECTS[name], queue) : undefined;
    return promises ? [own, promises] : [own];
  });
  for (const project of await Promise.all(played)) results.push(...project);
} finally {
  if (keep) console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}

console.log('');
for (const result of results) {
  console.log(`${result.failed === 0 ? 'ok  ' : 'FAIL'} consumer ${result.name}: ${result.passed} passed, ${result.failed} failed`);
  for (const problem of result.problems) console.log(`       ${problem.split('\n').join('\n       ')}`);
}
if (jsonOption) writeFileSync(jsonOption, `${JSON.stringify(results, null, 2)}\n`);
process.exitCode = results.every((result) => result.failed === 0) ? 0 : 1;

function pack(into) {
  console.log('$ npm pack (builds on prepack)');
  const packed = spawnSync('npm', ['pack', '--json', '--pack-destination', into], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (packed.status !== 0) throw new Error('npm pack failed');
  // npm prints the lifecycle scripts' output before its JSON.
  const json = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('[\n')));
  return join(into, json[0].filename);
}

/** The project's folder: its config and specs, the recipes, the shared specs, and node_modules with the tarball. */
function layOut(name, project, tarball) {
  const dir = join(work, name);
  cpSync(join(root, 'consumers', name), dir, { recursive: true });
  const prelude = project.prelude ? `${project.prelude}\n` : '';
  for (const recipe of RECIPES) writeFileSync(join(dir, recipe), prelude + readFileSync(join(root, 'examples', recipe), 'utf8'));
  const shared = join(root, 'consumers', 'shared');
  for (const spec of readdirSync(shared).filter((file) => file.endsWith('.test.ts'))) {
    writeFileSync(join(dir, spec), prelude + readFileSync(join(shared, spec), 'utf8'));
  }
  install(dir, tarball);
}

/** Resolves with each project's `{ status, output }`, as `tsc -p <project>/tsconfig.json --noEmit` in the project would give. */
async function typecheckAll(names) {
  const configs = names.map((name) => join(work, name, 'tsconfig.json'));
  const { results } = await typecheck(work, configs, { report: join(work, 'typecheck.json'), typescript: join(work, names[0]) });
  return new Map(names.map((name, index) => [name, results[index]]));
}

async function runProject(name, project, typechecks) {
  const started = Date.now();
  const dir = join(work, name);
  const result = { name, passed: 0, failed: 0, problems: [] };
  const pass = () => (result.passed += 1);
  const fail = (problem) => {
    result.failed += 1;
    result.problems.push(problem);
  };

  const report = join(dir, 'report.json');
  const runnerArgs =
    project.runner === 'vitest'
      ? ['node_modules/vitest/vitest.mjs', 'run', '--reporter=json', `--outputFile=${report}`]
      : ['node_modules/jest/bin/jest.js', '--ci', '--json', `--outputFile=${report}`];
  const ran = await run(dir, process.execPath, [...(project.nodeArgs ?? []), ...runnerArgs]);
  const tsc = (await typechecks).get(name);
  if (tsc.status === 0) pass();
  else fail(`tsc: the specs do not type-check against the installed package\n${tsc.output.trim()}`);
  if (!existsSync(report)) {
    fail(`${project.runner} wrote no report (exit ${ran.status})\n${ran.output.trim().split('\n').slice(-30).join('\n')}`);
    return result;
  }
  judge(JSON.parse(readFileSync(report, 'utf8')), mustFail(dir), pass, fail);
  console.log(`consumer ${name}: ${result.passed} passed, ${result.failed} failed (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return result;
}

/** Plays the README's promises in a project whose own specs ran: one result for all of them. */
async function runPromises(name, project, queue) {
  const started = Date.now();
  const played = await playPromises(name, { dir: join(work, name), runner: project.runner, nodeArgs: project.nodeArgs }, promiseNames, queue);
  const result = { name: `${name} promises`, passed: 0, failed: 0, problems: [] };
  for (const scenario of played) {
    result.passed += scenario.passed;
    result.failed += scenario.failed;
    result.problems.push(...scenario.problems);
  }
  console.log(`consumer ${result.name}: ${result.passed} passed, ${result.failed} failed (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return result;
}

/** Lays out node_modules: the unpacked tarball, and links for the dependency closure. */
function install(dir, tarball) {
  const modules = join(dir, 'node_modules');
  const target = join(modules, 'agents-testkit');
  mkdirSync(target, { recursive: true });
  const untar = spawnSync('tar', ['-xzf', tarball, '-C', target, '--strip-components=1'], { stdio: 'inherit' });
  if (untar.status !== 0) throw new Error(`could not unpack ${tarball}`);

  const own = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const kit = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8'));
  const wanted = [
    ...Object.keys({ ...own.dependencies, ...own.devDependencies }),
    ...Object.keys(kit.dependencies ?? {}),
    // npm installs required peers; optional ones come from the project's own list above.
    ...Object.keys(kit.peerDependencies ?? {}).filter((peer) => !kit.peerDependenciesMeta?.[peer]?.optional),
  ];
  for (const name of closure(wanted)) {
    const link = join(modules, name);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(join(repoModules, name), link, 'dir');
  }
}

/** Every package npm would hoist for `names`: they and their dependencies, found at the repo's top level. */
function closure(names) {
  const seen = new Set();
  const queue = [...names];
  while (queue.length > 0) {
    const name = queue.shift();
    if (seen.has(name)) continue;
    const manifest = join(repoModules, name, 'package.json');
    if (!existsSync(manifest)) {
      // Not hoisted in the repo: nested under the package that needs it, which finds it through its link.
      if (names.includes(name)) throw new Error(`"${name}" is not installed in the repo; run npm ci first`);
      continue;
    }
    seen.add(name);
    const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
    queue.push(...Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies, ...pkg.peerDependencies }));
  }
  return seen;
}
