import { run } from '@openai/agents';
import { filesystem, shell } from '@openai/agents/sandbox';
import { asserting, IncompleteScriptError, MismatchError, model, sandbox } from 'agents-testkit';
import { createKit } from '../src/setup/kit';
import { expect, failureOf, sandboxAgent, test, thrownBy } from './support';

// Every script here drifts on purpose, so each opts out of the after-each verification with
// { verify: false } (or belongs to a kit) and the test asserts the failure itself.

/** The SDK guide's sandbox example, with the model running `command` instead of `pwd`. */
async function guideExample(command: string, sb = sandbox({ verify: false }).exec('pwd').returns('/workspace\n')) {
  const script = model({ verify: false }).calls('exec_command', { cmd: command }).thenReplies('The workspace is /workspace.');
  const result = await run(sandboxAgent(script, [shell()]), 'Which directory are you in?', { sandbox: { session: sb } });
  return { sb, script, result };
}

test('another command than the scripted one: the SDK swallows the mismatch, the script keeps it', async () => {
  const { sb, script, result } = await guideExample('ls');

  // What the SDK guide's example asserts still holds…
  expect(result.finalOutput).toBe('The workspace is /workspace.');
  // …because the SDK turned the mismatch into a tool output for the model.
  expect(script.lastRequest?.input).toContainEqual(
    expect.objectContaining({ type: 'function_call_result', output: expect.objectContaining({ text: expect.stringContaining('error occurred') }) }),
  );
  // The model's script saw that error text come back for its call, which it did not plan to fail…
  expect(script).not.toBeComplete();
  expect(failureOf(() => script.assertComplete())).toContain('expected calls(exec_command, {"cmd":"ls"}) to run the tool (step 1)');
  // …and the sandbox's script keeps the cause.
  expect(sb).not.toBeComplete();
  expect(sb.calls.at(-1)).toMatchObject({ method: 'execCommand', mismatch: true, step: 0 });
  const error = thrownBy(() => sb.assertComplete());
  expect(error).toBeInstanceOf(IncompleteScriptError);
  expect(error.message).toContain('exec "ls": expected exec "pwd"');
  expect(error.message).toMatchSnapshot();
});

test('the after-each verification fails the unchanged test', async () => {
  const kit = createKit();
  const sb = kit.sandbox().exec('pwd').returns('/workspace\n');
  const script = kit.model().calls('exec_command', { cmd: 'ls' }).thenReplies('The workspace is /workspace.');

  await run(sandboxAgent(script, [shell()]), 'Which directory are you in?', { sandbox: { session: sb } });

  const error = thrownBy(() => kit.verify());
  expect(error).toBeInstanceOf(IncompleteScriptError);
  // The sandbox has the cause; the model's script saw the tool fail.
  expect((error as IncompleteScriptError).reports.map((report) => report.label)).toEqual(['sandbox()', 'model() for agent "Workspace assistant"']);
  expect(error.message).toMatchSnapshot();
});

test('the mismatch thrown into the SDK is a MismatchError with structured fields', async () => {
  const sb = sandbox({ verify: false }).exec('pwd').returns('/workspace\n');

  const error = await sb.execCommand({ cmd: 'ls' }).catch((caught: unknown) => caught);

  expect(error).toBeInstanceOf(MismatchError);
  expect(error).toMatchObject({
    kind: 'wrong_arguments',
    double: 'sandbox()',
    callIndex: 0,
    stepIndex: 0,
    expected: 'exec "pwd"',
    actual: 'exec "ls"',
  });
  expect((error as Error).message).toMatchSnapshot();
});

test('a call of another method than the next step’s', async () => {
  const sb = sandbox({ verify: false, name: 'ci' }).exec('pwd').returns('/workspace\n');
  const script = model({ verify: false }).calls('view_image', { path: 'chart.png' }).thenReplies('Done.');

  await run(sandboxAgent(script, [filesystem()]), 'Look.', { sandbox: { session: sb } });

  expect(failureOf(() => expect(sb).toBeComplete())).toMatchSnapshot();
});

