// A known agent graph: Triage offers lookup and refund (refund needs approval), hands off to
// Billing or Support, and has one input guardrail; Billing offers invoice; Support offers nothing.
import { Agent, tool } from '@openai/agents';
import { z } from 'zod';

export const lookup = tool({ name: 'lookup', description: 'Looks an order up', parameters: z.object({ id: z.string() }), execute: async ({ id }) => `Order ${id}: shipped.` });
export const refund = tool({ name: 'refund', description: 'Refunds an order', parameters: z.object({ id: z.string() }), execute: async ({ id }) => `Refunded ${id}.`, needsApproval: true });
export const invoice = tool({ name: 'invoice', description: 'Sends an invoice', parameters: z.object({ id: z.string() }), execute: async ({ id }) => `Sent ${id}.` });

export const noSpam = { name: 'no_spam', execute: async ({ input }: { input: unknown }) => ({ tripwireTriggered: JSON.stringify(input).includes('spam'), outputInfo: null }) };

export function graph(models: { triage: Agent['model']; billing?: Agent['model']; support?: Agent['model'] }) {
  const billing = new Agent({ name: 'Billing', model: models.billing ?? 'gpt-5.4-mini', tools: [invoice] });
  const support = new Agent({ name: 'Support', model: models.support ?? 'gpt-5.4-mini' });
  const triage = new Agent({ name: 'Triage', model: models.triage, tools: [lookup, refund], handoffs: [billing, support], inputGuardrails: [noSpam] });
  return { triage, billing, support };
}
