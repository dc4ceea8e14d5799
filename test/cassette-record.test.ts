import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Agent, run, tool } from '@openai/agents';
import { cassette, CASSETTE_MODE_ENV, MismatchError, ScriptError, type Cassette, type CassetteCall } from 'agents-testkit';
import { z } from 'zod';
import {
  afterAll,
  afterEach,
  agentWith,
  describe,
  expect,
  getWeather,
  makeTempDir,
  rejectionOf,
  removeTempDirs,
  test,
  thrownBy,
  withoutProvenance,
} from './support';
import { functionCall, message, startResponsesServer, TEST_API_KEY, type ResponsesServer } from './support/responsesServer';

const weatherTurns = [[functionCall('get_weather', { city: 'Tokyo' })], [message('Sunny in Tokyo today.')]];

let server: ResponsesServer | undefined;
const savedEnv = { ...process.env };

afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const key of [CASSETTE_MODE_ENV, 'OPENAI_API_KEY', 'OPENAI_BASE_URL']) {
    if (savedEnv[key] === undefined) delete process.env[key];
    else process.env[key] = savedEnv[key];
  }
});
afterAll(removeTempDirs);

function readCassette(path: string): Cassette {
  return JSON.parse(readFileSync(path, 'utf8')) as Cassette;
}

/** The calls of the file's only conversation. */
function recordedCalls(path: string): CassetteCall[] {
  const conversations = Object.values(readCassette(path).conversations);
  expect(conversations).toHaveLength(1);
  return conversations[0]!.calls;
}

const describeName = 'recording through the real Responses adapter';

