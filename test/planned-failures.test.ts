// A failure is planned once, on the double that fails: a sandbox's or an MCP server's `.fails(error)`
// (or a responder that throws an Error of its own) needs no `{ toolFails: true }` on the model's
// call of the tool it fails. A failure no double planned still fails the test.
import { Agent, run, tool, type MCPServer } from '@openai/agents';
import { shell } from '@openai/agents/sandbox';
import { mcp, model, sandbox } from 'agents-testkit';
import { z } from 'zod';
import { describe, expect, recorded, sandboxAgent, test } from './support';

describe('a command the sandbox script fails', () => {
  test('.fails(error): the model that called exec_command needs no { toolFails }', async () => {
    const sb = sandbox().exec('npm test').fails(new Error('npm: command not found'));
    const script = model().calls('exec_command', { cmd: 'npm test' }).thenReplies('npm is missing.');

    const result = await run(sandboxAgent(script, [shell()]), 'Run the tests.', { sandbox: { session: sb } });

    expect(result.finalOutput).toBe('npm is missing.');
    expect(script).toBeComplete();
    expect(sb).toBeComplete();
  });

  test('a responder that throws an Error of its own is a planned failure too; a bug in it is not', async () => {
    const planned = sandbox().exec('npm test').responds(() => {
      throw new Error('exit 127');
    });
    const script = model().calls('exec_command', { cmd: 'npm test' }).thenReplies('It failed.');
    await run(sandboxAgent(script, [shell()]), 'Run the tests.', { sandbox: { session: planned } });
    expect(script).toBeComplete();

    const buggy = sandbox({ verify: false }).exec('npm test').responds(() => {
      throw new TypeError('cannot read "stdout" of undefined');
    });
    const unplanned = model({ verify: false }).calls('exec_command', { cmd: 'npm test' }).thenReplies('It failed.');
    await run(sandboxAgent(unplanned, [shell()]), 'Run the tests.', { sandbox: { session: buggy } });
    expect(recorded(buggy).map((mismatch) => mismatch.kind)).toEqual(['responder_failed']);
    expect(recorded(unplanned).map((mismatch) => mismatch.kind)).toEqual(['tool_failed']);
  });

  test('write_stdin: the failure the script plans for an interactive session is planned for the model too', async () => {
    const sb = sandbox().exec('python3').returns('Process running with session ID 7\n').writeStdin('exit()\n').fails(new Error('session 7 is gone'));
    const script = model()
      .calls('exec_command', { cmd: 'python3' })
      .thenCalls('write_stdin', { session_id: 7, chars: 'exit()\n' })
      .thenReplies('The session ended.');

    await run(sandboxAgent(script, [shell()]), 'Start Python, then leave it.', { sandbox: { session: sb } });

    expect(script).toBeComplete();
  });

  test('it explains only the call it failed: another command of the same turn that fails in the SDK is a mismatch', async () => {
    // An empty command does not fit exec_command's schema: the SDK fails it before the session is asked.
    const sb = sandbox().exec('npm test').fails(new Error('npm: command not found'));
    const script = model({ verify: false })
      .turn((t) => t.calls('exec_command', { cmd: '' }).calls('exec_command', { cmd: 'npm test' }))
      .thenReplies('Neither ran.');

    await run(sandboxAgent(script, [shell()]), 'Run the tests.', { sandbox: { session: sb } });

    expect(recorded(script).map((mismatch) => [mismatch.kind, mismatch.actual])).toEqual([['tool_failed', 'a request carrying the output of exec_command (call_1)']]);
  });

  test('it explains no failure of another tool', async () => {
    const deploy = tool({
      name: 'deploy',
      description: 'Deploys',
      parameters: z.object({}),
      execute: async () => {
        throw new Error('the deploy service is down');
      },
    });
    const sb = sandbox().exec('npm test').fails(new Error('npm: command not found'));
    const script = model({ verify: false })
      .turn((t) => t.calls('exec_command', { cmd: 'npm test' }).calls(deploy, {}))
      .thenReplies('Deployed untested.');
    const agent = sandboxAgent(script, [shell()]).clone({ tools: [deploy] });

    await run(agent, 'Test, then deploy.', { sandbox: { session: sb } });

    expect(recorded(script).map((mismatch) => mismatch.actual)).toEqual(['a request carrying the output of deploy (call_2)']);
  });

  test('{ toolFails: true } as well is no mistake', async () => {
    const sb = sandbox().exec('npm test').fails(new Error('npm: command not found'));
    const script = model().calls('exec_command', { cmd: 'npm test' }, { toolFails: true }).thenReplies('npm is missing.');

    await run(sandboxAgent(script, [shell()]), 'Run the tests.', { sandbox: { session: sb } });

    expect(script).toBeComplete();
  });
});

describe('an MCP call the server script fails', () => {
  const filesServer = (options: { verify?: boolean } = {}) => mcp({ name: 'files', ...options, tools: { read_file: z.object({ path: z.string() }) } });
  const reader = (script: ReturnType<typeof model>, server: MCPServer, extra: Partial<ConstructorParameters<typeof Agent>[0]> = {}) =>
    new Agent({ name: 'Reader', model: script, mcpServers: [server], ...extra });

  test('.fails(error): the model that called the tool needs no { toolFails }, by its own name or its prefixed one', async () => {
    const files = filesServer().expectCall('read_file', { path: 'a.md' }).fails(new Error('ENOENT'));
    const script = model().calls(files.tools.read_file, { path: 'a.md' }).thenReplies('No such file.');
    await run(reader(script, files), 'Read a.md');
    expect(script).toBeComplete();

    const prefixed = filesServer().expectCall('read_file', { path: 'a.md' }).fails(new Error('ENOENT'));
    const prefixedScript = model().calls(prefixed.prefixedTools.read_file, { path: 'a.md' }).thenReplies('No such file.');
    await run(reader(prefixedScript, prefixed, { mcpConfig: { includeServerInToolNames: true } }), 'Read a.md');
    expect(prefixedScript).toBeComplete();
  });

  test('a responder that throws an Error of its own is a planned failure too', async () => {
    const files = filesServer()
      .expectCall('read_file', { path: 'a.md' })
      .responds(() => {
        throw new Error('EACCES');
      });
    const script = model().calls(files.tools.read_file, { path: 'a.md' }).thenReplies('Not allowed.');

    await run(reader(script, files), 'Read a.md');

    expect(script).toBeComplete();
  });

  test('it explains only the call it failed: a call of the tool with other arguments that fails unplanned is a mismatch', async () => {
    // The SDK runs both calls at once, so either may reach the server first: each step takes either.
    const failing = ({ path }: { path: string }): never => {
      if (path === 'a.md') throw new Error('ENOENT');
      throw new TypeError('a bug in the responder');
    };
    const files = filesServer({ verify: false }).expectCall('read_file').responds(failing).expectCall('read_file').responds(failing);
    const script = model({ verify: false })
      .turn((t) => t.calls(files.tools.read_file, { path: 'b.md' }).calls(files.tools.read_file, { path: 'a.md' }))
      .thenReplies('Neither read.');

    await run(reader(script, files), 'Read b.md and a.md');

    expect(recorded(files).map((mismatch) => mismatch.kind)).toEqual(['responder_failed']);
    expect(recorded(script).map((mismatch) => [mismatch.kind, mismatch.actual])).toEqual([['tool_failed', 'a request carrying the output of read_file (call_1)']]);
  });
});
