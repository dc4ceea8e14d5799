/**
 * Nothing recorded is ever lost: a recording reaches its cassette only when its test passed,
 * tests sharing a file keep one conversation each, two processes recording one file merge or
 * refuse at once, and a process killed while writing leaves the previous file whole. These run
 * recordings in other processes: a real runner over a temporary project, or plain Node processes.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Cassette } from 'agents-testkit';
import { makeProject, recorderChild, runProject, startChild } from './support/cassetteRuns';
import { afterAll, afterEach, describe, expect, makeTempDir, removeTempDirs, test, withoutProvenance } from './support';
import { functionCall, message, serverError, startResponsesServer, type ResponsesServer } from './support/responsesServer';

let server: ResponsesServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
afterAll(removeTempDirs);

/** The runner running this spec, which runs the child projects too. */
const runner = process.env.VITEST === undefined ? 'jest' : 'vitest';

const readCassette = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Cassette;
const finalReply = (cassette: Cassette, conversation: string) =>
  JSON.stringify(cassette.conversations[conversation]?.calls.at(-1)?.response.output).match(/"text":"([^"]*)"/)?.[1];
/** The partial files a process left beside a cassette: `weather.json.partial-<pid>.json`. */
const partialsOf = (path: string) => readdirSync(dirname(path)).filter((file) => file.startsWith(`${basename(path)}.partial-`));

describe(`a recording reaches its cassette only when its test passed (${runner} in a child process)`, () => {
  test('a re-record that fails keeps the previous recording, and the failure says where the new one was kept', async () => {
    const tokyo = [[functionCall('get_weather', { city: 'Tokyo' })], [message('Sunny in Tokyo today.')]];
    server = await startResponsesServer([
      ...tokyo,
      // The re-record whose second real call fails:
      [functionCall('get_weather', { city: 'Tokyo' })],
      serverError('rate limited'),
      // The re-record whose test fails after the run:
      [functionCall('get_weather', { city: 'Tokyo' })],
      [message('Foggy in Tokyo.')],
      // Another test recording into the same file:
      [functionCall('get_weather', { city: 'Oslo' })],
      [message('Rainy in Oslo.')],
    ]);
    const project = makeProject({ 'rerecord.spec.ts': 'test/fixtures/cassettes/rerecord.spec.ts' }, makeTempDir());
    const path = join(project, 'fixtures', 'weather.json');

    const { tests } = await runProject(runner, project, { CASSETTE_PATH: path, SERVER_URL: server.url });

    const status = (title: string) => tests.get(title)?.status;
    expect(status('passes: records the conversation')).toBe('passed');
    expect(status('fails: a re-record whose second real call fails')).toBe('failed');
    expect(status('fails: a re-record whose test fails after the run')).toBe('failed');
    expect(status('passes: a second conversation of the same file')).toBe('passed');
    // Each failed re-record left the first recording in place: the replay test passed.
    expect(status('passes: both conversations replay')).toBe('passed');

    const cassette = readCassette(path);
    expect(Object.keys(cassette.conversations)).toEqual(['weather', 'passes: a second conversation of the same file']);
    expect(finalReply(cassette, 'weather')).toBe('Sunny in Tokyo today.');
    expect(finalReply(cassette, 'passes: a second conversation of the same file')).toBe('Rainy in Oslo.');

    // The failures say where the new recording was kept, and it is there.
    const [partial] = partialsOf(path);
    expect(partial).toBeDefined();
    const failure = tests.get('fails: a re-record whose test fails after the run')?.failure ?? '';
    expect(failure).toContain(`cassette("${path}") left ${path} as it was: its test failed.`);
    expect(failure).toContain(`The 2 calls it recorded for conversation "weather" are kept in ${join(dirname(path), partial!)}.`);
    expect(tests.get('fails: a re-record whose second real call fails')?.failure).toContain('The call it recorded for conversation "weather" is kept in');
    expect(finalReply(readCassette(join(dirname(path), partial!)), 'weather')).toBe('Foggy in Tokyo.');
  }, 120_000);

  test("the README recipe records again cleanly (its two tests share one file), then replays", async () => {
    const project = makeProject(
      { 'examples/record-replay.test.ts': 'examples/record-replay.test.ts', 'examples/fixtures/weather.json': 'examples/fixtures/weather.json' },
      makeTempDir(),
    );
    const path = join(project, 'examples', 'fixtures', 'weather.json');
    // The recipe's model name is resolved by the SDK's OpenAI provider, which reads the environment.
    server = await startResponsesServer([[functionCall('get_weather', { city: 'Tokyo' })], [message('It is sunny in Tokyo today.')]]);
    const recording = await runProject(runner, project, {
      AGENTS_TESTKIT_CASSETTE_MODE: 'record',
      OPENAI_API_KEY: 'sk-test-recipe-0123456789abcdef',
      OPENAI_BASE_URL: server.url,
    });
    await server.close();

    expect([...recording.tests.values()].map((test) => test.status)).toEqual(['passed', 'passed']);
    // The drift test replays; only the first test called the model.
    expect(server.requests).toHaveLength(2);
    expect(withoutProvenance(readFileSync(path, 'utf8'))).toBe(readFileSync('examples/fixtures/weather.json', 'utf8'));
    expect(partialsOf(path)).toEqual([]);

    const replaying = await runProject(runner, project, {});
    expect([...replaying.tests.values()].map((test) => test.status)).toEqual(['passed', 'passed']);
  }, 120_000);
});

