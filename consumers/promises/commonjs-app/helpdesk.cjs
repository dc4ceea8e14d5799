// A module of the app compiled to CommonJS (a workspace package, say): it requires the SDK, so a
// test file that imports it holds the SDK's CommonJS copy, whichever copy the test file imports.
const { Agent, run, tool } = require('@openai/agents');
const { RealtimeAgent, RealtimeSession, tool: realtimeTool } = require('@openai/agents/realtime');

const lookupOrder = tool({
  name: 'lookup_order',
  description: 'Looks an order up',
  parameters: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'], additionalProperties: false },
  strict: true,
  execute: async ({ orderId }) => {
    if (orderId === 'A-0') throw new Error('the order service is down');
    return `Order ${orderId} ships tomorrow.`;
  },
});

/** The same look-up, whose own errorFunction hands the model polite text when it fails. */
const politeLookup = tool({
  name: 'polite_lookup',
  description: 'Looks an order up, politely',
  parameters: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'], additionalProperties: false },
  strict: true,
  execute: async ({ orderId }) => {
    if (orderId === 'A-0') throw new Error('the order service is down');
    return `Order ${orderId} ships tomorrow.`;
  },
  errorFunction: () => 'The order system is resting; try again later.',
});

/** The same look-up, cut off after 20 ms; its own timeoutErrorFunction hands the model polite text. */
const slowLookup = tool({
  name: 'slow_lookup',
  description: 'Looks an order up, slowly',
  parameters: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'], additionalProperties: false },
  strict: true,
  execute: (_args, _context, details) => new Promise((resolve) => details?.signal?.addEventListener('abort', () => resolve('too late'))),
  timeoutMs: 20,
  timeoutErrorFunction: () => 'The order system is slow; try again later.',
});

const helpdesk = new Agent({ name: 'Helpdesk', model: 'gpt-5.4-mini', instructions: 'Answer briefly.', tools: [lookupOrder, politeLookup, slowLookup] });

/** An agent whose run ends at its first tool call: what the tool returned is the answer. */
const orderDesk = new Agent({ name: 'OrderDesk', model: 'gpt-5.4-mini', tools: [lookupOrder], toolUseBehavior: 'stop_on_first_tool' });

async function answer(question) {
  return String((await run(helpdesk, question)).finalOutput);
}

async function lookUp(question) {
  return String((await run(orderDesk, question)).finalOutput);
}

/** A voice desk whose refund tool fails behind its own errorFunction: the session sends that text as the output. */
const politeRefund = realtimeTool({
  name: 'polite_refund',
  description: 'Refunds an order, politely',
  parameters: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'], additionalProperties: false },
  strict: true,
  execute: async () => {
    throw new Error('the payment service is down');
  },
  errorFunction: () => 'Refunds are resting; try again later.',
});

async function startVoice(transport) {
  const session = new RealtimeSession(new RealtimeAgent({ name: 'VoiceDesk', tools: [politeRefund] }), { transport });
  await session.connect({ apiKey: 'test' });
  return session;
}

/** A voice desk whose output guardrail fails (its moderation service is down): the app logs the session's errors and goes on. */
async function startModeratedVoice(transport) {
  const moderation = { name: 'moderation', execute: async () => { throw new Error('the moderation service is down'); } };
  const session = new RealtimeSession(new RealtimeAgent({ name: 'VoiceDesk' }), { transport, outputGuardrails: [moderation] });
  session.on('error', () => {});
  await session.connect({ apiKey: 'test' });
  return session;
}

module.exports = { helpdesk, answer, lookUp, startVoice, startModeratedVoice };
