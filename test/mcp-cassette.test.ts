// mcpCassette() against a real MCP server: @modelcontextprotocol/server-filesystem, spawned over
// stdio (no network), recording into a temporary directory, then replayed without a process.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Agent, MCPServerStdio, run } from '@openai/agents';
import { z } from 'zod';
import { mcp, mcpCassette, model, type McpCassetteData, type McpConversation } from 'agents-testkit';
import { partialPath, settleRecordings } from '../src/fakes/cassette/recordings';
import { afterAll, beforeAll, describe, expect, failureOf, rejectionOf, test, thrownBy, warningsDuring } from './support';

const requireHere = createRequire(__filename);
const SLOW = 30_000;
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-cassette-'));
  writeFileSync(join(dir, 'books.txt'), '1. Dune\n2. Solaris\n');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function filesystemServer() {
  return new MCPServerStdio({
    name: 'Filesystem Server',
    command: process.execPath,
    args: [requireHere.resolve('@modelcontextprotocol/server-filesystem/dist/index.js'), dir],
  });
}

async function readBooks(server: Parameters<typeof agentWith>[0], path = join(dir, 'books.txt')) {
  const script = model().calls('read_text_file', { path }).thenReplies('Your #1 book is Dune.');
  return run(agentWith(server, script), 'What is my #1 favorite book?');
}

function agentWith(server: ReturnType<typeof mcpCassette>, script: ReturnType<typeof model>) {
  return new Agent({ name: 'MCP Assistant', model: script, mcpServers: [server] });
}

/** The conversation a recording wrote into its file. */
function recordedIn(file: string, conversation: string): McpConversation | undefined {
  return (JSON.parse(readFileSync(file, 'utf8')) as McpCassetteData).conversations[conversation];
}

