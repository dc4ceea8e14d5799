#!/usr/bin/env node
// The version matrix. Packs the library and installs the tarball from the file plus the npm
// registry — a real install, no links to this repository's node_modules — into fresh projects for
// the oldest and the newest supported version of each peer, under npm, pnpm (hoist=false) and
// Yarn PnP. In each project, for each way of running (Vitest with globals; Jest with globals,
// with `@jest/globals` imports, and in native ESM):
//   - consumers/matrix/smoke.test.ts runs: every double (model, sandbox, realtime, a cassette
//     replay, modelProvider) and two drift cases that must FAIL: a step left unused, and a
//     Realtime session's error that the app only logs;
//   - tsc checks consumers/matrix/*.ts with moduleResolution bundler, nodenext and node10: each
//     line marked "Must NOT compile" (a misspelled matcher, wrong tool arguments) must be a type
//     error, and no other line may be one.
// The runner configs are the consumer projects' own (consumers/<name>/), which are the README's.
//
//   node scripts/matrix.mjs [filter…] [--ci] [--use name@version…] [--tarball file.tgz]
//                           [--jobs n] [--json file] [--markdown file] [--keep] [--list] [--wait]
//
// A row is <package manager>/<version set>/<runner>: npm/oldest/vitest … yarn/newest/jest.
// Each filter picks the rows that have all its parts, in any order: `pnpm yarn` is every row of
// pnpm and of Yarn, `oldest/jest` the oldest Jest rows, `npm/newest/vitest` one row; no filter
// picks all twelve. `--ci` is `npm`: the oldest-and-newest pair under npm, what `npm test` runs. `--use vitest@3.1.4` replaces one version of the picked sets, to probe
// a version in between. Exit code 0 only when every picked row is as its specs say.
//
// Installs are network-bound and the specs CPU-bound, so `npm test` overlaps them: it starts this
// script with `--wait` in the background right after its build, which installs every row at once
// and then runs no spec until its standard input ends (scripts/test.mjs ends it once the test
// runners are done, or by exiting). npm installs prefer the local cache (`--prefer-offline`): a
// package already in ~/.npm (most of the newest set is, after `npm ci`) is not asked for again.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { judge, judgeTypeErrors, mustFail, run, slots, strip, typecheck } from './lib/specs.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The versions each set installs. `latest` is asked of the registry once per run. */
const SETS = {
  oldest: {
    '@openai/agents': '0.17.0',
    vitest: '3.0.0',
    // Vitest 3.0 depends on vite ^5 || ^6; npm picks the newest 6.
    vite: '6.4.6',
    // expect's Matchers took its second type parameter (which the kit's augmentation declares) in 29.4.2.
    jest: '29.4.2',
    '@jest/globals': '29.4.2',
    // A range, as users add it: one copy with the expect that @jest/globals itself resolves.
    expect: '^29.4.2',
    '@types/jest': '29.5.14',
    typescript: '5.4.5',
  },
  newest: {
    '@openai/agents': 'latest',
    // Vitest 4.1 is the newest on Node 20 (Vitest 5 needs Node 22), with the vite this repository uses.
    vitest: '4.1.12',
    vite: '8.3.8',
    jest: '30.5.2',
    '@jest/globals': '30.5.2',
    expect: '^30.5.2',
    '@types/jest': '30.0.0',
    typescript: '5.9.3',
  },
};
/** Not peers of the kit; the same in every project. */
const COMMON = { zod: '4.6.7', '@types/node': '20.19.43', '@swc/core': '1.16.22', '@swc/jest': '0.2.39' };

const RUNNERS = {
  vitest: { packages: ['@openai/agents', 'zod', 'typescript', '@types/node', 'vitest', 'vite'], modes: ['vitest'] },
  jest: {
    packages: ['@openai/agents', 'zod', 'typescript', '@types/node', 'jest', '@jest/globals', '@types/jest', '@swc/core', '@swc/jest'],
    // What `@jest/globals` users add under Yarn PnP, which gives the kit its optional peer `expect`
    // only when the project lists it (docs/troubleshooting.md). pnpm links it from the graph.
    yarnPackages: ['expect'],
    modes: ['jest', 'jest-globals', 'jest-esm'],
  },
};

