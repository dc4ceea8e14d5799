import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Agent, run } from '@openai/agents';
import { cassette, CASSETTE_MODE_ENV, mcp, mcpCassette, model, RECORD_IN_CI_ENV, RecordingInCIError, ScriptError } from 'agents-testkit';
import { z } from 'zod';
import { afterAll, afterEach, agentWith, beforeEach, describe, expect, makeTempDir, mark, removeTempDirs, runner, test, thrownBy, verificationFailureSince } from './support';
import { message, startResponsesServer, type ResponsesServer } from './support/responsesServer';

// CI never records: under CI=true, record and record-missing reach no model and no MCP server
// unless AGENTS_TESTKIT_RECORD_IN_CI opts in. Each refusal is also recorded, so a test that
// swallows it still fails; the tests that expect one take it off with verificationFailureSince().

const ENV_KEYS = ['CI', RECORD_IN_CI_ENV, CASSETTE_MODE_ENV] as const;
const savedEnv = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));
const realFetch = globalThis.fetch;
/** Every request anything in this file sends through fetch (the OpenAI client does): stopped and counted. */
let fetched: string[] = [];
let server: ResponsesServer | undefined;
let dir: string;

beforeEach(() => {
  process.env.CI = 'true';
  delete process.env[RECORD_IN_CI_ENV];
  delete process.env[CASSETTE_MODE_ENV];
  fetched = [];
  globalThis.fetch = (async (input: string | URL | Request) => {
    fetched.push(String(input instanceof Request ? input.url : input));
    throw new Error('this spec allows no request');
  }) as typeof fetch;
  dir = makeTempDir();
});

afterEach(async () => {
  globalThis.fetch = realFetch;
  await server?.close();
  server = undefined;
  for (const key of ENV_KEYS) {
    if (savedEnv[key] === undefined) delete process.env[key];
    else process.env[key] = savedEnv[key];
  }
});
afterAll(removeTempDirs);

/** `-t` takes a pattern: the test's full name, escaped, in single quotes for the shell. */
const command = (mode: string, name: string) =>
  `${CASSETTE_MODE_ENV}=${mode} ${runner === 'vitest' ? 'npx vitest run' : 'npx jest'} ${relative(process.cwd(), expect.getState().testPath as string)} -t '${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/'/g, `'\\''`)}'`;

/** A real model that counts how often the cassette asked for it: never, in CI. */
function countedModel(): { made: () => number; real: () => ReturnType<ResponsesServer['model']> } {
  let made = 0;
  return {
    made: () => made,
    real: () => {
      made += 1;
      return (server as ResponsesServer).model();
    },
  };
}

/** What the directory holds besides what the test wrote: a recording, or a partial one. */
const written = () => readdirSync(dir);

describe('cassette() in CI', () => {
  test('record-missing without a recording fails naming the file, the test and the command, and makes no request', async () => {
    server = await startResponsesServer([[message('Sunny.')]]);
    const counted = countedModel();
    const path = join(dir, 'weather.json');
    const name = expect.getState().currentTestName!.split(' > ').join(' ');
    const since = mark();

    const error = thrownBy(() => cassette(path, { mode: 'record-missing', model: counted.real })) as RecordingInCIError;

    expect(error).toBeInstanceOf(RecordingInCIError);
    expect(error).toBeInstanceOf(ScriptError);
    expect(error).toMatchObject({ reason: 'recording_in_ci', file: path, conversation: name, test: name, mode: 'record-missing', command: command('record-missing', name) });
    expect(error.message).toBe(
      `cassette(${JSON.stringify(path)}): it would record (mode "record-missing") the conversation for the test ${JSON.stringify(name)} into ${path}, which does not exist. ` +
        `This is CI (CI=true), where nothing is recorded. Record it on a developer machine and commit the file:\n` +
        `  ${command('record-missing', name)}\n` +
        `To record in this CI job anyway (one that records on purpose), set ${RECORD_IN_CI_ENV}=1.`,
    );
    expect(counted.made()).toBe(0);
    expect(server.requests).toHaveLength(0);
    expect(fetched).toEqual([]);
    expect(written()).toEqual([]);
    // Swallowed, it still fails the test.
    expect(verificationFailureSince(since)).toContain(`This is CI (CI=true), where nothing is recorded`);
  });

  test("record-missing replays this test's conversation, and refuses one the file lacks, naming it", async () => {
    const path = join(dir, 'weather.json');
    const name = expect.getState().currentTestName!.split(' > ').join(' ');
    writeFileSync(path, JSON.stringify({ version: 2, conversations: { [name]: { calls: [] }, 'another test': { calls: [] } } }));

    expect(cassette(path, { mode: 'record-missing' }).mode).toBe('replay');

    const since = mark();
    const error = thrownBy(() => cassette(path, { mode: 'record-missing', conversation: 'a third test', model: 'gpt-5.4-mini' })) as RecordingInCIError;
    expect(error).toMatchObject({ reason: 'recording_in_ci', conversation: 'a third test', test: name, mode: 'record-missing' });
    expect(error.message).toContain(`it would record (mode "record-missing") the conversation named "a third test" into ${path}, which does not hold it. This is CI (CI=true)`);
    expect(error.message).toContain(`\n  ${command('record-missing', name)}\n`);
    expect(fetched).toEqual([]);
    verificationFailureSince(since);
  });

  test('record is refused, even for a conversation the file holds, naming the opt-in', async () => {
    const path = join(dir, 'weather.json');
    const name = expect.getState().currentTestName!.split(' > ').join(' ');
    writeFileSync(path, JSON.stringify({ version: 2, conversations: { [name]: { calls: [] } } }));
    const since = mark();

    process.env[CASSETTE_MODE_ENV] = 'record';
    const error = thrownBy(() => cassette(path, { model: 'gpt-5.4-mini' })) as RecordingInCIError;

    expect(error).toMatchObject({ reason: 'recording_in_ci', mode: 'record', command: command('record', name) });
    expect(error.message).toContain(`it would record (mode "record") the conversation for the test ${JSON.stringify(name)} into ${path} again. This is CI (CI=true)`);
    expect(error.message).toContain(`set ${RECORD_IN_CI_ENV}=1.`);
    expect(fetched).toEqual([]);
    verificationFailureSince(since);
  });

  test("a test name with a pattern's characters (and a quote) is escaped in the command", () => {
    const since = mark();
    const error = thrownBy(() => cassette(join(dir, 'x.json'), { mode: 'record', model: 'gpt-5.4-mini', conversation: "it's (probably) fine?" })) as RecordingInCIError;
    const name = expect.getState().currentTestName!.split(' > ').join(' ');
    expect(error.command).toBe(command('record', name));
    expect(error.command).toContain(`-t 'cassette\\(\\) in CI a test name with a pattern'\\''s characters \\(and a quote\\) is escaped in the command'`);
    verificationFailureSince(since);
  });

  test(`${RECORD_IN_CI_ENV}=1 records in CI`, async () => {
    server = await startResponsesServer([[message('Sunny.')]]);
    globalThis.fetch = realFetch; // the loopback server answers
    process.env[RECORD_IN_CI_ENV] = '1';
    const counted = countedModel();
    const path = join(dir, 'weather.json');

    const recorder = cassette(path, { mode: 'record-missing', model: counted.real });
    const result = await run(agentWith(recorder), 'Weather?');

    expect(recorder.mode).toBe('record');
    expect(result.finalOutput).toBe('Sunny.');
    expect(server.requests).toHaveLength(1);
    recorder.commit();
    expect(existsSync(path)).toBe(true);
  });

  test.each(['false', 'FALSE', '0', ''])('CI=%j is not CI: record-missing records as before', async (value) => {
    server = await startResponsesServer([[message('Sunny.')]]);
    globalThis.fetch = realFetch;
    process.env.CI = value;
    const recorder = cassette(join(dir, 'weather.json'), { mode: 'record-missing', model: () => (server as ResponsesServer).model() });

    expect(recorder.mode).toBe('record');
    expect((await run(agentWith(recorder), 'Weather?')).finalOutput).toBe('Sunny.');
    expect(server.requests).toHaveLength(1);
  });

  test.each(['false', '0', ''])(`${RECORD_IN_CI_ENV}=%j does not opt in`, (value) => {
    process.env[RECORD_IN_CI_ENV] = value;
    const since = mark();
    expect(thrownBy(() => cassette(join(dir, 'weather.json'), { mode: 'record', model: 'gpt-5.4-mini' }))).toMatchObject({ reason: 'recording_in_ci' });
    verificationFailureSince(since);
  });

  test('CI refuses before the other refusals: a recording without a model names the command, not the model', () => {
    const since = mark();
    expect(thrownBy(() => cassette(join(dir, 'weather.json'), { mode: 'record' }))).toMatchObject({ reason: 'recording_in_ci' });
    verificationFailureSince(since);
  });

  test('replay is untouched: a missing recording fails as it always did', () => {
    expect(thrownBy(() => cassette(join(dir, 'weather.json')))).toMatchObject({ reason: 'missing_cassette' });
  });
});

