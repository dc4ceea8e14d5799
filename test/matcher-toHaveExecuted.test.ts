import { scriptedSandboxSession } from '@openai/agents/testing';
import { sandbox } from 'agents-testkit';
import { expect, failureOf, test } from './support';

/** A script whose session ran `pwd` and `npm test`, then received `rm -rf /`, which it did not plan. */
async function ranCommands() {
  const sb = sandbox({ verify: false }).exec('pwd').returns('/workspace\n').exec(/^npm/).returns('ok\n');
  await sb.execCommand({ cmd: 'pwd' });
  await sb.execCommand({ cmd: 'npm test' });
  await sb.execCommand({ cmd: 'rm -rf /' }).catch(() => undefined);
  return sb;
}

test('passes for a command that ran, by exact string or RegExp', async () => {
  const sb = await ranCommands();

  expect(sb).toHaveExecuted('pwd');
  expect(sb).toHaveExecuted(/^npm t/);
  expect(sb).not.toHaveExecuted('npm');
});

test('fails when no such command ran, suggesting a close one', async () => {
  const sb = await ranCommands();

  expect(failureOf(() => expect(sb).toHaveExecuted('pwdd'))).toMatchSnapshot();
});

test('a command the script did not plan did not run', async () => {
  const sb = await ranCommands();

  expect(failureOf(() => expect(sb).toHaveExecuted('rm -rf /'))).toMatchSnapshot();
  expect(sb).not.toHaveExecuted('rm -rf /');
});

test('.not fails for a command that ran, marking it', async () => {
  const sb = await ranCommands();

  expect(failureOf(() => expect(sb).not.toHaveExecuted(/^npm/))).toMatchSnapshot();
});

test('a session that received no commands', () => {
  expect(failureOf(() => expect(sandbox({ verify: false })).toHaveExecuted('pwd'))).toMatchSnapshot();
});

test("reads the SDK's scripted session too, and says what it cannot tell", async () => {
  const session = scriptedSandboxSession([{ method: 'execCommand', result: '/workspace\n' }]);
  await session.execCommand({ cmd: 'pwd' });

  expect(session).toHaveExecuted('pwd');
  expect(failureOf(() => expect(session).toHaveExecuted('ls'))).toMatchSnapshot();
});

test('a received value of the wrong kind, or a bad command, is a matcher error', () => {
  expect(failureOf(() => expect({ calls: [] }).toHaveExecuted('pwd'))).toMatchSnapshot();
  expect(failureOf(() => expect(sandbox({ verify: false })).toHaveExecuted(''))).toMatchSnapshot();
});

test('an object is read as the SDK session only with its calls, remainingSteps and assertComplete', () => {
  const calls = [
    { method: 'execCommand', args: [{ cmd: 'ls' }] },
    { method: 'readFile', args: [{ path: 'a' }] },
    { method: 'execCommand', args: [{}] },
    { method: 'execCommand', args: [] },
  ];
  const lookalike = { calls, remainingSteps: 0, assertComplete: () => undefined };
  expect(lookalike).toHaveExecuted('ls');
  expect(lookalike).not.toHaveExecuted('a');
  const failure = failureOf(() => expect(lookalike).toHaveExecuted('pwd'));
  expect(failure).toContain('  1. ls\n');
  expect(failure).toContain('Number of commands: 1');

  const missing = [
    { calls: 'ls', remainingSteps: 0, assertComplete: () => undefined },
    { calls, remainingSteps: '0', assertComplete: () => undefined },
    { calls, remainingSteps: 0, assertComplete: true },
    { calls, remainingSteps: 0 },
  ];
  for (const value of missing) {
    expect(failureOf(() => expect(value).toHaveExecuted('ls'))).toContain('Matcher error: received value must be');
  }
});
