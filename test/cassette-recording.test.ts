/**
 * How a recording reaches its cassette in one process: kept aside until its test passed (or it is
 * committed), one conversation per test in a shared file, version 1 files migrated, and a target
 * that cannot be written refused before any real call.
 */
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { run } from '@openai/agents';
import { cassette, MismatchError, model, ScriptError, type Cassette } from 'agents-testkit';
import { partialPath, settleRecordings } from '../src/fakes/cassette/recordings';
import { currentTest } from '../src/runner/coupling';
import { afterAll, agentWith, describe, eventually, expect, makeTempDir, rejectionOf, removeTempDirs, test, thrownBy } from './support';

afterAll(removeTempDirs);

const readCassette = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Cassette;

/** A real model for recording: the kit's own script, which answers the weather agent in two turns. */
const weatherModel = (reply = 'Sunny in Tokyo today.') =>
  model({ verify: false }).calls('get_weather', { city: 'Tokyo' }).thenReplies(reply);

/** The full name of this spec's running test, as conversations are named after it. */
const thisTest = () => currentTest()?.name as string;

describe('a recording is kept aside until it is committed', () => {
  test('each call goes to the partial file; the cassette file is written by commit()', async () => {
    const path = join(makeTempDir(), 'weather.json');
    const recorder = cassette(path, { mode: 'record', model: weatherModel() });

    await run(agentWith(recorder), 'Weather in Tokyo?');

    expect(existsSync(path)).toBe(false);
    const partial = partialPath(path);
    expect(readCassette(partial).conversations[thisTest()]?.calls).toHaveLength(2);

    recorder.commit();

    expect(Object.keys(readCassette(path).conversations)).toEqual([thisTest()]);
    expect(existsSync(partial)).toBe(false);
    expect(readdirSync(dirname(path))).toEqual(['weather.json']);
  });

  test('assertComplete() commits a complete recording, as a script without a setup entry would', async () => {
    const path = join(makeTempDir(), 'weather.json');
    const recorder = cassette(path, { mode: 'record', model: weatherModel() });
    await run(agentWith(recorder), 'Weather in Tokyo?');

    recorder.assertComplete();

    expect(readCassette(path).conversations[thisTest()]?.calls).toHaveLength(2);
  });

  test('settleRecordings() commits the recordings of a test that passed', async () => {
    const path = join(makeTempDir(), 'weather.json');
    await run(agentWith(cassette(path, { mode: 'record', model: weatherModel() })), 'Weather in Tokyo?');

    settleRecordings(() => undefined);

    expect(readCassette(path).conversations[thisTest()]?.calls).toHaveLength(2);
  });

  test('settleRecordings() keeps the cassette as it was when the verification fails, and adds where the recording went', async () => {
    const path = join(makeTempDir(), 'weather.json');
    writeFileSync(path, readFileSync('test/fixtures/weather.json'));
    const before = readFileSync(path, 'utf8');
    const recorder = cassette(path, { mode: 'record', model: weatherModel('Foggy.'), conversation: 'Weather in Tokyo' });
    await run(agentWith(recorder), 'Weather in Tokyo?');

    const error = thrownBy(() =>
      settleRecordings(() => {
        throw new Error('model("other") was not complete when the test ended.');
      }),
    );

    expect(error.message).toBe(
      'model("other") was not complete when the test ended.\n\n' +
        `cassette("${path}") left ${path} as it was: its test failed the after-each verification. ` +
        `The 2 calls it recorded for conversation "Weather in Tokyo" are kept in ${partialPath(path)}.`,
    );
    expect(readFileSync(path, 'utf8')).toBe(before);
    expect(readCassette(partialPath(path)).conversations['Weather in Tokyo']?.calls).toHaveLength(2);
    // Settled: nothing is left for later.
    recorder.commit();
    expect(readFileSync(path, 'utf8')).toBe(before);
  });

  test('a recording with a call still running cannot be committed', async () => {
    const path = join(makeTempDir(), 'slow.json');
    let answer: (() => void) | undefined;
    const slow = model({ verify: false }).responds(async () => {
      await new Promise<void>((resolve) => {
        answer = resolve;
      });
      return 'Late.';
    });
    const recorder = cassette(path, { mode: 'record', model: slow });
    const running = run(agentWith(recorder), 'Hi');
    await eventually(() => answer !== undefined);

    expect(thrownBy(() => recorder.commit())).toMatchObject({
      reason: 'incomplete_recording',
      message: `cassette("${path}"): cannot commit its recording to ${path}: 1 call to the real model was still running.`,
    });
    expect(existsSync(path)).toBe(false);
    answer?.();
    await running;
    recorder.commit();
    expect(readCassette(path).conversations[thisTest()]?.calls).toHaveLength(1);
  });
});

