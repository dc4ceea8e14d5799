#!/usr/bin/env node
// What the setup entry costs each test file inside the runners, where bench/import.mjs times the
// import alone in plain Node: a run of N small spec files with the kit's setup entry, against the
// same run with a setup file that only loads the SDK (which every agents test file loads anyway),
// under Vitest, Jest CommonJS and Jest native ESM (`--experimental-vm-modules`), as users set them up
// (README). The runner's loaders, its hooks and everything the entry does before a file's tests
// run are in the figure. Each round runs the six runs in random order; each figure is the median
// over the rounds of (kit − SDK alone) / N, in CPU time (the runner and its workers) and wall time.
// Runs against the built package: `npm run build` first.
//
//   node bench/setup-per-file.mjs [rounds=5] [files=16] [runner,…]   (runners: vitest, jest-cjs, jest-esm)
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './stats.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const rounds = Number(process.argv[2] ?? 5);
const files = Number(process.argv[3] ?? 16);
const project = mkdtempSync(join(tmpdir(), 'agents-testkit-setup-per-file-'));
process.on('exit', () => rmSync(project, { recursive: true, force: true }));
layOut(project);

const swc = "{ '^.+\\\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' } } }] }";
const allRunners = {
  vitest: {
    command: (setup) => [join(project, 'node_modules/vitest/vitest.mjs'), 'run', '-c', `vitest.${setup}.config.mjs`],
    config: (setup, entry) => [`vitest.${setup}.config.mjs`, `export default { test: { globals: true, setupFiles: [${JSON.stringify(entry)}] } };\n`],
    entries: { kit: 'agents-testkit/vitest', sdk: './sdk-setup.mjs' },
  },
  'jest-cjs': {
    command: (setup) => [join(project, 'node_modules/jest/bin/jest.js'), '--ci', '-c', `jest.${setup}.config.cjs`],
    config: (setup, entry) => [`jest.${setup}.config.cjs`, `module.exports = { testEnvironment: 'node', transform: ${swc}, setupFilesAfterEnv: [${JSON.stringify(entry)}] };\n`],
    entries: { kit: 'agents-testkit/jest', sdk: './sdk-setup.cjs' },
  },
  'jest-esm': {
    command: (setup) => ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', join(project, 'node_modules/jest/bin/jest.js'), '--ci', '-c', `jest-esm.${setup}.config.mjs`],
    config: (setup, entry) => [
      `jest-esm.${setup}.config.mjs`,
      `export default { testEnvironment: 'node', extensionsToTreatAsEsm: ['.ts'], transform: ${swc}, setupFilesAfterEnv: [${JSON.stringify(entry)}] };\n`,
    ],
    entries: { kit: 'agents-testkit/jest', sdk: './sdk-setup.mjs' },
  },
};
const only = process.argv[4]?.split(',');
const runners = Object.fromEntries(Object.entries(allRunners).filter(([name]) => !only || only.includes(name)));
for (const runner of Object.values(runners)) {
  for (const [setup, entry] of Object.entries(runner.entries)) {
    const [name, text] = runner.config(setup, entry);
    writeFileSync(join(project, name), text);
  }
}

const runs = Object.entries(runners).flatMap(([runner]) => ['kit', 'sdk'].map((setup) => ({ runner, setup })));
const samples = new Map(runs.map(({ runner, setup }) => [`${runner} ${setup}`, []]));
for (const run of runs) once(run); // warm the file system and the runners' caches
for (let round = 0; round < rounds; round += 1) {
  for (const run of [...runs].sort(() => Math.random() - 0.5)) samples.get(`${run.runner} ${run.setup}`).push(once(run));
}

console.log(`the setup entry per test file, inside the runner: ${rounds} rounds of ${files} spec files of one agent run each (medians over rounds; Node ${process.version})`);
for (const runner of Object.keys(runners)) {
  const kit = samples.get(`${runner} kit`);
  const sdk = samples.get(`${runner} sdk`);
  const perFile = (key) => median(kit.map((sample, index) => (sample[key] - sdk[index][key]) / files));
  const sdkPerFile = (key) => median(sdk.map((sample) => sample[key] / files));
  console.log(
    `  ${runner.padEnd(8)} kit adds ${perFile('cpu').toFixed(0).padStart(4)} ms CPU, ${perFile('wall').toFixed(0).padStart(4)} ms wall per file` +
      `   (the run with the SDK alone: ${sdkPerFile('cpu').toFixed(0)} ms CPU, ${sdkPerFile('wall').toFixed(0)} ms wall per file)`,
  );
}

/** One run: its wall time and the CPU time of the runner and its workers, in ms. */
function once({ runner, setup }) {
  const cpuBefore = childrenCpu();
  const started = performance.now();
  const child = spawnSync(process.execPath, runners[runner].command(setup), { cwd: project, encoding: 'utf8', env: { ...process.env, CI: 'true', NO_COLOR: '1' } });
  const wall = performance.now() - started;
  if (child.status !== 0) throw new Error(`${runner} with the ${setup} setup failed:\n${child.stdout}\n${child.stderr}`);
  return { wall, cpu: childrenCpu() - cpuBefore };
}

/** CPU ms of the children this process has waited for (Linux /proc: stat's cutime and cstime, in ticks of 10 ms). */
function childrenCpu() {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

/** The built kit as npm installs it, links to the repo's other packages, the spec files and the SDK-only setup files. */
function layOut(dir) {
  const modules = join(dir, 'node_modules');
  mkdirSync(modules);
  for (const name of readdirSync(join(root, 'node_modules'))) {
    if (name === 'agents-testkit' || name === '.bin' || name.startsWith('.')) continue;
    symlinkSync(join(root, 'node_modules', name), join(modules, name), 'dir');
  }
  cpSync(join(root, 'dist'), join(modules, 'agents-testkit', 'dist'), { recursive: true });
  cpSync(join(root, 'package.json'), join(modules, 'agents-testkit', 'package.json'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'setup-per-file', private: true }));
  writeFileSync(join(dir, 'sdk-setup.mjs'), "import '@openai/agents';\n");
  writeFileSync(join(dir, 'sdk-setup.cjs'), "require('@openai/agents');\n");
  // Each spec runs one agent on a model of its own (no double), as an agents test file runs at least
  // one: the SDK's first run in a file (and its async context, which makes every later promise dearer
  // on Node 20) is then paid on both sides, not charged to the kit, whose set-up runs one too.
  for (let index = 0; index < files; index += 1) {
    writeFileSync(
      join(dir, `file${index}.test.ts`),
      [
        "import { Agent, run, Usage } from '@openai/agents';",
        "const reply = { type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'ok' }] };",
        'const model = { getResponse: async () => ({ usage: new Usage(), output: [reply] }), getStreamedResponse: async function* () {} };',
        `test('file ${index}', async () => {`,
        "  expect((await run(new Agent({ name: 'Agent', model: model as never }), 'Hi')).finalOutput).toBe('ok');",
        '});',
        '',
      ].join('\n'),
    );
  }
}
