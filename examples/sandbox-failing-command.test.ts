import { run } from '@openai/agents';
import { SandboxAgent, shell } from '@openai/agents/sandbox';
import { model, sandbox } from 'agents-testkit';

test('a command that cannot run: the SDK tells the model, and the agent recovers', async () => {
  const sb = sandbox()
    .exec('npm test')
    .fails(new Error('npm: command not found'))
    .exec('pnpm test')
    .returns('12 passed\n');
  // The sandbox plans the failure, so the model's call needs no { toolFails: true }.
  const script = model()
    .calls('exec_command', { cmd: 'npm test' })
    .thenCalls('exec_command', { cmd: 'pnpm test' })
    .thenReplies('All 12 tests pass.');
  const agent = new SandboxAgent({ name: 'CI helper', model: script, capabilities: [shell()] });

  const result = await run(agent, 'Run the tests.', { sandbox: { session: sb } });

  expect(result.finalOutput).toBe('All 12 tests pass.');
  // The failure is a planned outcome: the model saw it as the tool's output.
  expect(script.requests[1]?.input).toContainEqual(
    expect.objectContaining({ type: 'function_call_result', output: expect.objectContaining({ text: expect.stringContaining('error') }) }),
  );
});

test('a command that runs and fails: its output carries the exit status', async () => {
  const sb = sandbox()
    .exec('npm test')
    .responds((args) => `${args.cmd}: 1 failing\nProcess exited with code 1\n`);
  const script = model()
    .calls('exec_command', { cmd: 'npm test' })
    .thenResponds(({ toolOutputs }) => (String(toolOutputs[0]?.output).includes('code 1') ? 'One test fails.' : 'All pass.'));
  const agent = new SandboxAgent({ name: 'CI helper', model: script, capabilities: [shell()] });

  const result = await run(agent, 'Run the tests.', { sandbox: { session: sb } });

  expect(result.finalOutput).toBe('One test fails.');
});