describe('one conversation per test in a shared file', () => {
  const shared = join(makeTempDir(), 'shared.json');

  test('the first test records its conversation', async () => {
    const recorder = cassette(shared, { mode: 'record', model: weatherModel('First.') });
    await run(agentWith(recorder), 'Weather in Tokyo?');
    recorder.commit();
    expect(recorder.conversation).toBe('one conversation per test in a shared file the first test records its conversation');
  });

  test('the second test records its own, and the first one stays', async () => {
    const recorder = cassette(shared, { mode: 'record', model: weatherModel('Second.') });
    await run(agentWith(recorder), 'Weather in Tokyo?');
    recorder.commit();

    expect(Object.keys(readCassette(shared).conversations)).toEqual([
      'one conversation per test in a shared file the first test records its conversation',
      'one conversation per test in a shared file the second test records its own, and the first one stays',
    ]);
  });

  test('each replays its own, or the one it names', async () => {
    const first = cassette(shared, { conversation: 'one conversation per test in a shared file the first test records its conversation' });
    expect((await run(agentWith(first), 'Weather in Tokyo?')).finalOutput).toBe('First.');

    const error = thrownBy(() => cassette(shared)) as ScriptError;
    expect(error).toMatchObject({ reason: 'missing_conversation' });
    expect(error.message).toBe(
      `cassette("${shared}"): the cassette file ${shared} holds no conversation for the test "one conversation per test in a shared file each replays its own, or the one it names" ` +
        '(it holds "one conversation per test in a shared file the first test records its conversation", "one conversation per test in a shared file the second test records its own, and the first one stays"). ' +
        'Replay one of them with { conversation: "one conversation per test in a shared file the first test records its conversation" }, or record this one: ' +
        `run the test with AGENTS_TESTKIT_CASSETTE_MODE=record (or pass { mode: 'record' } to cassette("${shared}")).`,
    );
    expect(thrownBy(() => cassette(shared, { conversation: 'nope' })).message).toContain('holds no conversation named "nope"');
  });

  test('record-missing records a test whose conversation the file lacks, and replays one it has', async () => {
    const lazy = cassette(shared, { mode: 'record-missing', model: weatherModel('Third.') });
    expect(lazy.mode).toBe('record');
    await run(agentWith(lazy), 'Weather in Tokyo?');
    lazy.commit();

    expect(cassette(shared, { mode: 'record-missing', model: weatherModel(), verify: false }).mode).toBe('replay');
    expect(cassette(shared, { mode: 'record-missing', model: weatherModel(), conversation: 'nope', verify: false }).mode).toBe('record');
    expect((await run(agentWith(cassette(shared)), 'Weather in Tokyo?')).finalOutput).toBe('Third.');
  });

  test('a replay that looks for a recording this process has not committed says so', async () => {
    const path = join(makeTempDir(), 'fresh.json');
    const recorder = cassette(path, { mode: 'record', model: weatherModel(), name: 'recorder' });
    await run(agentWith(recorder), 'Weather in Tokyo?');

    expect(thrownBy(() => cassette(path)).message).toContain(
      'cassette("recorder") recorded it in this process but has not committed it yet: its test has not passed yet, or call its commit() first.',
    );
    recorder.commit();
  });
});

describe('two cassettes recording one conversation in one process', () => {
  test('the second fails at its first call, before the real model sees it, naming the first', async () => {
    const path = join(makeTempDir(), 'weather.json');
    const first = cassette(path, { mode: 'record', model: weatherModel(), name: 'first' });
    await run(agentWith(first), 'Weather in Tokyo?');
    const real = weatherModel();
    const second = cassette(path, { mode: 'record', model: real, name: 'second', verify: false });

    const error = (await rejectionOf(run(agentWith(second), 'Weather in Tokyo?'))) as MismatchError;

    expect(error).toBeInstanceOf(MismatchError);
    expect(error).toMatchObject({ kind: 'recording_conflict', double: 'cassette("second")', callIndex: 0, stepIndex: undefined });
    expect(error.message).toBe(
      `cassette("second") call #1, a request whose newest input is user: "Weather in Tokyo?": expected to be the only recorder of conversation ${JSON.stringify(thisTest())} in ${path}. ` +
        `cassette("first") (test ${JSON.stringify(thisTest())}) in this process records it too, and one of the two recordings would be lost. ` +
        "Give each cassette its own { conversation: '…' }, or record that conversation from one test at a time.",
    );
    expect(real.requests).toHaveLength(0);
    expect(() => second.commit()).not.toThrow();

    // Once the first commits, the conversation is free again.
    first.commit();
    const third = cassette(path, { mode: 'record', model: weatherModel('Again.'), name: 'third' });
    await run(agentWith(third), 'Weather in Tokyo?');
    third.commit();
    expect(JSON.stringify(readCassette(path))).toContain('Again.');
  });

  test('different conversations of one file, recorded at once, are both kept', async () => {
    const path = join(makeTempDir(), 'weather.json');
    const a = cassette(path, { mode: 'record', model: weatherModel('A.'), conversation: 'a' });
    const b = cassette(path, { mode: 'record', model: weatherModel('B.'), conversation: 'b' });

    await Promise.all([run(agentWith(a), 'Weather in Tokyo?'), run(agentWith(b), 'Weather in Tokyo?')]);
    b.commit();
    a.commit();

    expect(Object.keys(readCassette(path).conversations)).toEqual(['b', 'a']);
  });
});

