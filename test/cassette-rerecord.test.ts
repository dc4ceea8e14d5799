import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Agent, run, tool, type Model } from '@openai/agents';
import { cassette, CASSETTE_MODE_ENV, model, RecordingInCIError, type Cassette } from 'agents-testkit';
import { z } from 'zod';
import { afterAll, afterEach, describe, expect, makeTempDir, removeTempDirs, test, thrownBy } from './support';

// AGENTS_TESTKIT_CASSETTE_MODE=rerecord-drifted: a conversation replays while its requests match
// the recording; from its first drifted call the real model answers and the conversation is
// recorded again; conversations and files that did not drift stay byte for byte.
afterAll(removeTempDirs);
const ENV_KEYS = ['CI', 'AGENTS_TESTKIT_RECORD_IN_CI', CASSETTE_MODE_ENV] as const;
const saved = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));
afterEach(() => {
  for (const key of ENV_KEYS) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

let forecast = 'It is sunny in Tokyo.';
const weather = tool({ name: 'get_weather', description: 'The weather', parameters: z.object({ city: z.string() }), execute: async () => forecast });
const agent = (model: Model, instructions = 'Answer briefly.') => new Agent({ name: 'Weather', instructions, model, tools: [weather] });

/** A real model the cassette must not ask for: it counts how often it was asked. */
function unusedReal(): { asked: () => number; real: () => Model } {
  let asked = 0;
  return { asked: () => asked, real: () => ((asked += 1), model({ verify: false }).replies('never')) };
}

/** shared.json with conversations "tokyo" (a tool loop) and "greeting", and other.json with "greeting", recorded from scripted models. */
async function recorded(): Promise<{ shared: string; other: string }> {
  forecast = 'It is sunny in Tokyo.';
  const dir = makeTempDir();
  const shared = join(dir, 'shared.json');
  const other = join(dir, 'other.json');
  const record = async (path: string, conversation: string, script: Model, input: string) => {
    const recorder = cassette(path, { mode: 'record', model: script, conversation });
    await run(agent(recorder), input);
    recorder.commit();
  };
  await record(shared, 'tokyo', model().calls('get_weather', { city: 'Tokyo' }).thenReplies('Sunny in Tokyo today.'), 'Weather in Tokyo?');
  await record(shared, 'greeting', model().replies('Hello!'), 'Hi');
  await record(other, 'greeting', model().replies('Hello from other!'), 'Hi');
  return { shared, other };
}

const conversationsOf = (path: string) => (JSON.parse(readFileSync(path, 'utf8')) as Cassette).conversations;

describe('cassette mode rerecord-drifted', () => {
  test('re-records a conversation from its first drifted call, and leaves the undrifted conversation and file byte for byte', async () => {
    const { shared, other } = await recorded();
    const sharedBefore = conversationsOf(shared);
    const otherBefore = readFileSync(other, 'utf8');
    process.env[CASSETTE_MODE_ENV] = 'rerecord-drifted';
    const untouched = unusedReal();

    // Undrifted: both replay, and never ask the real model.
    const greeting = cassette(shared, { conversation: 'greeting', model: untouched.real });
    const otherGreeting = cassette(other, { conversation: 'greeting', model: untouched.real });
    expect((await run(agent(greeting), 'Hi')).finalOutput).toBe('Hello!');
    expect((await run(agent(otherGreeting), 'Hi')).finalOutput).toBe('Hello from other!');
    greeting.commit();
    otherGreeting.commit();
    // Drifted at its second call: the tool's output changed, so the request that carries it differs.
    forecast = 'It is raining in Tokyo.';
    const real = model().replies('Rainy in Tokyo today.');
    const tokyo = cassette(shared, { conversation: 'tokyo', model: real });
    const result = await run(agent(tokyo), 'Weather in Tokyo?');
    tokyo.commit();

    expect(result.finalOutput).toBe('Rainy in Tokyo today.');
    expect(untouched.asked()).toBe(0);
    expect(real.requests).toHaveLength(1);
    expect(readFileSync(other, 'utf8')).toBe(otherBefore);
    const after = conversationsOf(shared);
    expect(after.greeting).toEqual(sharedBefore.greeting);
    // The replayed first call is kept as it was recorded; the second is the real model's answer to the new request.
    expect(after.tokyo!.calls[0]).toEqual(sharedBefore.tokyo!.calls[0]);
    expect(JSON.stringify(after.tokyo!.calls[1]!.request)).toContain('It is raining in Tokyo.');
    expect(JSON.stringify(after.tokyo!.calls[1]!.response)).toContain('Rainy in Tokyo today.');
    expect(after.tokyo!.calls).toHaveLength(2);
  });

  test('a conversation that drifts at its first call is recorded whole from the real model', async () => {
    const { shared } = await recorded();
    const before = conversationsOf(shared);
    const real = model().calls('get_weather', { city: 'Tokyo' }).thenReplies('Sunny, briefly.');

    const tokyo = cassette(shared, { mode: 'rerecord-drifted', conversation: 'tokyo', model: real });
    const result = await run(agent(tokyo, 'Answer in one word.'), 'Weather in Tokyo?');
    tokyo.commit();

    expect(result.finalOutput).toBe('Sunny, briefly.');
    const after = conversationsOf(shared);
    expect(after.tokyo!.calls.map((call) => call.request.instructions)).toEqual(['Answer in one word.', 'Answer in one word.']);
    expect(after.greeting).toEqual(before.greeting);
  });

  test('a run that makes more calls than were recorded records the calls beyond them', async () => {
    const { shared } = await recorded();
    const before = conversationsOf(shared);
    const real = model().replies('And hello again!');

    const greeting = cassette(shared, { mode: 'rerecord-drifted', conversation: 'greeting', model: real });
    const first = await run(agent(greeting), 'Hi');
    const second = await run(agent(greeting), 'Hi again');
    greeting.commit();

    expect([first.finalOutput, second.finalOutput]).toEqual(['Hello!', 'And hello again!']);
    const calls = conversationsOf(shared).greeting!.calls;
    expect(calls[0]).toEqual(before.greeting!.calls[0]);
    expect(calls).toHaveLength(2);
  });

  test('needs the real model to record from, like record', () => {
    const path = join(makeTempDir(), 'missing.json');

    const error = thrownBy(() => cassette(path, { mode: 'rerecord-drifted' }));

    expect(error.message).toContain('it is set to record (mode "rerecord-drifted"), but has no real model to record from');
  });

  test('is refused in CI like recording, before any model is asked', async () => {
    const { shared } = await recorded();
    process.env.CI = 'true';
    delete process.env.AGENTS_TESTKIT_RECORD_IN_CI;
    const untouched = unusedReal();

    const error = thrownBy(() => cassette(shared, { mode: 'rerecord-drifted', conversation: 'greeting', model: untouched.real, verify: false }));

    expect(error).toBeInstanceOf(RecordingInCIError);
    expect(error.message).toContain('it would record (mode "rerecord-drifted") the conversation named "greeting" into');
    expect(error.message).toContain('This is CI (CI=true), where nothing is recorded.');
    expect(untouched.asked()).toBe(0);
  });
});