describe('mcpCassette(): record a real MCP server, replay it without one', () => {
  test(
    'records the tools and calls of a real stdio server as its test\'s conversation, written when committed, and replays them',
    async () => {
      const file = join(dir, 'files.json');
      const recording = mcpCassette(file, { mode: 'record', server: filesystemServer });
      await recording.connect();
      await readBooks(recording);
      await recording.close();
      // Kept aside until its test passes (the setup entry commits it then) or commit() is called.
      expect(existsSync(file)).toBe(false);
      recording.commit();

      const data = JSON.parse(readFileSync(file, 'utf8')) as McpCassetteData;
      expect(data.version).toBe(2);
      expect(Object.keys(data.conversations)).toEqual([recording.conversation]);
      const recorded = recordedIn(file, recording.conversation) as McpConversation;
      expect(recorded.server).toBe('Filesystem Server');
      expect(recorded.tools.map((tool) => tool.name)).toContain('read_text_file');
      expect(recorded.calls).toEqual([{ tool: 'read_text_file', arguments: { path: join(dir, 'books.txt') }, result: expect.objectContaining({ content: [{ type: 'text', text: '1. Dune\n2. Solaris\n' }] }) }]);

      const replay = mcpCassette(file);
      const result = await readBooks(replay);
      expect(result.finalOutput).toBe('Your #1 book is Dune.');
      expect(replay).toHaveCalledMcpTool('read_text_file');
      expect(replay).toHaveMcpToolOutput('read_text_file', /Dune/);
      expect(replay.calls.filter((call) => call.method === 'listTools')).not.toHaveLength(0);
    },
    SLOW,
  );

  test(
    'a replayed call with other arguments fails, naming what changed, though the SDK hands the model text',
    async () => {
      const file = join(dir, 'drift.json');
      const recording = mcpCassette(file, { mode: 'record', server: filesystemServer });
      await recording.connect();
      await readBooks(recording);
      await recording.close();
      recording.commit();

      const replay = mcpCassette(file, { name: 'books', verify: false });
      const script = model({ verify: false }).calls('read_text_file', { path: join(dir, 'songs.txt') }).thenReplies('?');
      await run(agentWith(replay, script), 'Songs?');

      const failure = failureOf(() => replay.assertComplete());
      expect(failure).toContain(`mcpCassette("books") call #2, callTool read_text_file({"path":${JSON.stringify(join(dir, 'songs.txt'))}}): expected the call recorded as read_text_file`);
      expect(failure).toContain(`Since it was recorded, the arguments changed: path: ${JSON.stringify(join(dir, 'books.txt'))} → ${JSON.stringify(join(dir, 'songs.txt'))}.`);
    },
    SLOW,
  );

  test(
    "a change in the server's tool list is said when it is recorded again, and the new recording replaces the old one",
    async () => {
      const file = join(dir, 'tools.json');
      const first = mcpCassette(file, { mode: 'record', server: filesystemServer });
      await first.connect();
      await first.listTools();
      await first.close();
      first.commit();
      // An older recording: the server had no move_file then, and read_text_file took no "head".
      const older = JSON.parse(readFileSync(file, 'utf8')) as McpCassetteData;
      const tools = (older.conversations[first.conversation] as McpConversation).tools;
      (older.conversations[first.conversation] as McpConversation).tools = tools.filter((tool) => tool.name !== 'move_file');
      delete (tools.find((tool) => tool.name === 'read_text_file')!.inputSchema.properties as Record<string, unknown>).head;
      writeFileSync(file, JSON.stringify(older));

      const again = mcpCassette(file, { mode: 'record', server: filesystemServer });
      await again.connect();
      const warnings = await warningsDuring(() => again.listTools());
      await again.close();

      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain(`agents-testkit: mcpCassette(${JSON.stringify(file)}): since conversation ${JSON.stringify(first.conversation)} of ${file} was recorded, the server changed its tools: `);
      expect(warnings[0]).toContain('tool "read_text_file" changed: inputSchema.properties.head added (');
      expect(warnings[0]).toContain('; tool "move_file" was added. The new recording replaces it when its test passes; review the change.');
      // Recording is how a changed server is taken in: the recording itself is complete.
      expect(again).toBeComplete();
      again.commit();
      expect(recordedIn(file, first.conversation)?.tools.map((tool) => tool.name)).toContain('move_file');
    },
    SLOW,
  );

  test(
    'a recording that could not be made never replaces a good one',
    async () => {
      const file = join(dir, 'good.json');
      const good = mcpCassette(file, { mode: 'record', server: filesystemServer });
      await good.connect();
      await good.listTools();
      await good.close();
      good.commit();
      const before = readFileSync(file, 'utf8');

      const broken = mcpCassette(file, {
        mode: 'record',
        verify: false,
        server: () => new MCPServerStdio({ name: 'Filesystem Server', command: process.execPath, args: ['-e', 'process.exit(3)'] }),
      });
      await rejectionOf(broken.connect());
      await broken.close();

      expect(thrownBy(() => broken.commit())).toMatchObject({ reason: 'incomplete_recording' });
      expect(thrownBy(() => broken.commit()).message).toContain(`: cannot commit its recording to ${file}: connecting the real server failed (`);
      expect(readFileSync(file, 'utf8')).toBe(before);
      expect(failureOf(() => broken.assertComplete())).toContain('the recording cannot be committed: connecting the real server failed');
    },
    SLOW,
  );

  test('misuse: a replay without a file, a recording without a server, an unreadable file', () => {
    expect(thrownBy(() => mcpCassette(join(dir, 'missing.json')))).toMatchObject({ reason: 'missing_cassette' });
    expect(thrownBy(() => mcpCassette(join(dir, 'new.json'), { mode: 'record' }))).toMatchObject({ reason: 'missing_server' });
    writeFileSync(join(dir, 'bad.json'), '{"version":1}');
    expect(thrownBy(() => mcpCassette(join(dir, 'bad.json')))).toMatchObject({ reason: 'invalid_cassette' });
    expect(thrownBy(() => mcpCassette(join(dir, 'x.json'), { mode: 'live' as never }))).toMatchObject({ reason: 'invalid_option' });
  });
});

