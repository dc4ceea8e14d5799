import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { run, tool } from '@openai/agents';
import { cassette, CASSETTE_MODE_ENV, IncompleteScriptError, MismatchError, ScriptError } from 'agents-testkit';
import { z } from 'zod';
import {
  afterAll,
  agentWith,
  describe,
  expect,
  failureOf,
  fromRoot,
  getWeather,
  lookupOrder,
  makeTempDir,
  mark,
  rejectionOf,
  removeTempDirs,
  test,
  thrownBy,
  verificationFailureSince,
} from './support';

// Recorded from the loopback Responses server (test/cassette-record.test.ts checks that it still is):
// the agent of agentWith() asked "Weather in Tokyo?", called get_weather, then answered.
const FIXTURE = 'test/fixtures/weather.json';

afterAll(removeTempDirs);

/** Replays the fixture with `change` applied to the agent, expecting the first model call to drift. */
async function driftOf(options: Parameters<typeof agentWith>[1], input = 'Weather in Tokyo?'): Promise<MismatchError> {
  const replay = cassette(FIXTURE, { name: 'weather', verify: false });
  const error = await rejectionOf(run(agentWith(replay, options), input));
  expect(error).toBeInstanceOf(MismatchError);
  expect(replay).not.toBeComplete();
  return error as MismatchError;
}

describe('replaying a committed cassette', () => {
  test('answers from the file, with no model and no network', async () => {
    const replay = cassette(FIXTURE);
    const result = await run(agentWith(replay), 'Weather in Tokyo?');

    expect(result.finalOutput).toBe('Sunny in Tokyo today.');
    expect(result).toHaveCalledTool(getWeather, { city: 'Tokyo' });
    expect(result.rawResponses.map((response) => response.usage.totalTokens)).toEqual([25, 45]);
    expect(replay.calls).toHaveLength(2);
    expect(replay.remainingSteps).toBe(0);
    expect(replay).toBeComplete();
  });

  test('a streamed run of a non-streamed recording streams the recorded text', async () => {
    const result = await run(agentWith(cassette(FIXTURE)), 'Weather in Tokyo?', { stream: true });
    let text = '';
    for await (const chunk of result.toTextStream()) text += chunk;
    await result.completed;

    expect(text).toBe('Sunny in Tokyo today.');
  });

  test('the cassette is read when it is created, so replay needs no API key', async () => {
    const saved = process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_API_KEY;
    try {
      expect((await run(agentWith(cassette(FIXTURE)), 'Weather in Tokyo?')).finalOutput).toBe('Sunny in Tokyo today.');
    } finally {
      if (saved !== undefined) process.env.OPENAI_API_KEY = saved;
    }
  });
});

