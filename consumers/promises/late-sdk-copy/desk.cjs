// A module of the app in CommonJS that a test loads itself, inside the test (after
// `jest.resetModules()`, in `jest.isolateModules()`, or with `createRequire`): the SDK it requires is
// a copy the test file had not loaded when it started.
const { Agent, run, tool } = require('@openai/agents');
const { RealtimeAgent, RealtimeSession } = require('@openai/agents/realtime');

const object = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false };

/** A weather tool whose service is down; its own errorFunction hands the model polite text. */
const politeWeather = tool({
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: object,
  strict: true,
  execute: async () => {
    throw new Error('the weather service is down');
  },
  errorFunction: () => 'The weather is unavailable just now.',
});

/** The same tool, cut off after 20 ms; its own timeoutErrorFunction hands the model polite text. */
const slowWeather = tool({
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: object,
  strict: true,
  execute: (_args, _context, details) => new Promise((resolve) => details?.signal?.addEventListener('abort', () => resolve('too late'))),
  timeoutMs: 20,
  timeoutErrorFunction: () => 'The weather service is slow today.',
});

const workingWeather = tool({ name: 'get_weather', description: 'Current weather for a city', parameters: object, strict: true, execute: async ({ city }) => `Sunny in ${city}.` });

const ask = (model, tools, extra = {}) => run(new Agent({ name: 'Weather', model, tools, ...extra }), 'Weather in Oslo?');

module.exports = {
  askPolite: (model) => ask(model, [politeWeather]),
  askSlow: (model) => ask(model, [slowWeather]),
  askWorking: (model) => ask(model, [workingWeather]),
  /** The run ends at its first tool call: only the run's end shows that the tool failed. */
  lookUp: (model) => ask(model, [politeWeather], { toolUseBehavior: 'stop_on_first_tool' }),
  /** A voice desk whose output guardrail fails: the app logs the session's errors and goes on. */
  async startModeratedVoice(transport) {
    const moderation = { name: 'moderation', execute: async () => { throw new Error('the moderation service is down'); } };
    const session = new RealtimeSession(new RealtimeAgent({ name: 'VoiceDesk' }), { transport, outputGuardrails: [moderation] });
    session.on('error', () => {});
    await session.connect({ apiKey: 'test' });
    return session;
  },
};
