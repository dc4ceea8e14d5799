import { Agent, defineToolInputGuardrail, run, tool, ToolGuardrailFunctionOutputFactory } from '@openai/agents';
import { model } from 'agents-testkit';
import { z } from 'zod';

// The app now guards its refund tool with a tool input guardrail that rejects the call. The SDK does
// not run the tool, hands the model the guardrail's message and goes on, so the scripted reply still
// comes: the test must fail anyway. A test that means the rejection plans it with its message.

const policy = defineToolInputGuardrail({
  name: 'refund_policy',
  run: async () => ToolGuardrailFunctionOutputFactory.rejectContent('Refunds need a supervisor.'),
});

function refundDesk() {
  const refunded: string[] = [];
  const refund = tool({
    name: 'refund',
    description: 'Refunds an order',
    parameters: z.object({ orderId: z.string() }),
    inputGuardrails: [policy],
    execute: async ({ orderId }) => {
      refunded.push(orderId);
      return `Refunded ${orderId}.`;
    },
  });
  return { refund, refunded };
}

// Must FAIL, naming: A tool input guardrail rejected the call
// Must FAIL, naming: "Refunds need a supervisor."
test('drift: a guardrail now keeps the refund tool from running', async () => {
  const { refund } = refundDesk();
  const agent = new Agent({ name: 'Support', model: model().calls(refund, { orderId: 'A-1' }).thenReplies('Your refund is on its way.'), tools: [refund] });

  const result = await run(agent, 'Refund A-1, please.');

  expect(result.finalOutput).toBe('Your refund is on its way.');
});

test('a rejection the script plans with its message passes', async () => {
  const { refund, refunded } = refundDesk();
  const script = model().calls(refund, { orderId: 'A-1' }, { toolFails: 'Refunds need a supervisor.' }).thenReplies('A supervisor must approve it.');

  const result = await run(new Agent({ name: 'Support', model: script, tools: [refund] }), 'Refund A-1, please.');

  expect(result.finalOutput).toBe('A supervisor must approve it.');
  expect(refunded).toEqual([]);
});

// Must FAIL, naming: rejected by a tool input guardrail
test('drift: a test that plans the rejection but also asserts the tool ran', async () => {
  const { refund } = refundDesk();
  const script = model().calls(refund, { orderId: 'A-1' }, { toolFails: 'Refunds need a supervisor.' }).thenReplies('A supervisor must approve it.');

  const result = await run(new Agent({ name: 'Support', model: script, tools: [refund] }), 'Refund A-1, please.');

  expect(result).toHaveCalledTool(refund, { orderId: 'A-1' });
});
