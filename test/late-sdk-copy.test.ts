// A copy of the SDK a test loads itself, after its file loaded (Jest's `jest.resetModules()` and a
// `require`; under Vitest the CommonJS build): the kit meets it late, when a double is made or a
// model is called from one of its runs, and must still hear what it swallows.
import { z } from 'zod';
import { model } from 'agents-testkit';
import { describe, expect, recorded, runner, sdkLoadedNow, test, warningsDuring } from './support';

const SORRY = 'The weather is unavailable just now.';
const SLOW = 'The weather service is slow today.';

function weatherApp(sdk: ReturnType<typeof sdkLoadedNow>) {
  const parameters = z.object({ city: z.string() });
  const polite = sdk.tool({ name: 'get_weather', description: 'Weather', parameters, execute: async (): Promise<string> => Promise.reject(new Error('down')), errorFunction: () => SORRY });
  const slow = sdk.tool({
    name: 'get_weather',
    description: 'Weather',
    parameters,
    execute: (_args, _context, details) => new Promise<string>((resolve) => details?.signal?.addEventListener('abort', () => resolve('too late'))),
    timeoutMs: 20,
    timeoutErrorFunction: () => SLOW,
  });
  const ask = (script: unknown, tool: typeof polite) => sdk.run(new sdk.Agent({ name: 'Weather', model: script as never, tools: [tool] }), 'Weather in Oslo?');
  const streamPolite = async (script: unknown) => {
    const streamed = await sdk.run(new sdk.Agent({ name: 'Weather', model: script as never, tools: [polite] }), 'Weather in Oslo?', { stream: true });
    await streamed.completed;
    return streamed;
  };
  return { askPolite: (script: unknown) => ask(script, polite), askSlow: (script: unknown) => ask(script, slow), streamPolite };
}

test('a tool failure behind its errorFunction, in a run of a copy loaded after the script was made', async () => {
  const weather = model({ verify: false }).calls('get_weather', { city: 'Oslo' }).thenReplies('Sunny.');

  await weatherApp(sdkLoadedNow()).askPolite(weather);

  expect(recorded(weather).map((mismatch) => mismatch.message).join('\n')).toContain(`The SDK handed the model "${SORRY}" instead`);
});

test('a tool failure behind its errorFunction, in a streamed run of a copy loaded after the script was made', async () => {
  const weather = model({ verify: false }).calls('get_weather', { city: 'Oslo' }).thenReplies('Sunny.');

  await weatherApp(sdkLoadedNow()).streamPolite(weather);

  expect(recorded(weather).map((mismatch) => mismatch.message).join('\n')).toContain(`The SDK handed the model "${SORRY}" instead`);
});

test('a timeout behind its timeoutErrorFunction, in a run of a copy loaded before the script was made', async () => {
  const app = weatherApp(sdkLoadedNow());
  const weather = model({ verify: false }).calls('get_weather', { city: 'Oslo' }).thenReplies('Sunny.');

  await app.askSlow(weather);

  expect(recorded(weather).map((mismatch) => mismatch.message).join('\n')).toContain(`The SDK handed the model "${SLOW}" instead`);
});

test('a run of a copy loaded late that goes as scripted passes', async () => {
  const weather = model().replies('Sunny.');

  const result = await weatherApp(sdkLoadedNow()).askPolite(weather);

  expect(result.finalOutput).toBe('Sunny.');
  expect(recorded(weather)).toEqual([]);
});

// Under Vitest the CommonJS copy is one per process: an earlier test may have met it already.
(runner === 'jest' ? describe : describe.skip)('what the console says (Jest: each require after resetModules() is a copy of its own)', () => {
  test('a run the kit met at its first model call: what it cannot hear of it, once per script', async () => {
    const weather = model({ verify: false }).calls('get_weather', { city: 'Oslo' }).thenReplies('Sunny.').calls('get_weather', { city: 'Bergen' }).thenReplies('Rainy.');
    const app = () => weatherApp(sdkLoadedNow());

    const warnings = await warningsDuring(async () => {
      await app().askPolite(weather);
      await app().askPolite(weather);
    });

    expect(warnings).toEqual([expect.stringContaining('was called from a run of a copy of @openai/agents the kit met only at this call')]);
    expect(warnings[0]).toContain("not a timeout of a tool of the run's first turn, nor a failed tool the run stops at");
  });

  test('a model called by a test itself, outside any run: nothing', async () => {
    const weather = model({ verify: false }).replies('Hi.');

    const warnings = await warningsDuring(() => weather.getResponse({ input: 'Hi', modelSettings: {}, tools: [], outputType: 'text', handoffs: [], tracing: false } as never));

    expect(warnings).toEqual([]);
  });
});
