import { run } from '@openai/agents';
import { SandboxAgent } from '@openai/agents/sandbox';
import { model, sandbox } from 'agents-testkit';

test('the agent looks around the workspace with shell commands', async () => {
  // The script names only the commands; the set-up calls of the default capabilities
  // (filesystem, shell, compaction) are answered by the script itself.
  const sb = sandbox()
    .exec('ls')
    .returns('package.json\nsrc\n')
    .exec(/^cat package\.json/)
    .returns('{ "name": "demo", "version": "1.2.0" }\n');
  const agent = new SandboxAgent({
    name: 'Workspace assistant',
    model: model()
      .calls('exec_command', { cmd: 'ls' })
      .thenCalls('exec_command', { cmd: 'cat package.json' })
      .thenReplies('This is demo 1.2.0.'),
  });

  const result = await run(agent, 'What is this project?', { sandbox: { session: sb } });

  expect(result.finalOutput).toBe('This is demo 1.2.0.');
  expect(sb).toHaveExecuted('cat package.json');
  // No assertComplete(): the setup file fails this test if a step is left or a call went unplanned.
});
