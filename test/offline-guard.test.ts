import { join } from 'node:path';
import { Agent, OpenAIProvider, run, Runner, tool } from '@openai/agents';
import { cassette, configure, model, UnscriptedModelError } from 'agents-testkit';
import { z } from 'zod';
import { afterAll, afterEach, describe, expect, makeTempDir, mark, rejectionOf, removeTempDirs, test, verificationFailureSince } from './support';
import { message, startResponsesServer, TEST_API_KEY, type ResponsesServer } from './support/responsesServer';

// Every test here trips the guard on purpose; each takes the blocked calls off the after-each
// verification with verificationFailureSince(), and asserts the failure it would have reported.

let server: ResponsesServer | undefined;
const savedEnv = { ...process.env };

afterEach(async () => {
  configure({ offline: true });
  await server?.close();
  server = undefined;
  for (const key of ['OPENAI_API_KEY', 'OPENAI_BASE_URL']) {
    if (savedEnv[key] === undefined) delete process.env[key];
    else process.env[key] = savedEnv[key];
  }
});
afterAll(removeTempDirs);

describe('the offline guard', () => {
  test('an agent with a model name fails with a message that says how to script it', async () => {
    const since = mark();
    const agent = new Agent({ name: 'Billing', instructions: 'Handle invoices.', model: 'gpt-5.4-mini' });

    const error = (await rejectionOf(run(agent, 'Where is my invoice?'))) as UnscriptedModelError;

    expect(error).toBeInstanceOf(UnscriptedModelError);
    expect(error.agent).toBe('Billing');
    expect(error.modelName).toBe('gpt-5.4-mini');
    expect(error.message).toMatchSnapshot();
    expect(verificationFailureSince(since)).toMatchSnapshot();
  });

  test('an agent without a model asks for the default model, and is stopped too', async () => {
    const since = mark();
    const error = (await rejectionOf(run(new Agent({ name: 'Helper' }), 'Hi'))) as UnscriptedModelError;

    expect(error.modelName).toBe('');
    expect(error.message.split('\n')[0]).toBe(
      `Agent "Helper" would call the SDK's default model (it has no model of its own), but no script answers it, and agents-testkit keeps tests offline.`,
    );
    verificationFailureSince(since);
  });

  test('a streamed run is stopped the same way', async () => {
    const since = mark();
    const result = await run(new Agent({ name: 'Streamer', model: 'gpt-5.4' }), 'Hi', { stream: true });

    const error = await rejectionOf(result.completed);

    expect(error).toBeInstanceOf(UnscriptedModelError);
    verificationFailureSince(since);
  });

  test('a Runner without its own provider, and a run-level model name, go through the guard', async () => {
    const since = mark();
    const scripted = new Agent({ name: 'Scripted', model: model().replies('Hi!') });
    const unscripted = new Agent({ name: 'Unscripted' });

    expect((await new Runner().run(scripted, 'Hi')).finalOutput).toBe('Hi!');
    const error = (await rejectionOf(new Runner({ model: 'gpt-5.4' }).run(unscripted, 'Hi'))) as UnscriptedModelError;

    expect(error.modelName).toBe('gpt-5.4');
    verificationFailureSince(since);
  });

  test('a swallowed guard error still fails the test: an unscripted agent used as a tool', async () => {
    const since = mark();
    const expert = new Agent({ name: 'Expert', instructions: 'Know things.', model: 'gpt-5.4' });
    const askExpert = expert.asTool({ toolName: 'ask_expert', toolDescription: 'Asks the expert' });
    const lead = new Agent({ name: 'Lead', model: model().calls('ask_expert', { input: 'Why?' }).thenReplies('Done.'), tools: [askExpert] });

    // The SDK turns the tool's error into a tool output, so the run itself passes…
    const result = await run(lead, 'Go');
    expect(result.finalOutput).toBe('Done.');

    // …but the after-each verification reports the blocked call, naming the inner agent.
    expect(verificationFailureSince(since)).toContain('Agent "Expert" would call the real model "gpt-5.4"');
  });

  test('configure({ offline: false }) lets a test reach real models through the SDK OpenAI provider', async () => {
    server = await startResponsesServer([[message('Live answer.')]]);
    process.env.OPENAI_API_KEY = TEST_API_KEY;
    process.env.OPENAI_BASE_URL = server.url;
    configure({ offline: false });

    const result = await run(new Agent({ name: 'Live', model: 'gpt-test-live' }), 'Hi');

    expect(result.finalOutput).toBe('Live answer.');
    expect(server.requests[0]?.body.model).toBe('gpt-test-live');
  });

  test("configure({ offline }) takes true, false or 'strict'", () => {
    expect(() => configure({ offline: 'no' as never })).toThrow(`configure({ offline }) takes true, false or 'strict'; got the string "no".`);
    expect(() => configure({ offline: 1 as never })).toThrow(`configure({ offline }) takes true, false or 'strict'; got number.`);
    expect(configure({ offline: 'strict' }).offline).toBe(true);
  });

  test("the guard cannot see an app's own new OpenAIProvider(); configure({ offline: 'strict' }) stops it too", async () => {
    server = await startResponsesServer([[message('Reached the server.')]]);
    const appProvider = new OpenAIProvider({ apiKey: TEST_API_KEY, baseURL: server.url });
    const agent = new Agent({ name: 'Billing', model: 'gpt-5.4-mini' });

    // The app's own provider is not the SDK's default: the guard never hears of it.
    expect((await new Runner({ modelProvider: appProvider }).run(agent, 'Hi')).finalOutput).toBe('Reached the server.');

    configure({ offline: 'strict' });
    const since = mark();
    const error = (await rejectionOf(new Runner({ modelProvider: appProvider }).run(agent, 'Hi'))) as UnscriptedModelError;

    expect(error).toBeInstanceOf(UnscriptedModelError);
    expect(error.via).toBe('app');
    expect(error.message).toMatchSnapshot();
    expect(server.requests).toHaveLength(1);
    expect(verificationFailureSince(since)).toContain('through an OpenAIProvider the app made');
  });

  test("under configure({ offline: 'strict' }) a recording cassette still reaches its real model", async () => {
    server = await startResponsesServer([[message('Recorded.')]]);
    process.env.OPENAI_API_KEY = TEST_API_KEY;
    process.env.OPENAI_BASE_URL = server.url;
    configure({ offline: 'strict' });
    const recorder = cassette(join(makeTempDir(), 'strict.json'), { mode: 'record', model: 'gpt-test-recorded' });

    const result = await run(new Agent({ name: 'Recorded', model: recorder }), 'Hi');

    expect(result.finalOutput).toBe('Recorded.');
    expect(server.requests[0]?.body.model).toBe('gpt-test-recorded');
  });

  test('agents with a scripted model never meet the guard', async () => {
    const lookup = tool({ name: 'lookup', description: 'Looks up', parameters: z.object({ id: z.string() }), execute: async () => 'found' });
    const agent = new Agent({ name: 'Scripted', model: model().calls(lookup, { id: '1' }).thenReplies('Found it.'), tools: [lookup] });

    expect((await run(agent, 'Find 1')).finalOutput).toBe('Found it.');
  });
});
