import { Agent, Runner, tool } from '@openai/agents';
import { model, modelProvider } from 'agents-testkit';
import { z } from 'zod';

const lookupInvoice = tool({
  name: 'lookup_invoice',
  description: 'Looks an invoice up',
  parameters: z.object({ id: z.string() }),
  execute: async ({ id }) => `Invoice ${id} is paid.`,
});

// The app configures its agents with model names, as production code does.
const billing = new Agent({ name: 'Billing', model: 'gpt-5.4-mini', tools: [lookupInvoice] });
const triage = new Agent({ name: 'Triage', model: 'gpt-5.4', handoffs: [billing] });

test('each agent of the graph answers from its own script', async () => {
  const runner = new Runner({
    modelProvider: modelProvider({
      agents: {
        Triage: model().handsOffTo(billing),
        Billing: model().calls(lookupInvoice, { id: 'INV-1' }).thenReplies('Invoice INV-1 is paid.'),
      },
    }),
  });

  const result = await runner.run(triage, 'Is INV-1 paid?');

  expect(result).toHaveHandedOffTo(billing);
  expect(result).toHaveCalledTool(lookupInvoice, { id: 'INV-1' });
  expect(result.finalOutput).toBe('Invoice INV-1 is paid.');
});