/** One way of running the specs: the consumer project whose config it copies, and how tsc sees it. */
const MODES = {
  vitest: { runner: 'vitest', config: 'consumers/vitest-esm/vitest.config.ts', type: 'module', types: ['node', 'vitest/globals', 'agents-testkit/vitest'] },
  jest: { runner: 'jest', config: 'consumers/jest-cjs/jest.config.cjs', types: ['node', 'jest', 'agents-testkit/jest'] },
  'jest-globals': {
    runner: 'jest',
    config: 'consumers/jest-globals/jest.config.cjs',
    prelude: "import { expect, test } from '@jest/globals';",
    types: ['node', 'agents-testkit/jest'],
  },
  'jest-esm': {
    runner: 'jest',
    config: 'consumers/jest-esm/jest.config.mjs',
    type: 'module',
    nodeOptions: '--experimental-vm-modules --no-warnings=ExperimentalWarning',
    types: ['node', 'jest', 'agents-testkit/jest'],
  },
};

const RESOLUTIONS = {
  bundler: { module: 'ESNext', moduleResolution: 'Bundler' },
  nodenext: { module: 'NodeNext', moduleResolution: 'NodeNext' },
  node10: { module: 'CommonJS', moduleResolution: 'Node10' },
};

const PMS = ['npm', 'pnpm', 'yarn'];
const PNPM = 'pnpm@9';
const YARN = 'yarn@4';

const { values: options, positionals: filters } = parseArgs({
  allowPositionals: true,
  options: {
    ci: { type: 'boolean', default: false },
    use: { type: 'string', multiple: true, default: [] },
    tarball: { type: 'string' },
    jobs: { type: 'string', default: String(Math.min(2, cpus().length)) },
    json: { type: 'string' },
    markdown: { type: 'string' },
    keep: { type: 'boolean', default: false },
    list: { type: 'boolean', default: false },
    wait: { type: 'boolean', default: false },
  },
});

const rows = pickRows(options.ci ? ['npm', ...filters] : filters);
if (rows.length === 0) throw new Error(`no row matches ${filters.join(' ')}; rows are <${PMS.join('|')}>/<${Object.keys(SETS).join('|')}>/<${Object.keys(RUNNERS).join('|')}>`);
const overrides = Object.fromEntries(
  options.use.map((spec) => {
    const at = spec.lastIndexOf('@');
    if (at <= 0) throw new Error(`--use takes name@version; got "${spec}"`);
    return [spec.slice(0, at), spec.slice(at + 1)];
  }),
);
if (options.list) {
  for (const row of rows) console.log(row.name);
  process.exit(0);
}

// Child processes must not take this process's runner or npm-script variables for their own.
const cleanEnv = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => !/^(VITEST|JEST_WORKER_ID|TINYPOOL|NODE_OPTIONS|npm_|INIT_CWD)/i.test(key)),
);
const env = {
  ...cleanEnv,
  COREPACK_ENABLE_DOWNLOAD_PROMPT: '0',
  // Corepack fetches Yarn from the npm registry (@yarnpkg/cli-dist), the one registry it needs.
  COREPACK_NPM_REGISTRY: process.env.COREPACK_NPM_REGISTRY ?? 'https://registry.npmjs.org',
  YARN_ENABLE_IMMUTABLE_INSTALLS: 'false',
  YARN_ENABLE_TELEMETRY: 'false',
  YARN_ENABLE_GLOBAL_CACHE: 'true',
};

/** Resolves when standard input ends (`--wait`), at once otherwise: the specs run after it. */
const released = options.wait
  ? new Promise((resolve) => {
      process.stdin.on('end', resolve).on('error', resolve).resume();
    })
  : Promise.resolve();

const work = mkdtempSync(join(scratch(), 'agents-testkit-matrix-'));
const results = [];
const started = Date.now();
try {
  const tarball = options.tarball ? resolve(options.tarball) : pack(work);
  const latest = resolveLatest(rows);
  const tools = { yarn: rows.some((row) => row.pm === 'yarn') ? yarnVersion() : undefined };
  // With --wait every row installs at once; the specs still take --jobs slots: a row's type check or a mode's runner run each.
  const specSlots = slots(Number(options.jobs));
  const rowSlots = slots(options.wait ? rows.length : Number(options.jobs));
  await Promise.all(rows.map((row) => rowSlots(async () => results.push(await runRow(row, tarball, latest, tools, specSlots)))));
} finally {
  if (options.keep) console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}

