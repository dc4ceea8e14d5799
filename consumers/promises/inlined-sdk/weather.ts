// The app: its agents and tools, importing the SDK as the test file does (here, inlined by Vitest).
import { Agent, run, tool } from '@openai/agents';
import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import { z } from 'zod';

const parameters = z.object({ city: z.string() });

/** The weather service is down; the tool's own errorFunction hands the model polite text. */
const politeWeather = tool({
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters,
  execute: async (): Promise<string> => {
    throw new Error('the weather service is down');
  },
  errorFunction: () => 'The weather is unavailable just now.',
});

/** Cut off after 20 ms; the tool's own timeoutErrorFunction hands the model polite text. */
const slowWeather = tool({
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters,
  execute: (_args, _context, details) => new Promise<string>((resolve) => details?.signal?.addEventListener('abort', () => resolve('too late'))),
  timeoutMs: 20,
  timeoutErrorFunction: () => 'The weather service is slow today.',
});

export const askPolite = (model: Agent['model']) => run(new Agent({ name: 'Weather', model, tools: [politeWeather] }), 'Weather in Oslo?');
export const askSlow = (model: Agent['model']) => run(new Agent({ name: 'Weather', model, tools: [slowWeather] }), 'Weather in Oslo?');
/** The run ends at its first tool call: only the run's end shows that the tool failed. */
export const lookUp = (model: Agent['model']) => run(new Agent({ name: 'Weather', model, tools: [politeWeather], toolUseBehavior: 'stop_on_first_tool' }), 'Weather in Oslo?');
/** An agent on a real model's name: only the kit's provider keeps it offline. */
export const chat = () => run(new Agent({ name: 'Chat', model: 'gpt-5.4-mini' }), 'Hi');

/** A voice desk whose output guardrail fails: the app logs the session's errors and goes on. */
export async function startModeratedVoice(transport: ConstructorParameters<typeof RealtimeSession>[1] extends infer O ? (O extends { transport?: infer T } ? T : never) : never) {
  const moderation = { name: 'moderation', execute: async (): Promise<never> => { throw new Error('the moderation service is down'); } };
  const session = new RealtimeSession(new RealtimeAgent({ name: 'VoiceDesk' }), { transport, outputGuardrails: [moderation] });
  session.on('error', () => {});
  await session.connect({ apiKey: 'test' });
  return session;
}
