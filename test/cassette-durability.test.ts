/**
 * Nothing recorded is ever lost: two processes recording one file merge or refuse at once, and a
 * process killed while writing leaves the previous file whole. These run plain Node processes that
 * record (test/support/recorderChild.ts). That a recording reaches its cassette only when its test
 * passed, under a real runner, is played from the packed package by the consumer promises
 * (consumers/promises/rerecord-dropped, record-replay, parallel-recording, recording-leftovers).
 * The children are plain Node processes, the same under either runner: Vitest runs them.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Cassette } from 'agents-testkit';
import { recorderChild, startChild } from './support/cassetteRuns';
import { afterAll, describeUnder, expect, makeTempDir, removeTempDirs, test } from './support';

afterAll(removeTempDirs);

const readCassette = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Cassette;
const finalReply = (cassette: Cassette, conversation: string) =>
  JSON.stringify(cassette.conversations[conversation]?.calls.at(-1)?.response.output).match(/"text":"([^"]*)"/)?.[1];

describeUnder('vitest', 'two processes recording one file', () => {
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

describeUnder('vitest', 'a recording process killed while it writes', () => {
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
