/**
 * Runs plain Node processes that record cassettes (two at once, or one killed mid-write), for
 * test/cassette-durability.test.ts. Every child runs asynchronously, so that the parent can wait
 * for a line of its output and kill it there, and is bounded in time.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildSync } from 'esbuild';

const root = join(__dirname, '..', '..');

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
