/**
 * Which conversation a recording double records: its own test's, never another's. Two tests with
 * the same full name are refused when they record, naming both and how to tell them apart;
 * `record-missing` records a test's own conversation even when the file holds one other test's;
 * a conversation named `__proto__` is kept like any other.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { run } from '@openai/agents';
import { cassette, mcp, mcpCassette, model, type Cassette, type McpCassetteData } from 'agents-testkit';
import { z } from 'zod';
import { currentTest } from '../src/runner/coupling';
import { partialPath } from '../src/fakes/cassette/recordings';
import { afterAll, agentWith, describe, expect, makeTempDir, removeTempDirs, test, thrownBy } from './support';

afterAll(removeTempDirs);

const dir = makeTempDir();
const readCassette = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Cassette;
/** A real model for recording: the kit's own script, answering in one turn. */
const answering = (reply: string) => model({ verify: false }).replies(reply);
const thisFile = relative(process.cwd(), __filename);
const filesServer = () => mcp({ name: 'files', verify: false, tools: { read_file: z.object({ path: z.string() }) } });

describe('two tests with the same full name', () => {
  const refusal = (double: string, path: string) =>
    `${double}(${JSON.stringify(path)}): it is set to record (mode "record") the conversation named after its test, "two tests with the same full name refuse to record", ` +
    `but 2 tests of ${thisFile} have that full name (the 1st and 2nd tests of the file). They would share one conversation, and each recording would replace the one before. ` +
    `Give each test a name of its own (with test.each, put %s or $variable in the title), or give each ${double} its own { conversation: '…' }.`;

  // The same title twice on purpose: both tests assert the refusal.
  for (let copy = 0; copy < 2; copy += 1) {
    test('refuse to record', () => {
      const path = join(dir, 'same-name.json');
      const real = answering('Hi.');
      expect(thrownBy(() => cassette(path, { mode: 'record', model: real }))).toMatchObject({ reason: 'duplicate_test_name', message: refusal('cassette', path) });
      expect(thrownBy(() => cassette(path, { mode: 'record-missing', model: real }))).toMatchObject({ reason: 'duplicate_test_name' });
      expect(thrownBy(() => mcpCassette(path, { mode: 'record', server: filesServer }))).toMatchObject({ reason: 'duplicate_test_name', message: refusal('mcpCassette', path) });
      expect(real.requests).toHaveLength(0);
      // A conversation named by the test itself is its own choice, and replaying shares nothing.
      expect(cassette(path, { mode: 'record', model: real, conversation: `copy ${copy}`, verify: false }).mode).toBe('record');
      expect(mcpCassette(path, { mode: 'record', server: filesServer, conversation: `copy ${copy}`, verify: false }).mode).toBe('record');
      expect(existsSync(path)).toBe(false);
    });
  }

  test.skip('refuse to record', () => undefined);
});

describe('a skipped test with the same name', () => {
  test('does not count', () => {
    expect(cassette(join(dir, 'skipped-twin.json'), { mode: 'record', model: answering('Hi.'), verify: false }).mode).toBe('record');
  });
  test.skip('does not count', () => undefined);
});

describe('record-missing, when the file holds one other test\'s conversation', () => {
  test('records this test\'s own, which the replay then plays', async () => {
    const path = join(dir, 'one-other.json');
    const other = cassette(path, { mode: 'record', model: answering('Other.'), conversation: 'another test' });
    await run(agentWith(other), 'Hi');
    other.commit();

    const real = answering('Mine.');
    const lazy = cassette(path, { mode: 'record-missing', model: real });
    expect(lazy.mode).toBe('record');
    expect((await run(agentWith(lazy), 'Hi')).finalOutput).toBe('Mine.');
    lazy.commit();

    expect(Object.keys(readCassette(path).conversations)).toEqual(['another test', currentTest()?.name]);
    expect((await run(agentWith(cassette(path)), 'Hi')).finalOutput).toBe('Mine.');
    // Replaying, the only conversation of a file still serves a test that has none.
    const single = join(dir, 'single.json');
    const once = cassette(single, { mode: 'record', model: answering('Once.'), conversation: 'recorded once' });
    await run(agentWith(once), 'Hi');
    once.commit();
    expect((await run(agentWith(cassette(single)), 'Hi')).finalOutput).toBe('Once.');
  });
});

describe('a conversation named __proto__', () => {
  test('is kept aside, committed and replayed like any other', async () => {
    const path = join(dir, 'proto.json');
    const recorder = cassette(path, { mode: 'record', model: answering('Kept.'), conversation: '__proto__' });
    await run(agentWith(recorder), 'Hi');

    const partial = readCassette(partialPath(path));
    expect(Object.hasOwn(partial.conversations, '__proto__')).toBe(true);
    recorder.commit();

    const committed = readCassette(path);
    expect(Object.keys(committed.conversations)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(committed.conversations)).toBe(Object.prototype);
    expect((await run(agentWith(cassette(path, { conversation: '__proto__' })), 'Hi')).finalOutput).toBe('Kept.');
  });

  test('of an MCP recording is kept too', async () => {
    const path = join(dir, 'proto-mcp.json');
    const recording = mcpCassette(path, { mode: 'record', conversation: '__proto__', server: () => filesServer().expectCall('read_file').returns('# A') });
    await recording.connect();
    await recording.listTools();
    await recording.callTool('read_file', { path: 'a.md' });
    await recording.close();
    recording.commit();

    const data = JSON.parse(readFileSync(path, 'utf8')) as McpCassetteData;
    expect(Object.keys(data.conversations)).toEqual(['__proto__']);
    const replay = mcpCassette(path, { conversation: '__proto__' });
    expect(await replay.callTool('read_file', { path: 'a.md' })).toEqual([{ type: 'text', text: '# A' }]);
  });

  test('in a hand-edited file is read as a conversation, not as the object\'s prototype', () => {
    const path = join(dir, 'hand-proto.json');
    writeFileSync(path, '{ "version": 2, "conversations": { "__proto__": { "calls": [] } } }');
    expect(cassette(path, { conversation: '__proto__', verify: false }).conversation).toBe('__proto__');
    expect(thrownBy(() => cassette(path, { conversation: 'toString' }))).toMatchObject({ reason: 'missing_conversation' });
  });
});
