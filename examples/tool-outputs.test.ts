import { Agent, run, tool } from '@openai/agents';
import { model } from 'agents-testkit';
import { z } from 'zod';

const orderStatus = tool({
  name: 'order_status',
  description: 'The status of an order',
  parameters: z.object({ orderId: z.string() }),
  execute: async ({ orderId }) => ({ orderId, status: 'shipped' }),
});

test('what a tool returned, and what the model was told', async () => {
  const script = model()
    .calls(orderStatus, { orderId: 'A-1' })
    .thenResponds(({ toolOutputs }) => `Your order is ${JSON.parse(toolOutputs[0]!.text).status}.`);
  const agent = new Agent({ name: 'Support', model: script, tools: [orderStatus] });

  const result = await run(agent, 'Where is A-1?');

  expect(result.finalOutput).toBe('Your order is shipped.');
  expect(result).toHaveToolOutput(orderStatus, { status: 'shipped' }); // what the tool returned
  expect(script).toHaveToolOutput(orderStatus, expect.stringContaining('"shipped"')); // what the model was told
});