describe('drift', () => {
  test('changed instructions fail the call with a diff that names the instructions', async () => {
    const error = await driftOf({ instructions: 'Help, and be verbose.' });

    expect(error.kind).toBe('request_drift');
    expect(error.callIndex).toBe(0);
    expect(error.stepIndex).toBe(0);
    expect(error.message).toContain('the system instructions changed: "Help." → "Help, and be verbose."');
    expect(error.message).toMatchSnapshot();
  });

  test('an added tool is named', async () => {
    const refundTool = tool({ name: 'refund', description: 'Refunds', parameters: z.object({ id: z.string() }), execute: async () => 'ok' });
    const error = await driftOf({ tools: [getWeather, lookupOrder, refundTool] });

    expect(error.message).toContain('tool "refund" was added');
  });

  test('a removed tool and a changed tool description are named', async () => {
    const redescribed = tool({
      name: 'get_weather',
      description: 'Current weather',
      parameters: z.object({ city: z.string(), unit: z.enum(['c', 'f']).optional() }),
      execute: async () => 'x',
    });
    const error = await driftOf({ tools: [redescribed] });

    expect(error.message).toContain('tool "get_weather" changed: description: "Weather for a city" → "Current weather"');
    expect(error.message).toContain('tool "lookup_order" was removed');
    expect(error.message).toMatchSnapshot();
  });

  test('changed input names the item and both versions', async () => {
    const error = await driftOf({}, 'Weather in Paris?');

    expect(error.message).toContain('input item 1 changed: user: "Weather in Tokyo?" → user: "Weather in Paris?"');
  });

  test('changed model settings name the setting', async () => {
    const error = await driftOf({ modelSettings: { temperature: 0.7 } });

    expect(error.message).toContain('the model settings changed: temperature added (0.7)');
  });

  test('a changed output type is named', async () => {
    const error = await driftOf({ outputType: z.object({ answer: z.string() }) as never });

    expect(error.message).toContain('the output type changed: "text" → {"type":"json_schema"');
  });

  test('a changed tool output drifts the next call', async () => {
    const rainy = tool({
      name: 'get_weather',
      description: 'Weather for a city',
      parameters: z.object({ city: z.string(), unit: z.enum(['c', 'f']).optional() }),
      execute: async () => 'Rainy in Tokyo.',
    });
    const replay = cassette(FIXTURE, { verify: false });

    const error = (await rejectionOf(run(agentWith(replay, { tools: [rainy, lookupOrder] }), 'Weather in Tokyo?'))) as MismatchError;

    expect(error.callIndex).toBe(1);
    expect(error.message).toContain(
      'input item 3 changed: tool output of get_weather: "Sunny in Tokyo." → tool output of get_weather: "Rainy in Tokyo."',
    );
  });

  test('drift is recorded, so the after-each verification fails a test that swallowed the error', async () => {
    const since = mark();
    const replay = cassette(FIXTURE, { name: 'weather' });

    await run(agentWith(replay, { instructions: 'Be terse.' }), 'Weather in Tokyo?').catch(() => undefined);

    expect(failureOf(() => expect(replay).toBeComplete())).toContain('the system instructions changed: "Help." → "Be terse."');
    expect(() => replay.assertComplete()).toThrow(IncompleteScriptError);
    expect(verificationFailureSince(since)).toMatchSnapshot();
  });

  test('ignored fields are not compared', async () => {
    const replay = cassette(FIXTURE, { ignore: ['instructions', 'settings'] });

    const result = await run(agentWith(replay, { instructions: 'Be terse.', modelSettings: { temperature: 1 } }), 'Weather in Tokyo?');

    expect(result.finalOutput).toBe('Sunny in Tokyo today.');
  });
});

describe('calls the cassette did not record', () => {
  test('recorded calls left unused are pending, in script terms', async () => {
    const since = mark();
    const replay = cassette(FIXTURE, { name: 'weather' });

    expect(replay.remainingSteps).toBe(2);
    expect(replay).not.toBeComplete();
    expect(verificationFailureSince(since)).toMatchSnapshot();
  });

  test('a call beyond the recording fails and says how to record again', async () => {
    const replay = cassette(FIXTURE, { name: 'weather', verify: false });
    await run(agentWith(replay), 'Weather in Tokyo?');

    const error = (await rejectionOf(run(agentWith(replay), 'And tomorrow?'))) as MismatchError;

    expect(error.kind).toBe('unexpected_call');
    expect(error.message).toMatchSnapshot();
    expect(replay).not.toBeComplete();
  });
});

