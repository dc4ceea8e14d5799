// What scripts/consumers.mjs and scripts/matrix.mjs share: running a command (and a queue of them), judging the
// reports of a packed-package project against its specs' "Must FAIL" and "Must NOT compile" marks;
// and type-checking projects through scripts/lib/typecheck.cjs (scripts/test.mjs too).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Runs `command` with `args` in `cwd`; resolves with its exit status and everything it printed. */
export function run(cwd, command, args, env = {}) {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', ...env } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => (output += `${error.message}\n`));
    child.on('close', (status) => done({ status, output }));
  });
}

/** A queue that runs at most `size` of the tasks given to it at once, in the order they were given. */
export function slots(size) {
  let free = Math.max(1, size);
  const waiting = [];
  return async (task) => {
    if (free === 0) await new Promise((resolve) => waiting.push(resolve));
    else free -= 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    }
  };
}

/**
 * Type-checks `configs` (as paths from `cwd`) in one process of scripts/lib/typecheck.cjs, with the
 * TypeScript installed in `typescript`, writing its report to `report`. `node` is how node runs
 * there (`['corepack', ['yarn', 'node']]` under Yarn PnP); `once`, its `--once` (the first config checks
 * the sources the others share). Resolves with the process's
 * `{ status, output }` and `results`: per config, in order, the `{ status, output }` that
 * `tsc -p <config> --noEmit` would give. A config with no result failed: without a report, each
 * has the process's output and a failing status.
 */
export async function typecheck(cwd, configs, { report, typescript = cwd, node = [process.execPath, []], env = {}, once = false }) {
  const script = join(dirname(fileURLToPath(import.meta.url)), 'typecheck.cjs');
  const ran = await run(cwd, node[0], [...node[1], script, '--typescript', typescript, '--json', report, ...(once ? ['--once'] : []), ...configs], env);
  const written = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : undefined;
  const results = configs.map((config) =>
    written === undefined
      ? { status: ran.status || 1, output: ran.output }
      : (written.find((result) => result.config === config) ?? { status: 1, output: `scripts/lib/typecheck.cjs wrote no result for ${config}` }),
  );
  return { ...ran, results };
}

/**
 * Test title → the texts its failure must name, from `// Must FAIL, naming: …` comments; and, under
 * the key `file:<name>`, the texts a whole file's failure (an `afterAll`) must name, from
 * `// File must FAIL, naming: …` lines. `files` limits the files read (default: every `*.test.ts`).
 */