results.sort((a, b) => rows.findIndex((row) => row.name === a.name) - rows.findIndex((row) => row.name === b.name));
console.log(`\n${table(results)}`);
for (const result of results.filter((one) => one.failed > 0)) {
  console.log(`\nFAIL ${result.name}`);
  for (const problem of result.problems) console.log(`  ${problem.split('\n').join('\n    ')}`);
}
const totals = results.reduce((sum, one) => ({ passed: sum.passed + one.passed, failed: sum.failed + one.failed }), { passed: 0, failed: 0 });
console.log(`\nmatrix: ${results.filter((one) => one.failed === 0).length} of ${results.length} rows as specified; ${totals.passed} passed, ${totals.failed} failed (${seconds(started)})`);
if (options.json) writeFileSync(options.json, `${JSON.stringify(results, null, 2)}\n`);
if (options.markdown) writeFileSync(options.markdown, `${markdown(results)}\n`);
process.exitCode = totals.failed === 0 && results.length === rows.length ? 0 : 1;

/**
 * Where the rows' projects go: /dev/shm when it is a tmpfs that allows executables (the native
 * binaries of @swc/core and rolldown load from it) with room for every row, else the temporary
 * folder. An npm install writes about 170 MB; in memory it took 4 of its 16 CPU-seconds less.
 */
function scratch() {
  try {
    const shm = readFileSync('/proc/mounts', 'utf8').split('\n').map((line) => line.split(' ')).find(([, at, type]) => at === '/dev/shm' && type === 'tmpfs');
    const { bavail, bsize } = statfsSync('/dev/shm');
    if (shm && !shm[3].split(',').includes('noexec') && bavail * bsize > 4 * 2 ** 30) return '/dev/shm';
  } catch {
    // Not Linux, or no /dev/shm.
  }
  return tmpdir();
}

function pickRows(words) {
  const all = PMS.flatMap((pm) => Object.keys(SETS).flatMap((set) => Object.keys(RUNNERS).map((runner) => ({ name: `${pm}/${set}/${runner}`, pm, set, runner }))));
  const known = new Set([...PMS, ...Object.keys(SETS), ...Object.keys(RUNNERS)]);
  const filters = words.map((word) => word.split('/').filter(Boolean));
  for (const part of filters.flat()) if (!known.has(part)) throw new Error(`unknown row part "${part}"; known: ${[...known].join(', ')}`);
  // A row is picked by a filter that it has every part of, in any order; no filter picks every row.
  return all.filter((row) => filters.length === 0 || filters.some((parts) => parts.every((part) => [row.pm, row.set, row.runner].includes(part))));
}

