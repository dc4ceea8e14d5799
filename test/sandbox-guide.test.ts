import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, runner, stripAnsi, test } from './support';

// The SDK guide's sandbox example passes with the SDK's scriptedSandboxSession even when the model
// runs another command. test/fixtures/guide-example.test.ts is that example written with the kit;
// here the same runner runs it with the model running `ls`, and must fail it.
const root = join(__dirname, '..');
const fixture = 'test/fixtures/guide-example.test.ts';

function runFixture(env: Record<string, string>): { status: number | null; output: string } {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(VITEST|JEST_WORKER_ID|TINYPOOL)/.test(key)));
  const args = runner === 'vitest' ? ['vitest', 'run', '--project', 'unit', fixture] : ['jest', '--selectProjects', 'unit', '--ci', fixture];
  const outcome = spawnSync(join(root, 'node_modules', '.bin', args[0] as string), args.slice(1), {
    cwd: root,
    env: { ...clean, ...env, NO_COLOR: '1', FORCE_COLOR: '0' },
    encoding: 'utf8',
    timeout: 90_000,
  });
  return { status: outcome.status, output: stripAnsi(`${outcome.stdout}\n${outcome.stderr}`) };
}

test(`the guide example with the model running another command fails under ${runner}, with no assertion added`, () => {
  const { status, output } = runFixture({ GUIDE_COMMAND: 'ls' });

  expect(output).toContain('exec "ls": expected exec "pwd"');
  expect(output).toContain('when the test ended');
  expect(status).not.toBe(0);
}, 120_000);
