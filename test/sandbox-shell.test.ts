import { run } from '@openai/agents';
import { shell } from '@openai/agents/sandbox';
import { model, sandbox } from 'agents-testkit';
import { expect, offeredTools, sandboxAgent, test } from './support';

test('the SDK guide sandbox example passes with sandbox() and model()', async () => {
  const sb = sandbox().exec('pwd').returns('/workspace\n');
  const script = model().calls('exec_command', { cmd: 'pwd' }).thenReplies('The workspace is /workspace.');
  const agent = sandboxAgent(script, [shell()]);

  const result = await run(agent, 'Which directory are you in?', { sandbox: { session: sb } });

  expect(result.finalOutput).toBe('The workspace is /workspace.');
  expect(sb).toHaveExecuted('pwd');
  // The command's output reached the model as the tool output.
  expect(script.lastRequest?.input).toContainEqual(
    expect.objectContaining({ type: 'function_call_result', name: 'exec_command', output: expect.objectContaining({ text: '/workspace\n' }) }),
  );
});

test('a SandboxAgent with the default capabilities runs from a script that names only the commands', async () => {
  const sb = sandbox().exec('ls').returns('README.md\nsrc\n').exec('cat README.md').returns('# Demo\n');
  const script = model()
    .calls('exec_command', { cmd: 'ls' })
    .thenCalls('exec_command', { cmd: 'cat README.md' })
    .thenReplies('It is a demo.');

  const result = await run(sandboxAgent(script), 'What is this project?', { sandbox: { session: sb } });

  expect(result.finalOutput).toBe('It is a demo.');
  expect(sb.calls.filter((call) => !call.setup).map((call) => call.method)).toEqual(['execCommand', 'execCommand']);
  // The filesystem capability's set-up was answered: its editor was created twice, and no step was spent on it.
  expect(sb.calls.filter((call) => call.setup).map((call) => call.method)).toEqual(['createEditor', 'createEditor']);
  expect(offeredTools(script)).toEqual(['apply_patch', 'exec_command', 'view_image']);
});

test('commands match by exact string, RegExp or predicate on the arguments', async () => {
  const sb = sandbox()
    .exec('git status')
    .returns('clean\n')
    .exec(/^npm (test|run test)/)
    .returns('1 passed\n')
    .exec((args) => args.cmd.startsWith('cat ') && args.tty === false)
    .returns('contents\n');
  const script = model()
    .calls('exec_command', { cmd: 'git status' })
    .thenCalls('exec_command', { cmd: 'npm run test -- --ci' })
    .thenCalls('exec_command', { cmd: 'cat notes.md' })
    .thenReplies('Done.');

  await run(sandboxAgent(script, [shell()]), 'Check the project.', { sandbox: { session: sb } });

  expect(sb).toHaveExecuted('git status');
  expect(sb).toHaveExecuted(/npm run test/);
  expect(sb).toHaveExecuted('cat notes.md');
  expect(sb.remainingSteps).toBe(0);
});

test('a responder derives the output from the arguments and the recorded call', async () => {
  const seen: unknown[] = [];
  const sb = sandbox()
    .exec(/^echo /)
    .responds((args, call) => {
      seen.push({ workdir: args.workdir, index: call.index, method: call.method });
      return `${args.cmd.slice('echo '.length)}\n`;
    });
  const script = model().calls('exec_command', { cmd: 'echo hi', workdir: 'src' }).thenResponds(({ toolOutputs }) => `Said ${String(toolOutputs.at(-1)?.output).trim()}.`);

  const result = await run(sandboxAgent(script, [shell()]), 'Say hi.', { sandbox: { session: sb } });

  expect(result.finalOutput).toBe('Said hi.');
  expect(seen).toEqual([{ workdir: 'src', index: 0, method: 'execCommand' }]);
});

test('a failing command is a planned outcome, on both scripts: the SDK reports it to the model and each script is complete', async () => {
  const sb = sandbox().exec('npm test').fails(new Error('exit 1'));
  const script = model().calls('exec_command', { cmd: 'npm test' }, { toolFails: true }).thenReplies('The tests fail.');

  const result = await run(sandboxAgent(script, [shell()]), 'Run the tests.', { sandbox: { session: sb } });

  expect(result.finalOutput).toBe('The tests fail.');
  expect(script.lastRequest?.input).toContainEqual(
    expect.objectContaining({ type: 'function_call_result', output: expect.objectContaining({ text: expect.stringContaining('error occurred') }) }),
  );
  expect(sb).toBeComplete();
  expect(sb).toHaveExecuted('npm test');
});

test('an interactive shell is one writeStdin step: the shell then offers write_stdin', async () => {
  const sb = sandbox().exec('python3').returns('Process running with session ID 7\n').writeStdin('print(6 * 7)\n').returns('42\n');
  const script = model()
    .calls('exec_command', { cmd: 'python3', tty: true })
    .thenCalls('write_stdin', { session_id: 7, chars: 'print(6 * 7)\n' })
    .thenReplies('It printed 42.');

  const result = await run(sandboxAgent(script, [shell()]), 'Compute 6 * 7 in Python.', { sandbox: { session: sb } });

  expect(result.finalOutput).toBe('It printed 42.');
  expect(offeredTools(script)).toEqual(['exec_command', 'write_stdin']);
  expect(sb.calls.map((call) => [call.method, call.setup])).toEqual([
    ['supportsPty', true],
    ['execCommand', false],
    ['writeStdin', false],
  ]);
  expect(sb.calls[2]?.args).toEqual([{ sessionId: 7, chars: 'print(6 * 7)\n', yieldTimeMs: 250 }]);
});

test('without a writeStdin step the shell does not offer write_stdin', async () => {
  const sb = sandbox().exec('pwd').returns('/workspace\n');
  const script = model().calls('exec_command', { cmd: 'pwd' }).thenReplies('Done.');

  await run(sandboxAgent(script, [shell()]), 'Where?', { sandbox: { session: sb } });

  expect(offeredTools(script)).toEqual(['exec_command']);
  expect(sb.calls.some((call) => call.method === 'supportsPty')).toBe(false);
});

test('a script can be extended between runs', async () => {
  const sb = sandbox().exec('pwd').returns('/workspace\n');
  const script = model().calls('exec_command', { cmd: 'pwd' }).thenReplies('In /workspace.');
  const agent = sandboxAgent(script, [shell()]);

  await run(agent, 'Where?', { sandbox: { session: sb } });
  sb.exec('ls').returns('a.txt\n');
  script.calls('exec_command', { cmd: 'ls' }).thenReplies('One file.');
  const second = await run(agent, 'What is here?', { sandbox: { session: sb } });

  expect(second.finalOutput).toBe('One file.');
  expect(sb).toHaveExecuted('ls');
  expect(sb).toBeComplete();
});

test('recorded calls are frozen snapshots with their step', async () => {
  const sb = sandbox().exec('pwd').returns('/workspace\n');
  await run(sandboxAgent(model().calls('exec_command', { cmd: 'pwd' }).thenReplies('Done.'), [shell()]), 'Where?', {
    sandbox: { session: sb },
  });

  const [call] = sb.calls;
  expect(call).toEqual({
    index: 0,
    method: 'execCommand',
    args: [{ cmd: 'pwd', login: true, tty: false, yieldTimeMs: 10000 }],
    setup: false,
    step: 0,
    mismatch: false,
  });
  expect(Object.isFrozen(call)).toBe(true);
  expect(Object.isFrozen(call?.args[0])).toBe(true);
});
