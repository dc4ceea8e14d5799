import { Agent, run, tool } from '@openai/agents';
import { lifecycle, model } from 'agents-testkit';
import { z } from 'zod';

const lookupOrder = tool({
  name: 'lookup_order',
  description: 'Looks an order up',
  parameters: z.object({ orderId: z.string() }),
  execute: async ({ orderId }) => `Order ${orderId} has shipped.`,
});

test('an agent used as a tool: its own tool calls, and the order of everything', async () => {
  const expert = new Agent({ name: 'Expert', model: model().calls(lookupOrder, { orderId: 'A-1' }).thenReplies('It shipped.'), tools: [lookupOrder] });
  const triage = new Agent({
    name: 'Triage',
    model: model().calls('ask_expert', { input: 'Where is A-1?' }).thenReplies('Your order shipped.'),
    tools: [expert.asTool({ toolName: 'ask_expert', toolDescription: 'Asks the order expert' })],
  });
  const life = lifecycle(triage, expert); // fails the test if a tool call starts twice or never ends

  await run(triage, 'Where is my order A-1?');

  expect(life).toHaveCalledTool(lookupOrder, { orderId: 'A-1' }); // made inside the nested run
  expect(life).toHaveLifecycle(['Triage: tool_start ask_expert', 'Expert: tool_start lookup_order', 'Expert: tool_end', 'Triage: tool_end ask_expert']);
});
