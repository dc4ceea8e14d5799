import { Agent, run, tool } from '@openai/agents';
import { model } from 'agents-testkit';
import { z } from 'zod';

const lookupOrder = tool({
  name: 'lookup_order',
  description: 'Looks an order up',
  parameters: z.object({ orderId: z.string() }),
  execute: async ({ orderId }) => `Order ${orderId} has shipped.`,
});

test('replies are derived from what the agent sent', async () => {
  const script = model()
    .responds(({ userText }) => `You said: ${userText}`) // a string is an assistant message
    .thenCalls(lookupOrder, { orderId: 'A-1' })
    .thenResponds(({ toolOutputs }) => `The tool says: ${toolOutputs.at(-1)?.output}`);
  const agent = new Agent({ name: 'Support', instructions: 'Be brief.', model: script, tools: [lookupOrder] });

  expect((await run(agent, 'hello')).finalOutput).toBe('You said: hello');
  expect((await run(agent, 'Where is A-1?')).finalOutput).toBe('The tool says: Order A-1 has shipped.');
  expect(script.firstRequest?.systemInstructions).toBe('Be brief.');
});
