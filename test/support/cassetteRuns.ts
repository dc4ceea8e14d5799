/**
 * Runs specs that record cassettes in other processes: a real test runner over a temporary
 * project (the only faithful way to test what happens when a recording test passes or fails),
 * and plain Node processes that record (two at once, or one killed mid-write). Every child is
 * asynchronous, so the loopback server of the parent keeps answering, and bounded in time.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildSync } from 'esbuild';

const root = join(__dirname, '..', '..');
const ANSI = /\u001b\[[0-9;]*m/g;

/** The parent runner's own variables would make a child think it is a worker of the parent; its opt-in to record under CI is kept. */
function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(VITEST|JEST_WORKER_ID|TINYPOOL|NODE_OPTIONS|AGENTS_TESTKIT_(?!RECORD_IN_CI$))/.test(key)));
  return { ...inherited, FORCE_COLOR: '0', NO_COLOR: '1', ...extra };
}

export interface ChildResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** A running child: its output so far, a wait for a line of it, and its end. */
export interface Child {
  readonly pid: number;
  output(): string;
  /** Resolves once the child printed `line` (bounded by `timeoutMs`). */
  printed(line: string, timeoutMs?: number): Promise<void>;
  readonly done: Promise<ChildResult>;
  kill(signal?: NodeJS.Signals): void;
}

export function startChild(args: readonly string[], options: { cwd?: string; env?: Record<string, string>; timeoutMs?: number } = {}): Child {
  const child = spawn(process.execPath, args, { cwd: options.cwd ?? root, env: childEnv(options.env ?? {}), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const waiters: (() => void)[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
    for (const wake of waiters.splice(0)) wake();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const timeout = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 120_000);
  const done = new Promise<ChildResult>((resolve) => {
    child.on('close', (code, signal) => {
      clearTimeout(timeout);
      for (const wake of waiters.splice(0)) wake();
      resolve({ code, signal, stdout, stderr });
    });
  });
  let ended = false;
  void done.then(() => {
    ended = true;
  });
  return {
    pid: child.pid as number,
    output: () => stdout,
    done,
    kill: (signal = 'SIGKILL') => void child.kill(signal),
    async printed(line, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (!stdout.split('\n').includes(line)) {
        if (ended) throw new Error(`the child ended without printing "${line}"; stdout:\n${stdout}\nstderr:\n${stderr}`);
        if (Date.now() > deadline) throw new Error(`the child did not print "${line}" within ${timeoutMs} ms; stdout:\n${stdout}\nstderr:\n${stderr}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 50);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
  };
}

let bundled: string | undefined;

/**
 * test/support/recorderChild.ts, bundled with the kit's source into one CommonJS file under
 * node_modules/.cache (so its packages resolve from the repo), once per process.
 */
export function recorderChild(): string {
  if (bundled !== undefined) return bundled;
  const outfile = join(root, 'node_modules', '.cache', 'agents-testkit', `recorder-child-${process.pid}.cjs`);
  buildSync({
    entryPoints: [join(root, 'test', 'support', 'recorderChild.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    packages: 'external',
    outfile,
    logLevel: 'error',
  });
  bundled = outfile;
  return outfile;
}

/** A temporary project: the given files copied in (`{ 'examples/x.test.ts': 'examples/x.test.ts' }`), the repo's node_modules linked. */
export function makeProject(files: Record<string, string>, into: string = mkdtempSync(join(tmpdir(), 'agents-testkit-project-'))): string {
  symlinkSync(join(root, 'node_modules'), join(into, 'node_modules'), 'dir');
  for (const [to, from] of Object.entries(files)) {
    mkdirSync(dirname(join(into, to)), { recursive: true });
    copyFileSync(join(root, from), join(into, to));
  }
  return into;
}

export interface ProjectOutcome {
  /** Each test by title: its status and its failure text (ANSI stripped). */
  tests: Map<string, { status: string; failure: string }>;
  result: ChildResult;
}

/** Runs a temporary project's specs under `runner` with test/fixtures/cassettes' config. */
export async function runProject(runner: 'vitest' | 'jest', project: string, env: Record<string, string>): Promise<ProjectOutcome> {
  const report = join(project, `report-${runner}-${Date.now()}.json`);
  const config = join(root, 'test', 'fixtures', 'cassettes', runner === 'vitest' ? 'vitest.config.ts' : 'jest.config.cjs');
  // Jest looks for a config file in the project it runs even when given one: the project gets a
  // jest.config.cjs that is the fixture's.
  if (runner === 'jest') writeFileSync(join(project, 'jest.config.cjs'), `module.exports = require(${JSON.stringify(config)});\n`);
  const args =
    runner === 'vitest'
      ? [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--config', config, '--reporter=json', `--outputFile=${report}`]
      : [join(root, 'node_modules/jest/bin/jest.js'), '--ci', '--runInBand', '--json', `--outputFile=${report}`];
  const result = await startChild(args, { cwd: project, env }).done;
  let json: { testResults: { assertionResults: { title: string; status: string; failureMessages: string[] }[] }[] };
  try {
    json = JSON.parse(readFileSync(report, 'utf8')) as typeof json;
  } catch {
    throw new Error(`the ${runner} run wrote no report (exit ${result.code}):\n${result.stdout}\n${result.stderr}`);
  } finally {
    rmSync(report, { force: true });
  }
  const tests = new Map<string, { status: string; failure: string }>();
  for (const file of json.testResults) {
    for (const test of file.assertionResults) tests.set(test.title, { status: test.status, failure: test.failureMessages.join('\n').replace(ANSI, '') });
  }
  return { tests, result };
}