describe('version 1 files', () => {
  test('replay as one conversation named "default", for every test', async () => {
    const replay = cassette('test/fixtures/weather-v1.json');

    expect(replay.conversation).toBe('default');
    expect((await run(agentWith(replay), 'Weather in Tokyo?')).finalOutput).toBe('Sunny in Tokyo today.');
  });

  test('are written as version 2 by the first commit, keeping their calls as "default"', async () => {
    const path = join(makeTempDir(), 'weather.json');
    writeFileSync(path, readFileSync('test/fixtures/weather-v1.json'));
    const v1 = JSON.parse(readFileSync(path, 'utf8')) as { calls: unknown[] };

    const recorder = cassette(path, { mode: 'record', model: weatherModel('New.'), conversation: 'new' });
    await run(agentWith(recorder), 'Weather in Tokyo?');
    recorder.commit();

    const migrated = readCassette(path);
    expect(migrated.version).toBe(2);
    expect(migrated.conversations.default?.calls).toEqual(v1.calls);
    expect(Object.keys(migrated.conversations)).toEqual(['default', 'new']);
  });
});

describe('a record target that cannot be written is refused before any real call', () => {
  const refusal = (path: string) => {
    const real = weatherModel();
    const error = thrownBy(() => cassette(path, { mode: 'record', model: real, name: 'target' })) as ScriptError;
    expect(error).toBeInstanceOf(ScriptError);
    expect(real.requests).toHaveLength(0);
    return { reason: error.reason, message: error.message };
  };

  test('a directory', () => {
    const dir = makeTempDir();
    expect(refusal(dir)).toEqual({
      reason: 'unwritable_cassette',
      message: `cassette("target"): it is set to record (mode "record"), but ${dir} cannot be written: it is a directory. Choose a path in a writable directory.`,
    });
  });

  test('a path under a file', () => {
    const file = join(makeTempDir(), 'file.txt');
    writeFileSync(file, 'not a directory');
    expect(refusal(join(file, 'fixtures', 'weather.json')).message).toContain(`cannot be written: ${file} is a file, not a directory.`);
  });

  test('a read-only file', () => {
    const path = join(makeTempDir(), 'weather.json');
    writeFileSync(path, readFileSync('test/fixtures/weather.json'));
    chmodSync(path, 0o444);
    expect(refusal(path).message).toContain('cannot be written: it is read-only (no write permission bit is set).');
  });

  test('a directory this user cannot write to', () => {
    const dir = join(makeTempDir(), 'locked');
    mkdirSync(dir);
    chmodSync(dir, 0o555);
    // Root writes anywhere: the kit asks the file system rather than reading permission bits.
    if (process.getuid?.() === 0) {
      expect(() => cassette(join(dir, 'weather.json'), { mode: 'record', model: weatherModel(), verify: false })).not.toThrow();
      return;
    }
    expect(refusal(join(dir, 'weather.json')).message).toContain(`cannot be written: ${dir} cannot be written to (EACCES).`);
  });

  test('a file that is not a cassette is never overwritten', () => {
    const path = join(makeTempDir(), 'notes.json');
    writeFileSync(path, '{ "todo": [] }');
    expect(refusal(path)).toEqual({
      reason: 'invalid_cassette',
      message:
        `cassette("target"): it is set to record (mode "record") into ${path}, which holds something this kit cannot read: version: missing. ` +
        'Recording keeps the other conversations of a file, so it will not overwrite it: fix the file, or move it away.',
    });
    expect(readFileSync(path, 'utf8')).toBe('{ "todo": [] }');
  });

  test('nothing is left behind by the check', () => {
    const dir = makeTempDir();
    cassette(join(dir, 'deeper', 'weather.json'), { mode: 'record', model: weatherModel(), verify: false });
    expect(readdirSync(dir)).toEqual([]);
    expect(basename(dir)).toMatch(/^agents-testkit-/);
  });
});