describe(describeName, () => {
  test('a recorded tool loop replays with the server stopped', async () => {
    server = await startResponsesServer(weatherTurns);
    const path = join(makeTempDir(), 'weather.json');

    const recorder = cassette(path, { mode: 'record', model: server.model() });
    const live = await run(agentWith(recorder), 'Weather in Tokyo?');
    await server.close();

    expect(live.finalOutput).toBe('Sunny in Tokyo today.');
    expect(server.requests).toHaveLength(2);
    expect(recorder.mode).toBe('record');
    expect(recorder).toBeComplete();
    // A recording reaches the file when its test passes (the setup entries see to it), or now:
    recorder.commit();

    const replayer = cassette(path);
    expect(replayer.mode).toBe('replay');
    const replayed = await run(agentWith(replayer), 'Weather in Tokyo?');

    expect(replayed.finalOutput).toBe('Sunny in Tokyo today.');
    expect(replayed).toHaveCalledTool(getWeather, { city: 'Tokyo' });
    expect(replayer).toBeComplete();

    // The same recording, with the agent's instructions changed, fails with a diff that names them.
    const drifted = cassette(path, { verify: false });
    const error = await rejectionOf(run(agentWith(drifted, { instructions: 'Help politely.' }), 'Weather in Tokyo?'));
    expect(error).toBeInstanceOf(MismatchError);
    expect(error.message).toContain('the system instructions changed: "Help." → "Help politely."');
    expect(drifted).not.toBeComplete();
  });

  test('the cassette keeps what matters of each request and response', async () => {
    server = await startResponsesServer(weatherTurns);
    const path = join(makeTempDir(), 'weather.json');
    const recorder = cassette(path, { mode: 'record', model: server.model() });
    await run(agentWith(recorder, { modelSettings: { temperature: 0.2 } }), 'Weather in Tokyo?');
    recorder.commit();

    const recorded = readCassette(path);
    expect(recorded.version).toBe(2);
    // One conversation per test, named after the test.
    expect(Object.keys(recorded.conversations)).toEqual([`${describeName} the cassette keeps what matters of each request and response`]);
    const [first, second] = recordedCalls(path);
    expect(recordedCalls(path)).toHaveLength(2);
    expect(Object.keys(first!.request)).toEqual(['instructions', 'input', 'tools', 'handoffs', 'outputType', 'settings']);
    expect(first!.request.instructions).toBe('Help.');
    expect(first!.request.tools.map((tool) => (tool as { name: string }).name)).toEqual(['get_weather', 'lookup_order']);
    expect(first!.request.settings).toEqual({ temperature: 0.2 });
    expect(first!.streamed).toBe(false);
    expect(first!.response.output).toEqual([expect.objectContaining({ type: 'function_call', name: 'get_weather', callId: 'call_1_1' })]);
    expect(first!.response.usage).toEqual({
      requests: 1,
      inputTokens: 20,
      outputTokens: 5,
      totalTokens: 25,
      inputTokensDetails: { cached_tokens: 0 },
      outputTokensDetails: { reasoning_tokens: 0 },
    });
    expect(first!.response.responseId).toBe('resp_1');
    // The second request carries the tool's output back to the model.
    expect(second!.request.input).toContainEqual(
      expect.objectContaining({ type: 'function_call_result', name: 'get_weather', output: { type: 'text', text: 'Sunny in Tokyo.' } }),
    );
    // Runner bookkeeping never reaches the file.
    expect(readFileSync(path, 'utf8')).not.toMatch(/_internal|tracing|signal/);
  });

  test('reproduces the committed fixture test/fixtures/weather.json', async () => {
    // The fixture the replay specs use is exactly what recording the loopback server writes.
    server = await startResponsesServer(weatherTurns);
    const path = join(makeTempDir(), 'weather.json');
    const recorder = cassette(path, { mode: 'record', model: server.model(), conversation: 'Weather in Tokyo' });
    await run(agentWith(recorder), 'Weather in Tokyo?');
    recorder.commit();

    expect(withoutProvenance(readFileSync(path, 'utf8'))).toBe(readFileSync('test/fixtures/weather.json', 'utf8'));
  });

  test('reproduces the committed fixture of the README recipe, examples/fixtures/weather.json', async () => {
    // The agent of examples/record-replay.test.ts, recorded as a real model would answer it.
    const recipeTool = tool({
      name: 'get_weather',
      description: 'Current weather for a city',
      parameters: z.object({ city: z.string() }),
      execute: async ({ city }) => `It is sunny in ${city}.`,
    });
    server = await startResponsesServer([[functionCall('get_weather', { city: 'Tokyo' })], [message('It is sunny in Tokyo today.')]]);
    const path = join(makeTempDir(), 'weather.json');
    // The recipe's first test records under its own name.
    const recorder = cassette(path, { mode: 'record', model: server.model('gpt-5.4-mini'), conversation: 'the agent replays its recorded conversation' });
    await run(new Agent({ name: 'Weather', instructions: 'Answer in one sentence.', model: recorder, tools: [recipeTool] }), 'Weather in Tokyo?');
    recorder.commit();

    expect(withoutProvenance(readFileSync(path, 'utf8'))).toBe(readFileSync('examples/fixtures/weather.json', 'utf8'));
  });

  test('streamed runs are recorded with their text deltas and replay chunk by chunk', async () => {
    server = await startResponsesServer(weatherTurns);
    const path = join(makeTempDir(), 'stream.json');

    const recorder = cassette(path, { mode: 'record', model: server.model() });
    const live = await run(agentWith(recorder), 'Weather in Tokyo?', { stream: true });
    const liveChunks: string[] = [];
    for await (const chunk of live.toTextStream()) liveChunks.push(chunk);
    await live.completed;
    await server.close();
    recorder.commit();

    const calls = recordedCalls(path);
    expect(calls.map((call) => call.streamed)).toEqual([true, true]);
    expect(calls[1]?.deltas).toEqual(['Sunny ', 'in Tok', 'yo tod', 'ay.']);

    const replayed = await run(agentWith(cassette(path)), 'Weather in Tokyo?', { stream: true });
    const chunks: string[] = [];
    for await (const chunk of replayed.toTextStream()) chunks.push(chunk);
    await replayed.completed;

    expect(chunks).toEqual(liveChunks);
    expect(chunks).toEqual(['Sunny ', 'in Tok', 'yo tod', 'ay.']);
    expect(replayed.finalOutput).toBe('Sunny in Tokyo today.');
  });

  test('a streamed recording also replays in a non-streamed run, and the other way round', async () => {
    server = await startResponsesServer([...weatherTurns, ...weatherTurns]);
    const dir = makeTempDir();
    const a = cassette(join(dir, 'a.json'), { mode: 'record', model: server.model() });
    const streamedRun = await run(agentWith(a), 'Weather in Tokyo?', { stream: true });
    await streamedRun.completed;
    const b = cassette(join(dir, 'b.json'), { mode: 'record', model: server.model() });
    await run(agentWith(b), 'Weather in Tokyo?');
    a.commit();
    b.commit();

    const plain = await run(agentWith(cassette(join(dir, 'a.json'))), 'Weather in Tokyo?');
    const streamed = await run(agentWith(cassette(join(dir, 'b.json'))), 'Weather in Tokyo?', { stream: true });
    let text = '';
    for await (const chunk of streamed.toTextStream()) text += chunk;
    await streamed.completed;

    expect(plain.finalOutput).toBe('Sunny in Tokyo today.');
    expect(text).toBe('Sunny in Tokyo today.');
  });

  test('a model name is resolved by the SDK OpenAI provider, which reads the environment', async () => {
    server = await startResponsesServer(weatherTurns);
    process.env.OPENAI_API_KEY = TEST_API_KEY;
    process.env.OPENAI_BASE_URL = server.url;
    const path = join(makeTempDir(), 'named.json');

    const recorder = cassette(path, { mode: 'record', model: 'gpt-test-named' });
    const result = await run(agentWith(recorder), 'Weather in Tokyo?');
    recorder.commit();

    expect(result.finalOutput).toBe('Sunny in Tokyo today.');
    expect(server.requests.map((request) => request.body.model)).toEqual(['gpt-test-named', 'gpt-test-named']);
  });

  test('a factory makes the real model only when recording', async () => {
    server = await startResponsesServer(weatherTurns);
    const path = join(makeTempDir(), 'factory.json');
    let made = 0;
    const factory = () => {
      made += 1;
      return server!.model();
    };

    const recorder = cassette(path, { mode: 'record', model: factory });
    await run(agentWith(recorder), 'Weather in Tokyo?');
    recorder.commit();
    await run(agentWith(cassette(path, { model: factory })), 'Weather in Tokyo?');

    expect(made).toBe(1);
  });
});

