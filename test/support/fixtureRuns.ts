/**
 * Runs the specs of a fixture project under a real runner in a child process and reads back which
 * tests passed or failed, and why: the only faithful way to test what a setup entry does to a test.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface FixtureOutcome {
  /** Each test by title: its status and its failure text (ANSI stripped). */
  tests: Map<string, { status: string; failure: string }>;
  /** Failures that belong to a file rather than to a test (an afterAll hook), by file name. */
  fileFailures: Map<string, string>;
  /** Each file's status (`passed` or `failed`), by file name. */
  files: Map<string, string>;
  /** Each file's failed tests (`title: failure`), or the file's own failure (a hook's, a load error) when no test failed; by file name, empty when it passed. */
  failures: Map<string, string[]>;
  /** What the runner printed (stdout and stderr, ANSI stripped): console output of the specs included. */
  output: string;
  /** The runner's exit code. */
  exitCode: number | null;
}

export interface FixtureRunOptions {
  /** More arguments for the runner, e.g. a `-t` filter. */
  args?: readonly string[];
  /** Vitest: keep the reporters of the fixture's config (which must list 'json'), instead of the JSON and default ones. */
  configReporters?: boolean;
  /** More environment variables for the runner. */
  env?: Readonly<Record<string, string>>;
  /** The runner's working directory (default: the repository's root). */
  cwd?: string;
  /** How long the runner may take before it is killed (default two minutes). */
  timeoutMs?: number;
}

const root = join(__dirname, '..', '..');
const ANSI = /\u001b\[[0-9;]*m/g;

export function runFixtures(runner: 'vitest' | 'jest', fixture: string, options: FixtureRunOptions = {}): FixtureOutcome {
  const dir = join(root, 'test', 'fixtures', fixture);
  const out = mkdtempSync(join(tmpdir(), 'agents-testkit-fixture-'));
  const report = join(out, 'report.json');
  const args =
    runner === 'vitest'
      ? [
          join(root, 'node_modules/vitest/vitest.mjs'),
          'run',
          '--config',
          join(dir, 'vitest.config.ts'),
          ...(options.configReporters ? [] : ['--reporter=json', '--reporter=default']),
          `--outputFile.json=${report}`,
        ]
      : [join(root, 'node_modules/jest/bin/jest.js'), '--config', join(dir, 'jest.config.cjs'), '--ci', '--json', `--outputFile=${report}`];
  args.push(...(options.args ?? []));
  // The parent runner's own variables would make the child think it is a worker of the parent.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(VITEST|JEST_WORKER_ID|TINYPOOL|NODE_OPTIONS)/.test(key)),
  );
  // A fixture that reaches the SDK's OpenAI provider by mistake meets a closed loopback port, never the network.
  const offline = { OPENAI_API_KEY: 'sk-agents-testkit-fixture', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' };
  const child = spawnSync(process.execPath, args, { cwd: options.cwd ?? root, env: { ...env, ...offline, ...options.env, FORCE_COLOR: '0', NO_COLOR: '1' }, encoding: 'utf8', timeout: options.timeoutMs ?? 120_000 });
  const output = `${child.stdout ?? ''}\n${child.stderr ?? ''}`.replace(ANSI, '');
  try {
    const json = JSON.parse(readFileSync(report, 'utf8')) as {
      testResults: { name: string; status: string; message: string; assertionResults: { title: string; status: string; failureMessages: string[] }[] }[];
    };
    const tests = new Map<string, { status: string; failure: string }>();
    const fileFailures = new Map<string, string>();
    const files = new Map<string, string>();
    const failures = new Map<string, string[]>();
    for (const file of json.testResults) {
      const name = file.name.split(/[\\/]/).at(-1) as string;
      files.set(name, file.status);
      const failed: string[] = [];
      for (const test of file.assertionResults) {
        const failure = test.failureMessages.join('\n').replace(ANSI, '');
        tests.set(test.title, { status: test.status, failure });
        if (test.status === 'failed') failed.push(`${test.title}: ${failure}`);
      }
      // Vitest puts a hook's error in the file message alone; Jest repeats every test failure there too.
      const message = file.message.replace(ANSI, '');
      if (/was not complete (when the test file ended|after its test ended)/.test(message)) fileFailures.set(name, message);
      if (file.status === 'failed' && failed.length === 0) failed.push(message.trim() || `the file failed, with no test failed and no message (exit ${child.status})`);
      failures.set(name, failed);
    }
    return { tests, fileFailures, files, failures, output, exitCode: child.status };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** One test of a fixture run by its title; a title the run does not have is a mistake in the spec, said at once. */
export function testOf(outcome: FixtureOutcome, title: string): { status: string; failure: string } {
  const found = outcome.tests.get(title);
  if (!found) throw new Error(`the fixture run has no test "${title}"; it has: ${[...outcome.tests.keys()].join(', ')}`);
  return found;
}
