/**
 * What a crashed run leaves beside a recording never blocks the next run: a commit's lock or a
 * recording's claim whose process is gone, whose pid now belongs to a newer process, or whose
 * process is alive but does not record the file, is taken over at once; one held by a process that
 * does record it is respected. A replay that finds no recording names the partial files that keep one.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '@openai/agents';
import { cassette, mcpCassette, MismatchError, model, type Cassette } from 'agents-testkit';
import { claimPath, partialPath } from '../src/fakes/cassette/recordings';
import { startedAt, withFileLock } from '../src/fakes/cassette/fileLocks';
import { afterAll, agentWith, describe, eventually, expect, makeTempDir, rejectionOf, removeTempDirs, test, thrownBy, useFakeTimers } from './support';

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  removeTempDirs();
});

/** A process that runs until this file ends, and records nothing. */
function liveProcess(): number {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  return child.pid as number;
}

/** The pid of a process that has ended. */
function endedProcess(): number {
  return Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout);
}

const holder = (pid: number) => JSON.stringify({ pid, label: 'cassette("crashed")', test: 'a test of a run that crashed' });
const readCassette = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Cassette;
const answering = (reply: string) => model({ verify: false }).replies(reply);

/** Records one call into `path` and commits it; resolves with how long the commit took. */
async function recordAndCommit(path: string, conversation = 'weather'): Promise<number> {
  const recorder = cassette(path, { mode: 'record', model: answering('Recorded.'), conversation });
  await run(agentWith(recorder), 'Hi');
  const started = Date.now();
  recorder.commit();
  return Date.now() - started;
}