function pack(into) {
  console.log('$ npm pack (builds on prepack)');
  const packed = spawnSync('npm', ['pack', '--json', '--pack-destination', into], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (packed.status !== 0) throw new Error('npm pack failed');
  return join(into, JSON.parse(packed.stdout.slice(packed.stdout.indexOf('[\n')))[0].filename);
}

/** Exact versions for the `latest` entries of the picked sets, asked once. */
function resolveLatest(picked) {
  const latest = {};
  for (const set of new Set(picked.map((row) => row.set))) {
    for (const [name, version] of Object.entries({ ...SETS[set], ...overrides })) {
      if (version !== 'latest' || name in latest) continue;
      const asked = spawnSync('npm', ['view', `${name}@latest`, 'version'], { encoding: 'utf8', env });
      if (asked.status !== 0) throw new Error(`npm view ${name}@latest failed:\n${asked.stderr}`);
      latest[name] = asked.stdout.trim();
    }
  }
  return latest;
}

function yarnVersion() {
  const asked = spawnSync('corepack', [YARN, '--version'], { encoding: 'utf8', env, cwd: work });
  if (asked.status !== 0) throw new Error(`corepack ${YARN} --version failed:\n${asked.stderr}`);
  return asked.stdout.trim();
}

async function runRow(row, tarball, latest, tools, specSlots) {
  const began = Date.now();
  const dir = join(work, row.name.replaceAll('/', '-'));
  const versions = Object.fromEntries(
    [...RUNNERS[row.runner].packages, ...(row.pm === 'yarn' ? (RUNNERS[row.runner].yarnPackages ?? []) : [])].map((name) => {
      const version = overrides[name] ?? SETS[row.set][name] ?? COMMON[name];
      return [name, version === 'latest' ? latest[name] : version];
    }),
  );
  const result = { name: row.name, pm: row.pm, set: row.set, runner: row.runner, versions, modes: [], passed: 0, failed: 0, problems: [], seconds: 0 };
  mkdirSync(dir, { recursive: true });
  const manifest = { name: `matrix-${row.name.replaceAll('/', '-')}`, private: true, devDependencies: { 'agents-testkit': `file:${tarball}`, ...versions } };
  if (row.pm === 'yarn') manifest.packageManager = `yarn@${tools.yarn}`;
  // A runner with one mode runs at the project root, as users lay it out (Vite serves files from
  // its root's workspace only); several modes each get a folder, with their own "type" if any.
  const [only] = RUNNERS[row.runner].modes.length === 1 ? RUNNERS[row.runner].modes : [];
  if (only && MODES[only].type) manifest.type = MODES[only].type;
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  if (row.pm === 'pnpm') writeFileSync(join(dir, '.npmrc'), 'hoist=false\n');
  if (row.pm === 'yarn') {
    writeFileSync(join(dir, '.yarnrc.yml'), 'nodeLinker: pnp\nnpmRegistryServer: "https://registry.npmjs.org"\n');
    writeFileSync(join(dir, 'yarn.lock'), '');
  }

  console.log(`${row.name}: installing ${Object.entries(versions).map(([name, version]) => `${name}@${version}`).join(' ')}`);
  const installed = await run(dir, ...installCommand(row.pm), env);
  if (installed.status !== 0) {
    result.failed += 1;
    result.problems.push(`install failed (exit ${installed.status})\n${tail(installed.output, 30)}`);
    result.seconds = (Date.now() - began) / 1000;
    return result;
  }

  cpSync(join(root, 'consumers/matrix/greeting.cassette.json'), join(dir, 'greeting.cassette.json'));
  const installedIn = (Date.now() - began) / 1000;
  await released;
  const modes = RUNNERS[row.runner].modes.map((mode) => layOutMode(row, dir, only ? dir : join(dir, mode), mode));
  // The time spent waiting (for --wait's release, for a slot) is neither the install's nor the specs'.
  let ran;
  const inSlot = (task) => specSlots(() => ((ran ??= Date.now()), task()));
  // One type check for every mode of the row, as the modes' projects share the row's declaration
  // files (parsed once, scripts/lib/typecheck.cjs), and a slot for each mode's runner run.
  const node = row.pm === 'yarn' ? ['corepack', ['yarn', 'node']] : undefined;
  const configs = modes.flatMap((mode) => mode.configs);
  const [{ results: checked }, ...runs] = await Promise.all([
    inSlot(() => typecheck(dir, configs, { report: join(dir, 'typecheck.json'), typescript: dir, node, env })),
    ...modes.map((mode) => inSlot(() => run(dir, mode.command, mode.args, mode.env))),
  ]);
  result.seconds = installedIn + (Date.now() - ran) / 1000;
  modes.forEach((mode, index) => result.modes.push(judgeMode(mode, checked.slice(index * mode.configs.length, (index + 1) * mode.configs.length), runs[index], result)));
  console.log(`${row.name}: ${result.passed} passed, ${result.failed} failed (${result.seconds.toFixed(0)} s)`);
  return result;
}

function installCommand(pm) {
  if (pm === 'npm') return ['npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error']];
  if (pm === 'pnpm') return ['npx', ['--yes', PNPM, 'install', '--no-frozen-lockfile', '--reporter=append-only']];
  return ['corepack', ['yarn', 'install']];
}

/** The command that runs a package's binary in the project, as its package manager would. */
function binary(pm, dir, bin) {
  if (pm === 'yarn') return ['corepack', ['yarn', bin]];
  const paths = { vitest: 'vitest/vitest.mjs', jest: 'jest/bin/jest.js' };
  return [process.execPath, [join(dir, 'node_modules', paths[bin])]];
}