describe('missing and broken cassettes', () => {
  test('a missing cassette is an error at the line that names it, saying how to record', () => {
    const error = thrownBy(() => cassette('test/fixtures/nope.json')) as ScriptError;

    expect(error).toBeInstanceOf(ScriptError);
    expect(error.reason).toBe('missing_cassette');
    expect(error.double).toBe('cassette("test/fixtures/nope.json")');
    expect(fromRoot(error.message)).toMatchSnapshot();
  });

  test('a cassette that is not JSON, or of another version, cannot be replayed', () => {
    const dir = makeTempDir();
    writeFileSync(join(dir, 'broken.json'), '{ "version": 1, ');
    writeFileSync(join(dir, 'old.json'), JSON.stringify({ version: 0, calls: [] }));
    writeFileSync(join(dir, 'shape.json'), JSON.stringify({ version: 1, calls: [{ request: {} }] }));

    expect(thrownBy(() => cassette(join(dir, 'broken.json')))).toMatchObject({ reason: 'invalid_cassette', message: expect.stringContaining('it is not JSON') });
    expect(thrownBy(() => cassette(join(dir, 'old.json'))).message).toContain('cannot be replayed: version: expected 1 or 2, got number 0.');
    expect(thrownBy(() => cassette(join(dir, 'shape.json'))).message).toContain('cannot be replayed: calls[0].request.input: missing.');
  });

  test('misused options are rejected where they are written', () => {
    expect(thrownBy(() => cassette(''))).toMatchObject({ reason: 'invalid_path' });
    expect(thrownBy(() => cassette(FIXTURE, { mode: 'replay-all' as never }))).toMatchObject({
      reason: 'invalid_option',
      message: 'cassette("test/fixtures/weather.json"): mode must be "replay", "record", "record-missing", "rerecord-drifted"; got the string "replay-all".',
    });
    expect(thrownBy(() => cassette(FIXTURE, { redact: { request: 'mask' as never } })).message).toContain('redact.request must be a function');
    expect(thrownBy(() => cassette(FIXTURE, { ignore: ['tools', 'instruction' as never] })).message).toContain(
      'ignore must list request fields (instructions, input, tools, handoffs, outputType, settings, prompt, previousResponseId, conversationId); got the string "instruction".',
    );
    expect(thrownBy(() => cassette(FIXTURE, { mode: 'record', model: 42 as never })).message).toContain('model must be a model name, a Model or a factory');
  });

  test('each option is checked, and the message names the cassette and what came', () => {
    const refusal = (write: () => unknown) => {
      const error = thrownBy(write) as ScriptError;
      expect(error).toBeInstanceOf(ScriptError);
      expect(error.message.startsWith(`${error.double}: `)).toBe(true);
      return { reason: error.reason, message: error.message };
    };
    const named = 'cassette("test/fixtures/weather.json")';
    expect(refusal(() => cassette(' '))).toEqual({ reason: 'invalid_path', message: 'cassette(" "): expected the path of a cassette file; got the string " ".' });
    expect(refusal(() => cassette(7 as never))).toEqual({ reason: 'invalid_path', message: 'cassette(7): expected the path of a cassette file; got number 7.' });
    expect(refusal(() => cassette(FIXTURE, null as never))).toEqual({ reason: 'invalid_option', message: `${named}: expected an options object like { mode: 'record', model: 'gpt-5.4-mini' }; got null.` });
    expect(refusal(() => cassette(FIXTURE, { conversation: ' ' }))).toEqual({ reason: 'invalid_option', message: `${named}: conversation must be a non-empty string; got the string " ".` });
    expect(refusal(() => cassette(FIXTURE, { conversation: 5 as never }))).toEqual({ reason: 'invalid_option', message: `${named}: conversation must be a non-empty string; got number 5.` });
    expect(refusal(() => cassette(FIXTURE, { redact: 'mask' as never }))).toEqual({
      reason: 'invalid_option',
      message: `${named}: redact must be an object like { request: (request) => request }; got the string "mask".`,
    });
    expect(refusal(() => cassette(FIXTURE, { redact: null as never })).message).toContain('redact must be an object');
    expect(refusal(() => cassette(FIXTURE, { redact: { response: 1 as never } }))).toEqual({ reason: 'invalid_option', message: `${named}: redact.response must be a function; got number 1.` });
    expect(refusal(() => cassette(FIXTURE, { ignore: 'tools' as never }))).toEqual({
      reason: 'invalid_option',
      message: expect.stringMatching(/: ignore must list request fields \(.*\); got the string "tools"\.$/),
    });
    expect(refusal(() => cassette(FIXTURE, { mode: 'record', model: '  ' }))).toEqual({
      reason: 'invalid_option',
      message: `${named}: model must be a model name, a Model or a factory; got an empty name.`,
    });
    expect(refusal(() => cassette(FIXTURE, { mode: 'record', model: {} as never }))).toEqual({
      reason: 'invalid_option',
      message: `${named}: model must be a model name, a Model or a factory; got an object ({}).`,
    });
  });

  test('valid options are taken: a name, a file URL, hooks, ignored fields', async () => {
    const replay = cassette(pathToFileURL(FIXTURE), { name: 'weather', ignore: ['settings'], redact: { response: (response) => response } });
    expect(replay).toMatchObject({ label: 'cassette("weather")' });
    expect(cassette(pathToFileURL(FIXTURE), { verify: false })).toMatchObject({ label: `cassette(${JSON.stringify(resolve(FIXTURE))})` });
    expect((await run(agentWith(replay), 'Weather in Tokyo?')).finalOutput).toBe('Sunny in Tokyo today.');
  });

  test('a missing cassette with a real model given says only how to record it', () => {
    const error = thrownBy(() => cassette('test/fixtures/nope.json', { model: 'gpt-5.4-mini' }));
    expect(error.message).toMatch(/\(or pass \{ mode: 'record' \} to cassette\("test\/fixtures\/nope.json"\)\)\.$/);
  });

  test(`an unknown ${CASSETTE_MODE_ENV} is rejected`, () => {
    process.env[CASSETTE_MODE_ENV] = 'recrod';
    try {
      expect(thrownBy(() => cassette(FIXTURE)).message).toBe(
        `cassette("test/fixtures/weather.json"): ${CASSETTE_MODE_ENV} must be replay, record, record-missing, rerecord-drifted or unset; got "recrod".`,
      );
    } finally {
      delete process.env[CASSETTE_MODE_ENV];
    }
  });
});

