import { run } from '@openai/agents';
import { SandboxAgent, shell } from '@openai/agents/sandbox';
import { model, sandbox } from 'agents-testkit';

// The SDK guide's sandbox example, with the model running `ls` instead of `pwd`. The SDK turns
// the sandbox's refusal into a tool output and the run goes on, so every assertion of the
// example still holds. Both scripts keep the mismatch: without { verify: false } the setup file
// fails this test when it ends; here the test shows the failures itself.

test('a command the script did not plan fails the test, although the SDK swallowed it', async () => {
  const sb = sandbox({ verify: false }).exec('pwd').returns('/workspace\n');
  const script = model({ verify: false }).calls('exec_command', { cmd: 'ls' }).thenReplies('The workspace is /workspace.');
  const agent = new SandboxAgent({ name: 'Workspace assistant', model: script, capabilities: [shell()] });

  const result = await run(agent, 'Which directory are you in?', { sandbox: { session: sb } });

  expect(result.finalOutput).toBe('The workspace is /workspace.'); // still holds
  expect(() => sb.assertComplete()).toThrow('exec "ls": expected exec "pwd"'); // the cause
  expect(() => script.assertComplete()).toThrow('to run the tool'); // the model was handed an error instead
});
