// The app under test, and the sweep body its spec states once: whatever fails, the user gets an
// answer. On the error path the app fires off a report to a service that is down, without waiting:
// `void report(error)` rejects a few milliseconds later, after the run has ended.
import { Agent, run, tool } from '@openai/agents';
import { model } from 'agents-testkit';
import { z } from 'zod';

const lookupOrder = tool({
  name: 'lookup_order',
  description: 'Looks an order up',
  parameters: z.object({ orderId: z.string() }),
  execute: async ({ orderId }) => `Order ${orderId} has shipped.`,
});

async function report(error: unknown): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 5));
  throw new Error(`the error reporter is down (reporting ${error instanceof Error ? error.message : String(error)})`);
}

async function answer(agent: Agent, question: string): Promise<string> {
  try {
    return String((await run(agent, question)).finalOutput);
  } catch (error) {
    void report(error); // the user must not wait for the reporter
    return 'Sorry, something went wrong.';
  }
}

/** What must hold under every fault. */
export async function body(): Promise<void> {
  const script = model().calls(lookupOrder, { orderId: 'A-1' }).thenReplies('Order A-1 has shipped.');
  const agent = new Agent({ name: 'Orders', model: script, tools: [lookupOrder] });
  expect(await answer(agent, 'Where is A-1?')).toMatch(/shipped|Sorry/);
}