describe('mcpCassette(): what it says, recorded from a scripted server', () => {
  const hint = (path: string) => `run the test with AGENTS_TESTKIT_CASSETTE_MODE=record (or pass { mode: 'record' } to mcpCassette(${JSON.stringify(path)}))`;

  async function recorded(name: string): Promise<string> {
    const file = join(dir, name);
    const files = mcp({ name: 'files', verify: false, tools: { read_file: z.object({ path: z.string() }) } }).expectCall('read_file').returns('# A');
    const recording = mcpCassette(file, { mode: 'record', server: () => files });
    await recording.connect();
    await recording.listTools();
    await recording.callTool('read_file', { path: 'a.md' });
    await recording.close();
    recording.commit();
    return file;
  }

  test('a replay is named by { name }, else by its path (a file URL too); a drifted call names the recording and how to record again', async () => {
    const file = await recorded('named.json');
    const replay = mcpCassette(file, { name: 'fs', verify: false });
    expect(replay.name).toBe('files'); // the server's name, as recorded
    const drift = await rejectionOf(replay.callTool('read_file', { path: 'b.md' }));
    expect(drift).toMatchObject({ kind: 'request_drift' });
    expect(drift.message.split('\n')[0]).toBe(
      `mcpCassette("fs") call #1, callTool read_file({"path":"b.md"}): expected the call recorded as read_file({"path":"a.md"}) (step 1). Since it was recorded, the arguments changed: path: "a.md" → "b.md". If the change is intended, record again: ${hint(file)}.`,
    );
    expect(failureOf(() => replay.assertComplete()).split('\n').slice(-2)).toEqual([`mcpCassette("fs") recorded 1 call:`, '  1. callTool read_file({"path":"b.md"}) → refused (mismatch)']);

    const byUrl = mcpCassette(pathToFileURL(file), { verify: false });
    expect(failureOf(() => byUrl.assertComplete())).toBe(
      [`mcpCassette(${JSON.stringify(file)}) was not complete.`, '', `mcpCassette(${JSON.stringify(file)}) has 1 step not used:`, '  1. callTool read_file({"path":"a.md"})', '', `mcpCassette(${JSON.stringify(file)}) recorded no calls.`].join('\n'),
    );
  });

  test('the mode: { mode }, else the environment variable, else replay; record-missing replays a conversation the file holds, and records one it lacks', async () => {
    const file = await recorded('modes.json');
    const previous = process.env.AGENTS_TESTKIT_CASSETTE_MODE;
    try {
      process.env.AGENTS_TESTKIT_CASSETTE_MODE = 'live';
      expect(thrownBy(() => mcpCassette(file))).toMatchObject({
        reason: 'invalid_option',
        message: `mcpCassette(${JSON.stringify(file)}): AGENTS_TESTKIT_CASSETTE_MODE must be replay, record, record-missing, rerecord-drifted or unset; got "live".`,
      });
      expect(mcpCassette(file, { mode: 'replay', verify: false }).name).toBe('files');
      process.env.AGENTS_TESTKIT_CASSETTE_MODE = 'record';
      expect(thrownBy(() => mcpCassette(file))).toMatchObject({ reason: 'missing_server' });
      process.env.AGENTS_TESTKIT_CASSETTE_MODE = '';
      expect(mcpCassette(file, { verify: false }).name).toBe('files');
    } finally {
      if (previous === undefined) delete process.env.AGENTS_TESTKIT_CASSETTE_MODE;
      else process.env.AGENTS_TESTKIT_CASSETTE_MODE = previous;
    }
    expect(mcpCassette(file, { mode: 'record-missing', verify: false }).name).toBe('files');
    // Another test's conversation never stands in for a recording: record-missing records this one.
    expect(thrownBy(() => mcpCassette(file, { mode: 'record-missing', conversation: 'another test' }))).toMatchObject({ reason: 'missing_server' });
    expect(thrownBy(() => mcpCassette(file, { conversation: 'another test' }))).toMatchObject({ reason: 'missing_conversation' });
    const fresh = join(dir, 'fresh.json');
    expect(thrownBy(() => mcpCassette(fresh, { mode: 'record-missing' }))).toMatchObject({
      reason: 'missing_server',
      message: `mcpCassette(${JSON.stringify(fresh)}): it is set to record (mode "record-missing"), but has no real server to record from. Pass one: mcpCassette(${JSON.stringify(fresh)}, { server: () => new MCPServerStdio({ command, args }) }).`,
    });
  });

  test('every refusal names the recording, what was wrong and how to fix it', () => {
    const missing = join(dir, 'absent.json');
    expect(thrownBy(() => mcpCassette(missing, { name: 'files' }))).toMatchObject({
      reason: 'missing_cassette',
      message: `mcpCassette("files"): the recording ${missing} does not exist, and it replays (mode "replay"). Record it: ${hint(missing)}, with { server } set to the real server.`,
    });
    writeFileSync(join(dir, 'nameless.json'), '{"version":1}');
    expect(thrownBy(() => mcpCassette(join(dir, 'nameless.json')))).toMatchObject({
      reason: 'invalid_cassette',
      message: `mcpCassette(${JSON.stringify(join(dir, 'nameless.json'))}): the recording ${join(dir, 'nameless.json')} cannot be replayed: it has no "server" name. Record it again: ${hint(join(dir, 'nameless.json'))}.`,
    });
    expect(thrownBy(() => mcpCassette(5 as never))).toMatchObject({ reason: 'invalid_path', message: 'mcpCassette(5): expected the path of a recording; got number 5.' });
    expect(thrownBy(() => mcpCassette('  '))).toMatchObject({ reason: 'invalid_path', message: 'mcpCassette("  "): expected the path of a recording; got the string "  ".' });
    expect(thrownBy(() => mcpCassette(missing, { mode: 'live' as never })).message).toBe(`mcpCassette(${JSON.stringify(missing)}): mode must be "replay", "record", "record-missing", "rerecord-drifted"; got the string "live".`);
    expect(thrownBy(() => mcpCassette(missing, 'record' as never))).toMatchObject({
      reason: 'invalid_option',
      message: `mcpCassette(${JSON.stringify(missing)}): expected an options object like { mode: 'record', server: () => new MCPServerStdio({ … }) }; got the string "record".`,
    });
    for (const [filter, shown] of [['x', 'the string "x"'], [null, 'null']] as const) {
      expect(thrownBy(() => mcpCassette(missing, { toolFilter: filter as never }))).toMatchObject({
        reason: 'invalid_option',
        message: `mcpCassette(${JSON.stringify(missing)}): toolFilter is the SDK's filter: a function, or { allowedToolNames?, blockedToolNames? }; got ${shown}.`,
      });
    }
  });

  test('a replay of a conversation the file lacks names what the file holds, and how to replay one of them or record this one', () => {
    const name = expect.getState().currentTestName!.split(' > ').join(' ');
    const empty = join(dir, 'no-conversations.json');
    writeFileSync(empty, JSON.stringify({ version: 2, conversations: {} }));
    expect(thrownBy(() => mcpCassette(empty))).toMatchObject({
      reason: 'missing_conversation',
      message: `mcpCassette(${JSON.stringify(empty)}): the recording ${empty} holds no conversation for the test ${JSON.stringify(name)} (it holds none). Record this one: ${hint(empty)}.`,
    });
    const two = join(dir, 'two-conversations.json');
    const held = { server: 'files', tools: [], calls: [] };
    writeFileSync(two, JSON.stringify({ version: 2, conversations: { first: held, second: held } }));
    expect(thrownBy(() => mcpCassette(two, { conversation: 'third' }))).toMatchObject({
      reason: 'missing_conversation',
      message: `mcpCassette(${JSON.stringify(two)}): the recording ${two} holds no conversation named "third" (it holds "first", "second"). Replay one of them with { conversation: "first" }, or record this one: ${hint(two)}.`,
    });
  });

  test('recording into a file this kit cannot read is refused before the server starts: it would be overwritten', () => {
    const file = join(dir, 'unreadable.json');
    writeFileSync(file, '{"version":1}');
    let made = 0;
    const server = () => {
      made += 1;
      return mcp({ name: 'files', verify: false, tools: {} });
    };
    expect(thrownBy(() => mcpCassette(file, { mode: 'record', server }))).toMatchObject({
      reason: 'invalid_cassette',
      message:
        `mcpCassette(${JSON.stringify(file)}): it is set to record (mode "record") into ${file}, which holds something this kit cannot read: it has no "server" name. ` +
        'Recording keeps the other conversations of a file, so it will not overwrite it: fix the file, or move it away.',
    });
    expect(made).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe('{"version":1}');
  });

  test('a blank name is refused, naming the path; the SDK settings reach the replay: toolFilter hides a tool, errorFunction: null fails the run', async () => {
    const file = await recorded('settings.json');
    expect(thrownBy(() => mcpCassette(file, { name: '  ' }))).toMatchObject({
      reason: 'invalid_option',
      message: `mcpCassette(${JSON.stringify(file)}): name must be a non-empty string; got the string "  ".`,
    });

    const hidden = mcpCassette(file, { toolFilter: { blockedToolNames: ['read_file'] }, verify: false });
    const asked = model({ verify: false }).replies('Nothing to read.');
    await run(agentWith(hidden, asked), 'Read a.md');
    expect(asked.firstRequest?.tools.map((offered) => offered.name)).toEqual([]);
    const byFunction = mcpCassette(file, { toolFilter: async () => false, verify: false });
    const askedAgain = model({ verify: false }).replies('Nothing to read.');
    await run(agentWith(byFunction, askedAgain), 'Read a.md');
    expect(askedAgain.firstRequest?.tools).toEqual([]);

    const strict = mcpCassette(file, { errorFunction: null, verify: false });
    const drifted = model({ verify: false }).calls('read_file', { path: 'b.md' }).thenReplies('Read it.');
    expect(await rejectionOf(run(agentWith(strict, drifted), 'Read b.md'))).toBeInstanceOf(Error);
    const lenient = mcpCassette(file, { verify: false });
    const handedText = model({ verify: false }).calls('read_file', { path: 'b.md' }).thenReplies('Read it.');
    expect((await run(agentWith(lenient, handedText), 'Read b.md')).finalOutput).toBe('Read it.');
  });

  test.each([
    ['null', null],
    ['without connect()', { listTools() {}, callTool() {}, close() {} }],
    ['without listTools()', { connect() {}, callTool() {}, close() {} }],
    ['without callTool()', { connect() {}, listTools() {}, close() {} }],
    ['without close()', { connect() {}, listTools() {}, callTool() {} }],
    ['that is a function with the methods', Object.assign(() => undefined, { connect() {}, listTools() {}, callTool() {}, close() {} })],
  ])('a server to record from %s is refused', (_kind, server) => {
    expect(thrownBy(() => mcpCassette(join(dir, 'partial.json'), { mode: 'record', server: () => server as never }))).toMatchObject({ reason: 'missing_server' });
  });

  test('the server to record from: an MCPServer, or a function that makes one; anything else is refused', async () => {
    const target = join(dir, 'made.json');
    for (const server of [() => ({ connect() {} }), { connect() {} }]) {
      expect(thrownBy(() => mcpCassette(target, { mode: 'record', server: server as never }))).toMatchObject({
        reason: 'missing_server',
        message: `mcpCassette(${JSON.stringify(target)}): the server to record from is not an MCPServer (connect, listTools, callTool, close); got an object ({}).`,
      });
    }
    const files = mcp({ name: 'files', verify: false, tools: { read_file: z.object({ path: z.string() }) } });
    const recording = mcpCassette(target, { mode: 'record', server: files, verify: false });
    await recording.connect();
    await recording.listTools();
    await recording.close();
    recording.commit();
    expect(recordedIn(target, recording.conversation)?.server).toBe('files');
  });
});

