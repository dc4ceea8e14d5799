// docs/guardrails-and-streams.md, "Lifecycle and nested runs": a recorder ends with its test. The app's agent lives at
// module level and serves every test; each test records its own run of it.
import { Agent, run, tool } from '@openai/agents';
import { SandboxAgent } from '@openai/agents/sandbox';
import { lifecycle, model, modelProvider, sandbox, type LifecycleRecorder } from 'agents-testkit';
import { z } from 'zod';

const lookupOrder = tool({
  name: 'lookup_order',
  description: 'Looks an order up',
  parameters: z.object({ orderId: z.string() }),
  execute: async ({ orderId }) => `Order ${orderId} has shipped.`,
});

// The app's agent, made once at module level, as apps do; each test routes its model to a script.
const support = new Agent({ name: 'Support', model: 'gpt-5.4', tools: [lookupOrder] });

let first: LifecycleRecorder;

test('a recorder on the module-level agent records its test\'s run', async () => {
  modelProvider({ agents: { Support: model().calls(lookupOrder, { orderId: 'A-1' }).thenReplies('A-1 shipped.') } }).install();
  first = lifecycle(support);

  await run(support, 'Where is A-1?');

  expect(first).toHaveLifecycle(['Support: tool_start lookup_order (call_1)', 'Support: tool_end lookup_order (call_1)']);
});

test('the next test records its own run, and the first recorder has stopped', async () => {
  const recorded = first.events.length;
  modelProvider({ agents: { Support: model().calls(lookupOrder, { orderId: 'A-2' }).thenReplies('A-2 shipped.') } }).install();
  const life = lifecycle(support);

  await run(support, 'Where is A-2?');

  expect(life).toHaveCalledTool(lookupOrder, { orderId: 'A-2' });
  expect(first.events).toHaveLength(recorded);
});

test('a sandbox run after them still records its calls', async () => {
  const sb = sandbox().exec('ls').returns('package.json\n');
  const agent = new SandboxAgent({ name: 'Workspace', model: model().calls('exec_command', { cmd: 'ls' }).thenReplies('One file.') });

  const result = await run(agent, 'What is here?', { sandbox: { session: sb } });

  expect(result.finalOutput).toBe('One file.');
  expect(sb).toHaveExecuted('ls');
});