describe('two processes recording one file', () => {
  test('different conversations merge: every call recorded is kept', async () => {
    const path = join(makeTempDir(), 'shared.json');
    const child = recorderChild();
    // Each commits after every call, so their commits to the file interleave.
    const workers = ['worker A', 'worker B'].map((conversation) =>
      startChild([child], { env: { RECORDER: JSON.stringify({ path, conversation, name: conversation, calls: 8, commitEach: true }) } }),
    );

    const results = await Promise.all(workers.map((worker) => worker.done));

    expect(results.map((result) => [result.code, result.stdout.trim().split('\n').at(-1)])).toEqual([
      [0, 'committed'],
      [0, 'committed'],
    ]);
    const cassette = readCassette(path);
    expect(Object.keys(cassette.conversations).sort()).toEqual(['worker A', 'worker B']);
    // 8 tool calls and the final reply each (the SDK's default limit is 10 turns): 18 model calls recorded, 18 kept.
    expect(cassette.conversations['worker A']?.calls).toHaveLength(9);
    expect(cassette.conversations['worker B']?.calls).toHaveLength(9);
    expect(readdirSync(dirname(path))).toEqual(['shared.json']);
  }, 60_000);

  test('the same conversation: the second recorder fails before its first real call, naming the first', async () => {
    const dir = makeTempDir();
    const path = join(dir, 'shared.json');
    const release = join(dir, 'release');
    const child = recorderChild();
    const first = startChild([child], { env: { RECORDER: JSON.stringify({ path, conversation: 'weather', name: 'first', calls: 1, holdUntil: release }) } });
    await first.printed('recorded');

    const second = await startChild([child], { env: { RECORDER: JSON.stringify({ path, conversation: 'weather', name: 'second', calls: 1 }) } }).done;

    expect(second.code).toBe(3);
    expect(second.stdout).toContain(
      `error: cassette("second") call #1, a request whose newest input is user: "Go": expected to be the only recorder of conversation "weather" in ${path}. ` +
        `cassette("first") in process ${first.pid} records it too, and one of the two recordings would be lost.`,
    );
    expect(second.stdout).toContain('real calls: 0');

    writeFileSync(release, '');
    expect((await first.done).code).toBe(0);
    expect(finalReply(readCassette(path), 'weather')).toBe('Done: weather.');
  }, 60_000);
});

describe('a recording process killed while it writes', () => {
  test('leaves the previous cassette whole, its recording in the partial file, and the next recorder unblocked', async () => {
    const path = join(makeTempDir(), 'weather.json');
    const child = recorderChild();
    const orders = { path, conversation: 'weather', name: 'weather', calls: 1 };
    expect((await startChild([child], { env: { RECORDER: JSON.stringify(orders) } }).done).code).toBe(0);
    const before = readFileSync(path, 'utf8');

    // Records two calls, then stops half-way through writing the cassette and is killed there.
    const killed = startChild([child], { env: { RECORDER: JSON.stringify({ ...orders, calls: 2, blockMidCommit: true }) } });
    await killed.printed('mid-write');
    killed.kill('SIGKILL');
    expect((await killed.done).signal).toBe('SIGKILL');

    expect(readFileSync(path, 'utf8')).toBe(before);
    const partial = `${path}.partial-${killed.pid}.json`;
    expect(readCassette(partial).conversations.weather?.calls).toHaveLength(3);
    // The killed process left its lock files; the next recorder takes them over.
    expect(existsSync(`${path}.lock`)).toBe(true);

    const next = await startChild([child], { env: { RECORDER: JSON.stringify({ ...orders, calls: 3 }) } }).done;
    expect(next.stdout.trim().split('\n').at(-1)).toBe('committed');
    expect(readCassette(path).conversations.weather?.calls).toHaveLength(4);
    expect(existsSync(`${path}.lock`)).toBe(false);
  }, 60_000);
});
