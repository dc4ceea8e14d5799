import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Agent, run } from '@openai/agents';
import { cassette, CASSETTE_MODE_ENV, mcp, mcpCassette, model, RECORD_IN_CI_ENV, RecordingInCIError, ScriptError } from 'agents-testkit';
import { z } from 'zod';
import { afterAll, afterEach, agentWith, beforeAll, beforeEach, describe, expect, makeTempDir, mark, removeTempDirs, runner, test, thrownBy, verificationFailureSince } from './support';
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

/** The after-each verification's failure for a refused recording that the test swallowed. */
const REPORT = (path: string, name: string) =>
  [
    `cassette(${JSON.stringify(path)}) was not complete when the test ended.`,
    '',
    `cassette(${JSON.stringify(path)}) saw 1 call the script did not plan:`,
    `  it would record (mode "record") the conversation for the test ${JSON.stringify(name)} into ${path}, which does not exist. ` +
      'This is CI (CI=true), where nothing is recorded. Record it on a developer machine and commit the file:',
    '',
    `cassette(${JSON.stringify(path)}) recorded 1 call:`,
    '  1. made to record (mode "record") → refused: this is CI',
    '',
    command('record', name),
    `To record in this CI job anyway (one that records on purpose), set ${RECORD_IN_CI_ENV}=1.`,
    '',
    'agents-testkit verifies every double when its test ends; opt out with configure({ autoVerify: false }), or with { verify: false } on one double.',
  ].join('\n');

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

  test.each(['false', 'FALSE', '0', '', ' false '])('CI=%j is not CI: record-missing records as before', async (value) => {
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

  test('a file that cannot be read is named with its problem', () => {
    const path = join(dir, 'weather.json');
    writeFileSync(path, '');
    const since = mark();
    const error = thrownBy(() => cassette(path, { mode: 'record', model: 'gpt-5.4-mini', conversation: 'weather' })) as RecordingInCIError;
    expect(error).toMatchObject({ reason: 'recording_in_ci', mode: 'record', conversation: 'weather' });
    expect(error.message.split('\n')[0]).toBe(
      `cassette(${JSON.stringify(path)}): it would record (mode "record") the conversation named "weather" into ${path}, which cannot be read (it is empty). ` +
        'This is CI (CI=true), where nothing is recorded. Record it on a developer machine and commit the file:',
    );
    verificationFailureSince(since);
  });

  test('rerecord-drifted would record a conversation the file holds again, if its replay drifts', () => {
    const path = join(dir, 'weather.json');
    writeFileSync(path, JSON.stringify({ version: 2, conversations: { weather: { calls: [] } } }));
    const since = mark();
    const error = thrownBy(() => cassette(path, { mode: 'rerecord-drifted', model: 'gpt-5.4-mini', conversation: 'weather' })) as RecordingInCIError;
    expect(error).toMatchObject({ reason: 'recording_in_ci', mode: 'rerecord-drifted' });
    expect(error.message.split('\n')[0]).toBe(
      `cassette(${JSON.stringify(path)}): it would record (mode "rerecord-drifted") the conversation named "weather" into ${path} again if its replay drifts. ` +
        'This is CI (CI=true), where nothing is recorded. Record it on a developer machine and commit the file:',
    );
    verificationFailureSince(since);
  });

  test('a swallowed refusal fails the test with a report naming the refusal, the command and the opt-in', () => {
    const path = join(dir, 'weather.json');
    const name = expect.getState().currentTestName!.split(' > ').join(' ');
    const since = mark();
    thrownBy(() => cassette(path, { mode: 'record', model: 'gpt-5.4-mini' }));
    expect(verificationFailureSince(since)).toBe(REPORT(path, name));
  });

  test('replay is untouched: a missing recording fails as it always did', () => {
    expect(thrownBy(() => cassette(join(dir, 'weather.json')))).toMatchObject({ reason: 'missing_cassette' });
  });
});

describe('a recording double made outside a test, in CI', () => {
  // In a hook there is no running test: the conversation is "default", and the command names the file without -t.
  let refused: { cassette: unknown; mcp: unknown; path: string };
  beforeAll(() => {
    const saved = { CI: process.env.CI, [RECORD_IN_CI_ENV]: process.env[RECORD_IN_CI_ENV] };
    process.env.CI = 'true';
    delete process.env[RECORD_IN_CI_ENV];
    try {
      const path = join(makeTempDir(), 'outside.json');
      const server = () => mcp({ name: 'stations', verify: false, tools: {} });
      refused = {
        path,
        cassette: thrownBy(() => cassette(path, { mode: 'record', model: 'gpt-5.4-mini', verify: false })),
        mcp: thrownBy(() => mcpCassette(path, { mode: 'record', server, verify: false })),
      };
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });

  test('is refused naming the default conversation and the command for the whole file', () => {
    const { path } = refused;
    const command = `${CASSETTE_MODE_ENV}=record ${runner === 'vitest' ? 'npx vitest run' : 'npx jest'} ${relative(process.cwd(), expect.getState().testPath as string)}`;
    for (const [double, error] of [['cassette', refused.cassette], ['mcpCassette', refused.mcp]] as const) {
      expect(error).toBeInstanceOf(RecordingInCIError);
      expect(error).toMatchObject({ reason: 'recording_in_ci', conversation: 'default', test: undefined, mode: 'record', command });
      expect((error as Error).message.split('\n')[0]).toBe(
        `${double}(${JSON.stringify(path)}): it would record (mode "record") the conversation named "default" into ${path}, which does not exist. ` +
          'This is CI (CI=true), where nothing is recorded. Record it on a developer machine and commit the file:',
      );
    }
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

  test('a conversation named by the test, which the file holds, would be recorded again', () => {
    const path = join(dir, 'stations.json');
    writeFileSync(path, JSON.stringify({ version: 2, conversations: { stations: { server: 'stations', tools: [], calls: [] } } }));
    const since = mark();
    const error = thrownBy(() => mcpCassette(path, { mode: 'record', server: stations, conversation: 'stations' })) as RecordingInCIError;
    expect(error).toMatchObject({ reason: 'recording_in_ci', conversation: 'stations', mode: 'record' });
    expect(error.message.split('\n')[0]).toBe(
      `mcpCassette(${JSON.stringify(path)}): it would record (mode "record") the conversation named "stations" into ${path} again. ` +
        'This is CI (CI=true), where nothing is recorded. Record it on a developer machine and commit the file:',
    );
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