test('a call after the script ran out', async () => {
  const sb = sandbox({ verify: false }).exec('pwd').returns('/workspace\n');
  const script = model({ verify: false })
    .calls('exec_command', { cmd: 'pwd' })
    .thenCalls('exec_command', { cmd: 'rm -rf build' })
    .thenReplies('Done.');

  await run(sandboxAgent(script, [shell()]), 'Clean.', { sandbox: { session: sb } });

  expect(failureOf(() => sb.assertComplete())).toMatchSnapshot();
});

test('an unplanned patch is a mismatch although the SDK reports it to the model as a failed edit', async () => {
  const sb = sandbox({ verify: false });
  const script = model({ verify: false }).appliesPatch({ type: 'delete_file', path: 'package.json' }).thenReplies('Done.');

  const result = await run(sandboxAgent(script, [filesystem()]), 'Clean.', { sandbox: { session: sb } });

  expect(result.finalOutput).toBe('Done.');
  expect(sb).not.toHaveDeletedFile('package.json');
  expect(failureOf(() => sb.assertComplete())).toMatchSnapshot();
});

test('an unplanned view_image is a mismatch although the filesystem capability renders the error as text', async () => {
  const sb = sandbox({ verify: false });
  const script = model({ verify: false }).calls('view_image', { path: 'secret.png' }).thenReplies('Done.');

  await run(sandboxAgent(script, [filesystem()]), 'Look.', { sandbox: { session: sb } });

  expect(sb).not.toBeComplete();
  expect(sb.calls.at(-1)).toMatchObject({ method: 'viewImage', mismatch: true });
});

test('a predicate that rejects, and an assertion-style check that fails (an assertion inside it is never swallowed)', async () => {
  const rejecting = sandbox({ verify: false }).exec(function isReadOnly(args) {
    return args.cmd.startsWith('cat ');
  }).returns('');
  const checking = sandbox({ verify: false }).exec(asserting(({ cmd }) => {
    expect(cmd).toBe('pwd');
  })).returns('');

  await guideExample('rm notes.md', rejecting);
  await guideExample('ls', checking);

  expect(failureOf(() => rejecting.assertComplete())).toMatchSnapshot();
  const asserted = failureOf(() => checking.assertComplete());
  expect(asserted).toContain('An assertion in the check failed');
  expect(asserted).toContain('call #1, exec "ls": expected exec matching ');
});

test('a failed assertion or a bug inside a responder is recorded; a responder that throws an Error of its own fails the call on purpose', async () => {
  const checking = sandbox({ verify: false })
    .exec(/./)
    .responds(({ cmd }) => {
      expect(cmd).toBe('pwd');
      return '/workspace\n';
    });
  const buggy = sandbox({ verify: false })
    .exec(/./)
    .responds((args) => (args as unknown as { missing: { cmd: string } }).missing.cmd);
  const failing = sandbox({ verify: false })
    .exec(/./)
    .responds(() => {
      throw new Error('exit 2');
    });

  await guideExample('ls', checking);
  await guideExample('ls', buggy);
  await guideExample('ls', failing);

  expect(checking).not.toBeComplete();
  expect(failureOf(() => checking.assertComplete())).toContain('call #1, exec "ls": expected exec(/./).responds(fn) (step 1). Its responder threw ');
  expect(buggy).not.toBeComplete();
  expect(failureOf(() => buggy.assertComplete())).toContain('Its responder threw TypeError: Cannot read properties of undefined');
  expect(failing).toBeComplete();
});

test('a responder value the SDK cannot use is recorded', async () => {
  const sb = sandbox({ verify: false })
    .exec('pwd')
    .responds(() => 42 as unknown as string);

  await guideExample('pwd', sb);

  expect(failureOf(() => sb.assertComplete())).toMatchSnapshot();
});

test('the SDK’s own scripted session cannot see the same drift, and its report says so', async () => {
  const { scriptedSandboxSession } = await import('@openai/agents/testing');
  const session = scriptedSandboxSession([{ method: 'execCommand', match: ({ cmd }) => cmd === 'pwd', result: '/workspace\n' }]);
  const script = model({ verify: false }).calls('exec_command', { cmd: 'ls' }).thenReplies('The workspace is /workspace.');

  await run(sandboxAgent(script, [shell()]), 'Which directory are you in?', { sandbox: { session } });

  expect(() => session.assertComplete()).not.toThrow();
  expect(session).toBeComplete();
  expect(failureOf(() => expect(session).not.toBeComplete())).toMatchSnapshot();
});
