import { Agent, handoff, tool, type RunResult } from '@openai/agents';
import { z } from 'zod';

export const getWeather = tool({
  name: 'get_weather',
  description: 'Weather for a city',
  parameters: z.object({ city: z.string(), unit: z.enum(['c', 'f']).optional(), days: z.array(z.number()).optional() }),
  execute: async ({ city }) => `Sunny in ${city}.`,
});

export const refund = tool({
  name: 'refund',
  description: 'Refunds an order',
  parameters: z.object({ orderId: z.string(), amount: z.number() }),
  needsApproval: true,
  execute: async ({ orderId, amount }) => `Refunded ${amount} on ${orderId}.`,
});

export const ping = tool({
  name: 'ping',
  description: 'Takes no arguments',
  parameters: z.object({}),
  execute: async () => 'pong',
});

export const billing = new Agent({ name: 'Billing' });
export const toBilling = handoff(billing);

export declare const result: RunResult<any, any>;