describe('secrets', () => {
  test('the API key is never written, and key-like strings are scrubbed', async () => {
    server = await startResponsesServer([[message('Noted.')]]);
    process.env.OPENAI_API_KEY = 'env-secret-value-123';
    const path = join(makeTempDir(), 'secret.json');
    const script = cassette(path, { mode: 'record', model: server.model() });

    await run(agentWith(script, { instructions: `Use sk-proj-abcdefghijklmnopqrstuvwx and env-secret-value-123.` }), 'Hi');
    script.commit();

    const text = readFileSync(path, 'utf8');
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${TEST_API_KEY}`);
    expect(text).not.toContain(TEST_API_KEY);
    expect(text).not.toContain('sk-proj-abcdefghijklmnopqrstuvwx');
    expect(text).not.toContain('env-secret-value-123');
    expect(recordedCalls(path)[0]?.request.instructions).toBe('Use [redacted API key] and [redacted API key].');

    // Live requests are scrubbed the same way, so the scrubbed recording replays without drift.
    const replayed = await run(agentWith(cassette(path), { instructions: `Use sk-proj-abcdefghijklmnopqrstuvwx and env-secret-value-123.` }), 'Hi');
    expect(replayed.finalOutput).toBe('Noted.');
  });

  test('redaction hooks rewrite what is written, and live requests are compared after the same rewrite', async () => {
    server = await startResponsesServer([[message('Your number is 555-0100.')]]);
    const path = join(makeTempDir(), 'redacted.json');
    const mask = (text: string) => text.replace(/555-\d{4}/g, '[phone]');
    const redact = {
      request: (request: CassetteCall['request']) => JSON.parse(mask(JSON.stringify(request))),
      response: (response: CassetteCall['response']) => JSON.parse(mask(JSON.stringify(response))),
    };

    const recorder = cassette(path, { mode: 'record', model: server.model(), redact });
    await run(agentWith(recorder), 'Call me at 555-0199');
    recorder.commit();

    expect(readFileSync(path, 'utf8')).not.toMatch(/555-01/);
    const replayed = await run(agentWith(cassette(path, { redact })), 'Call me at 555-0142');
    expect(replayed.finalOutput).toBe('Your number is [phone].');
  });
});

describe('modes', () => {
  test('record-missing records when the file is missing, and replays once it exists', async () => {
    server = await startResponsesServer(weatherTurns);
    const path = join(makeTempDir(), 'lazy.json');

    const first = cassette(path, { mode: 'record-missing', model: server.model() });
    expect(first.mode).toBe('record');
    await run(agentWith(first), 'Weather in Tokyo?');
    first.commit();
    await server.close();

    const second = cassette(path, { mode: 'record-missing', model: server.model() });
    expect(second.mode).toBe('replay');
    expect((await run(agentWith(second), 'Weather in Tokyo?')).finalOutput).toBe('Sunny in Tokyo today.');
    expect(server.requests).toHaveLength(2);
  });

  test(`${CASSETTE_MODE_ENV} chooses the mode of cassettes without one`, async () => {
    server = await startResponsesServer(weatherTurns);
    const path = join(makeTempDir(), 'env.json');

    process.env[CASSETTE_MODE_ENV] = 'record';
    const recorder = cassette(path, { model: server.model() });
    expect(recorder.mode).toBe('record');
    await run(agentWith(recorder), 'Weather in Tokyo?');
    recorder.commit();

    // These cassettes are only looked at, never played, so they stay out of the after-each verification.
    process.env[CASSETTE_MODE_ENV] = 'replay';
    expect(cassette(path, { verify: false }).mode).toBe('replay');
    // An explicit mode wins over the environment.
    expect(cassette(path, { mode: 'record', model: server.model(), verify: false }).mode).toBe('record');
    delete process.env[CASSETTE_MODE_ENV];
    expect(cassette(path, { verify: false }).mode).toBe('replay');
  });

  test('recording replaces its own conversation, and keeps the other conversations of the file', async () => {
    server = await startResponsesServer([[message('New answer.')]]);
    const path = join(makeTempDir(), 'old.json');
    const old = (text: string) => ({ calls: [{ ...JSON.parse(readFileSync('test/fixtures/weather.json', 'utf8')).conversations['Weather in Tokyo'].calls[1], response: { output: [], usage: { requests: 1, inputTokens: 1, outputTokens: 1, totalTokens: 2 }, responseId: text } }] });
    writeFileSync(path, JSON.stringify({ version: 2, conversations: { 'another test': old('kept'), mine: old('replaced') } }));

    const recorder = cassette(path, { mode: 'record', model: server.model(), conversation: 'mine' });
    await run(agentWith(recorder), 'Hi');
    recorder.commit();

    const { conversations } = readCassette(path);
    expect(Object.keys(conversations)).toEqual(['another test', 'mine']);
    expect(conversations['another test']).toEqual(old('kept'));
    expect(conversations.mine?.calls).toHaveLength(1);
    expect((await run(agentWith(cassette(path, { conversation: 'mine' })), 'Hi')).finalOutput).toBe('New answer.');
  });

  test('a failing real call fails the run and is not recorded', async () => {
    server = await startResponsesServer([]);
    const path = join(makeTempDir(), 'failed.json');
    const recorder = cassette(path, { mode: 'record', model: server.model() });

    const error = await rejectionOf(run(agentWith(recorder), 'Hi'));

    expect(error.message).toContain('the test server has no response for request 1');
    expect(recorder.calls).toEqual([]);
    recorder.commit();
    expect(existsSync(path)).toBe(false);
  });

  test('recording needs a real model to record from', () => {
    const path = join(makeTempDir(), 'none.json');
    const error = thrownBy(() => cassette(path, { mode: 'record' })) as ScriptError;

    expect(error).toBeInstanceOf(ScriptError);
    expect(error.reason).toBe('missing_model');
    expect(error.message).toBe(
      `cassette(${JSON.stringify(path)}): it is set to record (mode "record"), but has no real model to record from. ` +
        `Pass one: cassette(${JSON.stringify(path)}, { model: 'gpt-5.4-mini' }) or { model: new OpenAIResponsesModel(client, 'gpt-5.4-mini') }.`,
    );
    expect(thrownBy(() => cassette(path, { mode: 'record-missing' }))).toMatchObject({ reason: 'missing_model' });
  });

  test('a factory that returns something else fails the run with a clear error', async () => {
    const path = join(makeTempDir(), 'bad-factory.json');
    const recorder = cassette(path, { mode: 'record', model: () => ({ not: 'a model' }) as never });

    const error = await rejectionOf(run(agentWith(recorder), 'Hi'));

    expect(error).toBeInstanceOf(ScriptError);
    expect(error).toMatchObject({ reason: 'invalid_option', message: `cassette(${JSON.stringify(path)}): the model factory returned an object ({"not":"a model"}), not a Model.` });
  });

  test('the report of a recording cassette lists what it recorded', async () => {
    server = await startResponsesServer(weatherTurns);
    const recorder = cassette(join(makeTempDir(), 'report.json'), { name: 'weather', mode: 'record', model: server.model() });
    await run(agentWith(recorder), 'Weather in Tokyo?');
    recorder.commit();

    expect(recorder).toBeComplete();
    expect(() => expect(recorder).not.toBeComplete()).toThrow(
      /cassette\("weather"\) recorded 2 calls:\n {2}1\. model call → recorded calls\(get_weather, \{"city":"Tokyo"\}\)\n {2}2\. model call → recorded replies\("Sunny in Tokyo today\."\)/,
    );
  });
});
