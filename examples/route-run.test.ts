import { Agent, run, tool } from '@openai/agents';
import { model, modelProvider } from 'agents-testkit';
import { z } from 'zod';

const lookupInvoice = tool({
  name: 'lookup_invoice',
  description: 'Looks an invoice up',
  parameters: z.object({ id: z.string() }),
  execute: async ({ id }) => `Invoice ${id} is paid.`,
});

// The app's agents, with model names, and the app's own entry point, which calls run().
const billing = new Agent({ name: 'Billing', model: 'gpt-5.4-mini', tools: [lookupInvoice] });
const triage = new Agent({ name: 'Triage', model: 'gpt-5.4', handoffs: [billing] });

async function answer(question: string): Promise<string> {
  const result = await run(triage, question);
  return String(result.finalOutput);
}

test('a paid invoice', async () => {
  modelProvider({
    agents: {
      Triage: model().handsOffTo(billing),
      Billing: model().calls(lookupInvoice, { id: 'INV-1' }).thenReplies('Invoice INV-1 is paid.'),
    },
  }).install();

  expect(await answer('Is INV-1 paid?')).toBe('Invoice INV-1 is paid.');
});

test('a question triage answers itself', async () => {
  // The routes of the test before ended with it; this test routes its own.
  modelProvider({ agents: { Triage: model().replies('Our office opens at nine.') } }).install();

  expect(await answer('When do you open?')).toBe('Our office opens at nine.');
});

test('two agents of one name, told apart by object', async () => {
  const archivedBilling = new Agent({ name: 'Billing', model: 'gpt-4.1' });
  const routes = new Map([
    [billing, model().replies('Current billing.')],
    [archivedBilling, model({ verify: false }).replies('Archived billing.')],
  ]);
  modelProvider({ agents: routes }).install();

  expect((await run(billing, 'Hi')).finalOutput).toBe('Current billing.');
});