describe('a cassette file is parsed once per process while it is unchanged', () => {
  test('cassettes of one unchanged file share its parsed calls; a changed file is read again', async () => {
    const path = join(makeTempDir(), 'weather.json');
    writeFileSync(path, readFileSync(FIXTURE));
    const first = cassette(path, { verify: false });
    const second = cassette(path, { verify: false });

    expect(second.calls[0]).toBe(first.calls[0]);
    expect(Object.isFrozen(first.calls[0]?.response.output)).toBe(true);

    const edited = readFileSync(FIXTURE, 'utf8').replace('Sunny in Tokyo today.', 'Rainy in Tokyo today.');
    writeFileSync(path, edited);
    const third = cassette(path);
    expect(third.calls[0]).not.toBe(first.calls[0]);
    expect((await run(agentWith(third), 'Weather in Tokyo?')).finalOutput).toBe('Rainy in Tokyo today.');
  });

  test('a replayed run may change what it got back without changing the recording', async () => {
    const replay = cassette(FIXTURE);
    const result = await run(agentWith(replay), 'Weather in Tokyo?');
    (result.newItems.at(-1)?.rawItem as { status?: string }).status = 'changed by the test';

    expect((await run(agentWith(cassette(FIXTURE)), 'Weather in Tokyo?')).newItems.at(-1)?.rawItem).toMatchObject({ status: 'completed' });
  });

  test('requests are compared as their recorded form would be: key order, undefined fields and secrets do not count', async () => {
    const replay = cassette(FIXTURE, { verify: false });
    const script = agentWith(replay, { modelSettings: { temperature: undefined, toolChoice: undefined } });

    expect((await run(script, 'Weather in Tokyo?')).finalOutput).toBe('Sunny in Tokyo today.');
  });
});
