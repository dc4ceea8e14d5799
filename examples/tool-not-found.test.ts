import { Agent, run, tool, type ToolErrorFormatter } from '@openai/agents';
import { model } from 'agents-testkit';
import { z } from 'zod';

const lookupOrder = tool({
  name: 'lookup_order',
  description: 'Look an order up by id',
  parameters: z.object({ id: z.string() }),
  execute: async ({ id }) => `Order ${id} has shipped.`,
});

// The app: a made-up tool name goes back to the model as an error it can recover from.
const toolErrorFormatter: ToolErrorFormatter = ({ kind, toolName }) =>
  kind === 'tool_not_found' ? `There is no tool "${toolName}". Use lookup_order.` : undefined;

function answer(agent: Agent, question: string) {
  return run(agent, question, { toolNotFoundBehavior: 'return_error_to_model', toolErrorFormatter });
}

test('a made-up tool name goes back to the model, which recovers', async () => {
  const script = model()
    .callsUnknownTool('find_order', { id: 'A-1' })
    .thenCalls(lookupOrder, { id: 'A-1' })
    .thenReplies('Order A-1 has shipped.');
  const agent = new Agent({ name: 'Orders', model: script, tools: [lookupOrder] });

  const result = await answer(agent, 'Where is A-1?');

  expect(result).toHaveToolOutput('find_order', 'There is no tool "find_order". Use lookup_order.');
  expect(result).toHaveCalledTool(lookupOrder, { id: 'A-1' });
  expect(result.finalOutput).toBe('Order A-1 has shipped.');
});

test('without the setting, a made-up tool name ends the run', async () => {
  const agent = new Agent({ name: 'Orders', model: model().callsUnknownTool('find_order'), tools: [lookupOrder] });

  await expect(run(agent, 'Where is A-1?')).rejects.toThrow('Tool find_order not found in agent Orders');
});