describe('a commit lock left behind', () => {
  test('by a process that is gone is taken over at once', async () => {
    const path = join(makeTempDir(), 'weather.json');
    writeFileSync(`${path}.lock`, holder(endedProcess()));

    expect(await recordAndCommit(path)).toBeLessThan(1000);
    expect(Object.keys(readCassette(path).conversations)).toEqual(['weather']);
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  test('by a live process that records nothing of the file is taken over at once', async () => {
    const path = join(makeTempDir(), 'weather.json');
    writeFileSync(`${path}.lock`, holder(liveProcess()));

    expect(await recordAndCommit(path)).toBeLessThan(1000);
    expect(Object.keys(readCassette(path).conversations)).toEqual(['weather']);
  });

  test('by a live process that records the file is waited for, and the wait is bounded and names it', () => {
    const path = join(makeTempDir(), 'weather.json');
    const pid = liveProcess();
    writeFileSync(`${path}.lock`, holder(pid));
    writeFileSync(claimPath(path, 'its conversation'), holder(pid));
    const recording = () => readFileSync(claimPath(path, 'its conversation'), 'utf8').includes(String(pid));

    const started = Date.now();
    const error = thrownBy(() => withFileLock(path, { pid: process.pid, label: 'cassette("mine")' }, () => 'ran', () => recording(), 200));

    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect(error.message).toBe(`cassette("mine") could not lock ${path} within 200 ms: cassette("crashed") (test "a test of a run that crashed") in process ${pid} holds ${path}.lock, and is still recording it`);
  });

  test('the wait is bounded under fake timers too: it runs on a clock they leave alone', () => {
    const path = join(makeTempDir(), 'weather.json');
    const pid = liveProcess();
    writeFileSync(`${path}.lock`, holder(pid));
    writeFileSync(claimPath(path, 'its conversation'), holder(pid));
    // The fake clock stands still: a deadline read off `Date.now()` would never come, and the loop never yields.
    const restore = useFakeTimers();
    try {
      const error = thrownBy(() => withFileLock(path, { pid: process.pid, label: 'cassette("mine")' }, () => 'ran', () => true, 100));
      expect(error.message).toContain(`could not lock ${path} within 100 ms`);
    } finally {
      restore();
    }
  });
});

describe('a recording claim left behind', () => {
  test('by a live process that records nothing is taken over', async () => {
    const path = join(makeTempDir(), 'weather.json');
    writeFileSync(claimPath(path, 'weather'), holder(liveProcess()));

    await recordAndCommit(path);

    expect(Object.keys(readCassette(path).conversations)).toEqual(['weather']);
    expect(existsSync(claimPath(path, 'weather'))).toBe(false);
  });

  test('by a process that is gone is taken over', async () => {
    const path = join(makeTempDir(), 'weather.json');
    writeFileSync(claimPath(path, 'weather'), holder(endedProcess()));
    await recordAndCommit(path);
    expect(Object.keys(readCassette(path).conversations)).toEqual(['weather']);
  });

  test('by a live process that records that conversation is respected, naming it', async () => {
    const path = join(makeTempDir(), 'weather.json');
    const pid = liveProcess();
    writeFileSync(claimPath(path, 'weather'), holder(pid));
    writeFileSync(partialPath(path, { pid }), JSON.stringify({ version: 2, conversations: { weather: { calls: [] } } }));
    const real = answering('Recorded.');

    const error = await rejectionOf(run(agentWith(cassette(path, { mode: 'record', model: real, conversation: 'weather', verify: false })), 'Hi'));

    expect(error).toBeInstanceOf(MismatchError);
    expect(error.message).toContain(`cassette("crashed") (test "a test of a run that crashed") in process ${pid} records it too`);
    expect(real.requests).toHaveLength(0);
  });

  test('whose pid now belongs to a process that started after it was written is taken over (where the system says when a process started)', async () => {
    const path = join(makeTempDir(), 'weather.json');
    const pid = liveProcess();
    await eventually(() => startedAt(pid) !== undefined || process.platform !== 'linux', 2000);
    writeFileSync(claimPath(path, 'weather'), holder(pid));
    writeFileSync(partialPath(path, { pid }), JSON.stringify({ version: 2, conversations: { weather: { calls: [] } } }));
    // Written an hour before that process started: a crashed run's claim, its pid reused since.
    const anHourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(claimPath(path, 'weather'), anHourAgo, anHourAgo);

    if (startedAt(pid) === undefined) {
      // No /proc: the claim of a live pid with a partial file stands, as it must for a real recorder.
      expect(await rejectionOf(run(agentWith(cassette(path, { mode: 'record', model: answering('No.'), conversation: 'weather', verify: false })), 'Hi'))).toBeInstanceOf(MismatchError);
      return;
    }
    await recordAndCommit(path);
    expect(Object.keys(readCassette(path).conversations)).toEqual(['weather']);
  });

  test('a recorder shows it records before its first call ends: its partial file holds the conversation from the claim on', async () => {
    const path = join(makeTempDir(), 'slow.json');
    let answer: (() => void) | undefined;
    const slow = model({ verify: false }).responds(async () => {
      await new Promise<void>((resolve) => {
        answer = resolve;
      });
      return 'Late.';
    });
    const recorder = cassette(path, { mode: 'record', model: slow, conversation: 'slow' });
    const running = run(agentWith(recorder), 'Hi');
    await eventually(() => answer !== undefined);

    expect(readCassette(partialPath(path)).conversations.slow).toEqual({ calls: [] });
    answer?.();
    await running;
    recorder.commit();
    expect(existsSync(partialPath(path))).toBe(false);
  });
});

describe('a replay that finds no recording of its conversation', () => {
  const kept = { calls: [{ request: { input: 'Hi', tools: [], handoffs: [], outputType: 'text', settings: {} }, streamed: false, response: { output: [], usage: { requests: 1, inputTokens: 1, outputTokens: 1, totalTokens: 2 } } }] };

  test('names the partial files that keep one, when the file is missing', () => {
    const path = join(makeTempDir(), 'weather.json');
    writeFileSync(partialPath(path, { pid: 999_999 }), JSON.stringify({ version: 2, conversations: { weather: kept } }));
    writeFileSync(partialPath(path, { pid: 999_998, thread: 2 }), JSON.stringify({ version: 2, conversations: { other: kept } }));

    expect(thrownBy(() => cassette(path, { conversation: 'weather' })).message).toContain(
      `. A recording of it that was never committed (its test did not pass, or its run stopped) is kept in ${path}.partial-999999.json: check it, then record again, or move that conversation into ${path}.`,
    );
    expect(thrownBy(() => cassette(path, { conversation: 'other' })).message).toContain(`is kept in ${path}.partial-999998-2.json:`);
    expect(thrownBy(() => cassette(path, { conversation: 'nowhere' })).message).not.toContain('never committed');
  });

  test('names them when the file lacks the conversation, and leaves out a partial file that holds nothing of it', () => {
    const path = join(makeTempDir(), 'weather.json');
    writeFileSync(path, JSON.stringify({ version: 2, conversations: { a: kept, b: kept } }));
    writeFileSync(partialPath(path, { pid: 999_999 }), JSON.stringify({ version: 2, conversations: { weather: kept } }));
    writeFileSync(partialPath(path, { pid: 999_998 }), JSON.stringify({ version: 2, conversations: { weather: { calls: [] } } }));
    writeFileSync(`${path}.partial-notes.json`, JSON.stringify({ version: 2, conversations: { weather: kept } }));

    const message = thrownBy(() => cassette(path, { conversation: 'weather' })).message;
    expect(message).toContain(`is kept in ${path}.partial-999999.json: check it`);
    expect(message).not.toContain('999998');
    expect(message).not.toContain('partial-notes');
  });

  test('of an MCP recording names them too', () => {
    const path = join(makeTempDir(), 'files.json');
    const tools = [{ name: 'read_file', inputSchema: { type: 'object' } }];
    writeFileSync(partialPath(path, { pid: 999_999 }), JSON.stringify({ version: 2, conversations: { files: { server: 'files', tools, calls: [] } } }));

    expect(thrownBy(() => mcpCassette(path, { conversation: 'files' })).message).toContain(`is kept in ${path}.partial-999999.json: check it`);
  });
});