describe('mcpCassette(): a recording reaches its file only when its test passed, one conversation per test', () => {
  const files = (content = '# A') => mcp({ name: 'files', verify: false, tools: { read_file: z.object({ path: z.string() }) } }).expectCall('read_file').returns(content);

  async function recordInto(file: string, options: { content?: string; conversation?: string; name?: string } = {}) {
    const recording = mcpCassette(file, {
      mode: 'record',
      server: () => files(options.content),
      ...(options.conversation === undefined ? {} : { conversation: options.conversation }),
      ...(options.name === undefined ? {} : { name: options.name }),
    });
    await recording.connect();
    await recording.listTools();
    await recording.callTool('read_file', { path: 'a.md' });
    await recording.close();
    return recording;
  }

  test('settled after a failed test, the file stays as it was and the failure says where the recording was kept', async () => {
    const file = join(dir, 'settled.json');
    (await recordInto(file, { content: '# good', conversation: 'files' })).commit();
    const before = readFileSync(file, 'utf8');
    await recordInto(file, { content: '# new', conversation: 'files', name: 'files' });

    const error = thrownBy(() =>
      settleRecordings(() => {
        throw new Error('the test failed.');
      }),
    );

    expect(error.message).toBe(
      'the test failed.\n\n' +
        `mcpCassette("files") left ${file} as it was: its test failed the after-each verification. ` +
        `The tool list and the call it recorded for conversation "files" are kept in ${partialPath(file)}.`,
    );
    expect(readFileSync(file, 'utf8')).toBe(before);
    const kept = JSON.parse(readFileSync(partialPath(file), 'utf8')) as McpCassetteData;
    expect(kept.conversations.files?.calls[0]?.result?.content).toEqual([{ type: 'text', text: '# new' }]);
  });

  test('settled after a passing test, it is committed', async () => {
    const file = join(dir, 'passed.json');
    const recording = await recordInto(file);
    settleRecordings(() => undefined);
    expect(recordedIn(file, recording.conversation)?.calls).toHaveLength(1);
  });

  const shared = () => join(dir, 'shared-mcp.json');
  test('a first test records its conversation into a shared file', async () => {
    (await recordInto(shared(), { content: '# first' })).commit();
  });

  test('a second test records its own, and the first one stays; each replays its own', async () => {
    const second = await recordInto(shared(), { content: '# second' });
    second.commit();
    const data = JSON.parse(readFileSync(shared(), 'utf8')) as McpCassetteData;
    const first = 'mcpCassette(): a recording reaches its file only when its test passed, one conversation per test a first test records its conversation into a shared file';
    expect(Object.keys(data.conversations)).toEqual([first, second.conversation]);
    expect(await mcpCassette(shared(), { conversation: first }).callTool('read_file', { path: 'a.md' })).toEqual([{ type: 'text', text: '# first' }]);
    expect(await mcpCassette(shared()).callTool('read_file', { path: 'a.md' })).toEqual([{ type: 'text', text: '# second' }]);
  });

  test('a second recorder of the same conversation is refused when it connects, before the real server starts, naming the first', async () => {
    const file = join(dir, 'twice.json');
    const first = await recordInto(file, { name: 'first' });
    let started = false;
    const second = mcpCassette(file, {
      mode: 'record',
      name: 'second',
      verify: false,
      server: () => {
        const server = files();
        const connect = server.connect.bind(server);
        server.connect = async () => {
          started = true;
          await connect();
        };
        return server;
      },
    });

    const error = await rejectionOf(second.connect());

    expect(error).toMatchObject({ kind: 'recording_conflict' });
    expect(error.message).toContain(`mcpCassette("first") (test ${JSON.stringify(first.conversation)}) in this process records it too, and one of the two recordings would be lost.`);
    expect(started).toBe(false);
    first.commit();
  });

  test('a version 1 file replays as one conversation named "default" for every test, and the first commit writes version 2, keeping it', async () => {
    const file = join(dir, 'v1.json');
    const v1 = { version: 1, server: 'files', tools: [{ name: 'read_file', inputSchema: { type: 'object' } }], calls: [{ tool: 'read_file', arguments: { path: 'a.md' }, result: { content: [{ type: 'text', text: '# old' }] } }] };
    writeFileSync(file, JSON.stringify(v1));

    const replay = mcpCassette(file);
    expect(replay.conversation).toBe('default');
    expect(await replay.callTool('read_file', { path: 'a.md' })).toEqual([{ type: 'text', text: '# old' }]);

    (await recordInto(file, { conversation: 'new' })).commit();
    const data = JSON.parse(readFileSync(file, 'utf8')) as McpCassetteData;
    expect(data.version).toBe(2);
    expect(Object.keys(data.conversations)).toEqual(['default', 'new']);
    expect(data.conversations.default).toEqual({ server: 'files', tools: v1.tools, calls: v1.calls });
  });
});