describe('mcpCassette() in CI', () => {
  const stations = () => mcp({ name: 'stations', tools: { read_station: z.object({ city: z.string() }) } }).expectCall('read_station', { city: 'Oslo' }).returns('Oslo: open.');

  test('record-missing without a recording fails naming the command, and makes no server', () => {
    let made = 0;
    const path = join(dir, 'stations.json');
    const name = expect.getState().currentTestName!.split(' > ').join(' ');
    const since = mark();

    const error = thrownBy(() =>
      mcpCassette(path, {
        mode: 'record-missing',
        server: () => {
          made += 1;
          return stations();
        },
      }),
    ) as RecordingInCIError;

    expect(error).toMatchObject({ reason: 'recording_in_ci', file: path, conversation: name, mode: 'record-missing', command: command('record-missing', name) });
    expect(error.message.split('\n')[0]).toBe(`mcpCassette(${JSON.stringify(path)}): it would record (mode "record-missing") the conversation for the test ${JSON.stringify(name)} into ${path}, which does not exist. This is CI (CI=true), where nothing is recorded. Record it on a developer machine and commit the file:`);
    expect(made).toBe(0);
    expect(written()).toEqual([]);
    verificationFailureSince(since);
  });

  test('record is refused; the opt-in records', async () => {
    const path = join(dir, 'stations.json');
    const since = mark();
    expect(thrownBy(() => mcpCassette(path, { mode: 'record', server: stations }))).toMatchObject({ reason: 'recording_in_ci', mode: 'record' });
    verificationFailureSince(since);

    process.env[RECORD_IN_CI_ENV] = 'true';
    const recording = mcpCassette(path, { mode: 'record', server: stations });
    await recording.connect();
    await run(new Agent({ name: 'Stations', model: model().calls('read_station', { city: 'Oslo' }).thenReplies('Open.'), mcpServers: [recording] }), 'Is Oslo open?');
    await recording.close();
    expect(recording.mode).toBe('record');
    expect(recording).toHaveMcpToolOutput('read_station', 'Oslo: open.');
  });
});