/** Writes a mode's specs, runner config and tsconfigs into `dir`; returns its tsconfigs and runner command, as run from the project root. */
function layOutMode(row, projectDir, dir, name) {
  const mode = MODES[name];
  mkdirSync(dir, { recursive: true });
  const prelude = mode.prelude ? `${mode.prelude}\n` : '';
  for (const file of ['smoke.test.ts', 'types.ts']) writeFileSync(join(dir, file), prelude + readFileSync(join(root, 'consumers/matrix', file), 'utf8'));
  const config = mode.config.split('/').at(-1);
  cpSync(join(root, mode.config), join(dir, config));
  if (mode.type && dir !== projectDir) writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ type: mode.type })}\n`);
  for (const [resolution, settings] of Object.entries(RESOLUTIONS)) {
    const compilerOptions = { target: 'ES2022', ...settings, strict: true, noEmit: true, skipLibCheck: true, esModuleInterop: true, types: mode.types };
    writeFileSync(join(dir, `tsconfig.${resolution}.json`), `${JSON.stringify({ compilerOptions, include: ['*.ts'] }, null, 2)}\n`);
  }

  // Every command runs from the project root (Yarn refuses to run in a folder with its own
  // package.json that is no workspace); the cassette path in the spec is relative to it.
  const at = relative(projectDir, dir) || '.';
  const report = join(dir, 'report.json');
  const runnerArgs =
    mode.runner === 'vitest'
      ? ['run', '--reporter=json', `--outputFile=${report}`]
      : ['--config', join(at, config), '--ci', '--json', `--outputFile=${report}`];
  const [command, args] = binary(row.pm, projectDir, mode.runner);
  return {
    name,
    dir,
    report,
    runner: mode.runner,
    // The three resolutions, each as `tsc -p` would check it, with the row's own TypeScript.
    configs: Object.keys(RESOLUTIONS).map((resolution) => join(at, `tsconfig.${resolution}.json`)),
    command,
    args: [...args, ...runnerArgs],
    env: { ...env, ...(mode.nodeOptions ? { NODE_OPTIONS: mode.nodeOptions } : {}) },
  };
}

/** A mode's checks: its three type checks (`checked`, in RESOLUTIONS' order) and its runner run's report. */
function judgeMode(mode, checked, ran, result) {
  const outcome = { mode: mode.name, passed: 0, failed: 0, tsc: {} };
  const pass = () => {
    outcome.passed += 1;
    result.passed += 1;
  };
  const fail = (problem) => {
    outcome.failed += 1;
    result.failed += 1;
    result.problems.push(`${mode.name}: ${problem}`);
  };
  Object.keys(RESOLUTIONS).forEach((resolution, index) => {
    const problems = judgeTypeErrors(mode.dir, checked[index]);
    outcome.tsc[resolution] = problems.length === 0;
    if (problems.length === 0) pass();
    else fail(`tsc (${resolution}):\n${problems.slice(0, 12).join('\n')}`);
  });
  if (!existsSync(mode.report)) {
    fail(`${mode.runner} wrote no report (exit ${ran.status})\n${tail(ran.output, 30)}`);
    return outcome;
  }
  const before = { passed: outcome.passed, failed: outcome.failed };
  judge(JSON.parse(readFileSync(mode.report, 'utf8')), mustFail(mode.dir), pass, fail);
  outcome.tests = { passed: outcome.passed - before.passed, failed: outcome.failed - before.failed };
  return outcome;
}

function tail(text, lines) {
  return strip(text).trim().split('\n').slice(-lines).join('\n');
}

function seconds(since) {
  return `${((Date.now() - since) / 1000).toFixed(0)} s`;
}

function cells(result) {
  if (result.modes.length === 0) return [['—', 'install failed', '', '', '']];
  return result.modes.map((mode) => [
    mode.mode,
    mode.tests ? `${mode.tests.passed}/${mode.tests.passed + mode.tests.failed}` : 'no report',
    ...Object.keys(RESOLUTIONS).map((resolution) => (mode.tsc[resolution] ? 'ok' : 'FAIL')),
  ]);
}

function table(all) {
  const lines = [['row', 'mode', 'specs', ...Object.keys(RESOLUTIONS), 'time']];
  for (const result of all) cells(result).forEach((cell, index) => lines.push([index === 0 ? result.name : '', ...cell, index === 0 ? `${result.seconds.toFixed(0)} s` : '']));
  const widths = lines[0].map((_, column) => Math.max(...lines.map((line) => String(line[column]).length)));
  return lines.map((line) => line.map((cell, column) => String(cell).padEnd(widths[column])).join('  ').trimEnd()).join('\n');
}

function markdown(all) {
  const head = `| row | versions | mode | specs | tsc ${Object.keys(RESOLUTIONS).join(' / ')} |\n| --- | --- | --- | --- | --- |`;
  const body = all.flatMap((result) =>
    cells(result).map(
      ([mode, specs, ...tsc], index) =>
        `| ${index === 0 ? `\`${result.name}\`` : ''} | ${index === 0 ? Object.entries(result.versions).filter(([name]) => !(name in COMMON)).map(([name, version]) => `${name} ${version}`).join(', ') : ''} | ${mode} | ${specs} | ${tsc.join(' / ')} |`,
    ),
  );
  return [head, ...body].join('\n');
}