export function mustFail(dir, files = readdirSync(dir).filter((entry) => entry.endsWith('.test.ts'))) {
  const expected = new Map();
  for (const file of files) {
    const source = readFileSync(join(dir, file), 'utf8');
    const whole = [...source.matchAll(/^[ \t]*\/\/ File must FAIL, naming: (.*)$/gm)].map((line) => line[1].trim());
    if (whole.length > 0) expected.set(`file:${file}`, whole);
    // `test('title'` and `test.each(table)('title'` (each row of a table is a test of that title).
    const pattern = /((?:^[ \t]*\/\/ Must FAIL, naming: .*\n)+)[ \t]*(?:test|it)(?:\.each\(.*?\))?\((['"`])(.*?)\2/gm;
    for (const match of source.matchAll(pattern)) {
      const texts = [...match[1].matchAll(/Must FAIL, naming: (.*)/g)].map((line) => line[1].trim());
      expected.set(match[3], texts);
    }
  }
  return expected;
}

/** How Vitest and Jest say a hook ran out of its time. */
const HOOK_TIMEOUT = /Hook timed out in \d+ms|Exceeded timeout of \d+ ms for a hook/;

/** Checks a Vitest or Jest JSON report (the same shape): every test as its spec says, and no file's hook ran out of time. */
export function judge(report, expectedFailures, pass, fail) {
  const seen = new Set();
  for (const file of report.testResults ?? []) {
    const tests = file.assertionResults ?? [];
    const short = file.name.split(/[\\/]/).at(-1);
    if (tests.length === 0) {
      fail(`${short}: no test ran\n${strip(file.message ?? '').trim().split('\n').slice(0, 20).join('\n')}`);
      continue;
    }
    // A file can fail with every test passed: its afterAll (the kit's file-end verification) threw.
    const fileMessage = strip(file.message ?? '');
    const wholeTexts = expectedFailures.get(`file:${short}`);
    if (wholeTexts !== undefined) {
      seen.add(`file:${short}`);
      const missing = wholeTexts.filter((text) => !fileMessage.includes(text));
      if (file.status !== 'failed') fail(`${short}: the file must fail when it ends, but it ${file.status} (a false pass)`);
      else if (missing.length > 0) fail(`${short}: the file failed, but its message does not name ${missing.map((text) => JSON.stringify(text)).join(', ')}\n${fileMessage.split('\n').slice(0, 30).join('\n')}`);
      else pass();
    } else if (HOOK_TIMEOUT.test(fileMessage)) {
      // Whatever its tests did: a test that fails as marked would hide it from the check below.
      fail(`${short}: a hook of the file ran out of time (the kit's file-end wait, or a hook of the spec)\n${fileMessage.split('\n').slice(0, 30).join('\n')}`);
    } else if (file.status === 'failed' && tests.every((test) => test.status !== 'failed')) {
      fail(`${short}: the file failed though no test did\n${fileMessage.split('\n').slice(0, 30).join('\n')}`);
    }
    for (const test of tests) {
      const message = strip((test.failureMessages ?? []).join('\n'));
      const texts = expectedFailures.get(test.title);
      if (texts === undefined) {
        if (test.status === 'passed') pass();
        // `.skip` and `.todo` are written on purpose: neither passed nor failed.
        else if (['pending', 'skipped', 'todo', 'disabled'].includes(test.status)) continue;
        else fail(`${short} › ${test.title}: ${test.status}\n${message.split('\n').slice(0, 20).join('\n')}`);
        continue;
      }
      seen.add(test.title);
      if (test.status !== 'failed') {
        fail(`${short} › ${test.title}: must fail, but ${test.status} (a false pass)`);
        continue;
      }
      const missing = texts.filter((text) => !message.includes(text));
      if (missing.length === 0) pass();
      else fail(`${short} › ${test.title}: failed, but its message does not name ${missing.map((text) => JSON.stringify(text)).join(', ')}\n${message.split('\n').slice(0, 30).join('\n')}`);
    }
  }
  for (const title of expectedFailures.keys()) {
    if (!seen.has(title)) fail(title.startsWith('file:') ? `${title.slice(5)} must fail when it ends, but it did not run` : `"${title}" must fail, but it did not run`);
  }
}

/**
 * Judges a tsc run (`{ status, output }`) over the `.ts` files of `dir`: every line marked
 * `// Must NOT compile` must hold a type error, and no other line may. Returns the problems.
 */
export function judgeTypeErrors(dir, { status, output }) {
  const marked = new Set();
  for (const file of readdirSync(dir).filter((entry) => entry.endsWith('.ts'))) {
    readFileSync(join(dir, file), 'utf8')
      .split('\n')
      .forEach((line, index) => line.includes('// Must NOT compile') && marked.add(`${file}:${index + 1}`));
  }
  const errors = [...strip(output).matchAll(/^(.+?)\((\d+),\d+\): error (TS\d+: .*)$/gm)].map((match) => ({
    at: `${match[1].split(/[\\/]/).at(-1)}:${match[2]}`,
    text: match[3],
  }));
  // tsc that stops before checking (a bad tsconfig, an unresolved "types" entry, a tool that did not run).
  if (errors.length === 0 && status !== 0) return [`tsc exited ${status} without checking:\n${strip(output).trim().split('\n').slice(-10).join('\n')}`];
  const problems = errors.filter((error) => !marked.has(error.at)).map((error) => `${error.at}: ${error.text}`);
  // Errors of no file: an entry of "types" that does not resolve (TS2688), a missing file.
  for (const match of strip(output).matchAll(/^error (TS\d+: .*)$/gm)) problems.push(match[1]);
  for (const at of marked) if (!errors.some((error) => error.at === at)) problems.push(`${at}: must not compile, but tsc accepts it`);
  return problems;
}

export function strip(text) {
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}
