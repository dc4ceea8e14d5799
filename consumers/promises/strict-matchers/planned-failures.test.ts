// A failure scripted on the double that fails (sandbox() `.fails(error)`, mcp() `.fails(error)`) is
// planned for model() too: its call needs no { toolFails: true }. A failure no double scripted
// still fails the test, although the SDK hands the model an error text and runs on.
import { Agent, run, tool } from '@openai/agents';
import { SandboxAgent, shell } from '@openai/agents/sandbox';
import { mcp, model, sandbox } from 'agents-testkit';
import { z } from 'zod';

const deploy = tool({
  name: 'deploy',
  description: 'Deploys the build',
  parameters: z.object({}),
  execute: async () => {
    throw new Error('the deploy service is down');
  },
});

test('a command the sandbox script fails needs no { toolFails } on the model', async () => {
  const sb = sandbox().exec('npm test').fails(new Error('npm: command not found')).exec('pnpm test').returns('12 passed\n');
  const script = model()
    .calls('exec_command', { cmd: 'npm test' })
    .thenCalls('exec_command', { cmd: 'pnpm test' })
    .thenReplies('All 12 tests pass.');
  const agent = new SandboxAgent({ name: 'CI helper', model: script, capabilities: [shell()] });

  const result = await run(agent, 'Run the tests.', { sandbox: { session: sb } });

  expect(result.finalOutput).toBe('All 12 tests pass.');
});

test('an MCP call the server script fails needs no { toolFails } on the model', async () => {
  const files = mcp({ name: 'files', tools: { read_text_file: z.object({ path: z.string() }) } })
    .expectCall('read_text_file', { path: 'poems.txt' })
    .fails(new Error('ENOENT: no such file'));
  const script = model().calls(files.tools.read_text_file, { path: 'poems.txt' }).thenReplies('I found no poems.');
  const agent = new Agent({ name: 'Reader', model: script, mcpServers: [files] });

  const result = await run(agent, 'Read me a poem.');

  expect(result.finalOutput).toBe('I found no poems.');
});

// Must FAIL, naming: a request carrying the output of deploy (call_2)
test('a tool failure no double scripted still fails the test, next to one the sandbox planned', async () => {
  const sb = sandbox().exec('npm test').fails(new Error('npm: command not found'));
  const script = model()
    .turn((t) => t.calls('exec_command', { cmd: 'npm test' }).calls(deploy, {}))
    .thenReplies('Tests could not run; deployed.');
  const agent = new SandboxAgent({ name: 'CI helper', model: script, capabilities: [shell()], tools: [deploy] });

  const result = await run(agent, 'Test, then deploy.', { sandbox: { session: sb } });

  expect(result.finalOutput).toBe('Tests could not run; deployed.'); // holds: the SDK ran on
});

// Must FAIL, naming: a request carrying the output of exec_command (call_2)
test('a failure planned for one command does not excuse another command', async () => {
  const sb = sandbox()
    .exec('npm test')
    .fails(new Error('npm: command not found'))
    .exec('pnpm test')
    .responds(() => {
      throw new TypeError('a bug in the responder');
    });
  const script = model()
    .calls('exec_command', { cmd: 'npm test' })
    .thenCalls('exec_command', { cmd: 'pnpm test' })
    .thenReplies('Done.');
  const agent = new SandboxAgent({ name: 'CI helper', model: script, capabilities: [shell()] });

  const result = await run(agent, 'Run the tests.', { sandbox: { session: sb } });

  expect(result.finalOutput).toBe('Done.'); // holds: the SDK ran on
});
