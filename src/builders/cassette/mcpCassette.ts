import type { MCPServer } from '@openai/agents';
import { CASSETTE_MODE_ENV } from '../../fakes/cassette/CassetteModel';
import { McpCassette } from '../../fakes/cassette/McpCassette';
import type { McpServerSettings } from '../../fakes/mcp/McpDouble';
import { loadMcpCassette, MCP_CASSETTE_FORMAT } from '../../fakes/cassette/mcpFile';
import { conversationOf, DEFAULT_CONVERSATION } from '../../fakes/cassette/format';
import { noteSdkMinor } from '../../fakes/cassette/provenance';
import { currentTest } from '../../runner/coupling';
import type { DoubleOptions } from '../../vocabulary';
import { refuseRecordingInCI, type CIRecording } from './ciRecording';
import { conversationOption, keptElsewhere, missingConversation, recordingStart, refuseSameNamedTests, refuseUnrecordable, replayedConversation, willRecord, type CassetteMode } from './recordingPlan';
import type { OptionKeys } from '../core/options';
import { toolFilterProblem } from '../core/sdkOptions';
import { kindOf } from '../core/stepContext';

export interface McpCassetteOptions extends DoubleOptions, Pick<McpServerSettings, 'toolFilter' | 'errorFunction'> {
  /** Overrides the `AGENTS_TESTKIT_CASSETTE_MODE` environment variable; `replay` when neither is set. */
  mode?: CassetteMode;
  /** The real MCP server to record from (or a function that makes it). Only used when recording, so replay spawns nothing. */
  server?: MCPServer | (() => MCPServer);
  /**
   * The conversation of the file to replay or record. Default: the full name of the running test,
   * so tests sharing a file keep one recording each; outside a test, `default`. Replaying (not
   * recording), a file with only one conversation serves every test.
   */
  conversation?: string;
}

const MCP_CASSETTE_OPTIONS = { name: true, verify: true, mode: true, server: true, conversation: true, toolFilter: true, errorFunction: true } satisfies OptionKeys<McpCassetteOptions>;

/**
 * An MCP server that replays a real server's recorded `listTools`/`callTool` exchanges from a JSON
 * file, checking each call against its recording, or records them (`mode: 'record'`, with
 * `{ server }`): `new Agent({ mcpServers: [mcpCassette('fixtures/files.json', { server: () => new MCPServerStdio(…) })] })`.
 * The mode comes from `{ mode }`, else from `AGENTS_TESTKIT_CASSETTE_MODE`, as for `cassette()`; so
 * do the conversations (one per test) and the rule that a recording is committed when its test passed.
 */
export function mcpCassette(path: string | URL, rawOptions?: McpCassetteOptions): McpCassette {
  const { shownPath, name: named, label: display, options, fail, absolute, mode } = recordingStart('mcpCassette', path, rawOptions, MCP_CASSETTE_OPTIONS, "{ mode: 'record', server: () => new MCPServerStdio({ … }) }", 'a recording');
  const hint = `run the test with ${CASSETTE_MODE_ENV}=record (or pass { mode: 'record' } to mcpCassette(${JSON.stringify(shownPath)}))`;
  const { toolFilter, errorFunction } = options;
  const filterProblem = toolFilterProblem(toolFilter);
  if (filterProblem) throw fail(filterProblem.reason, filterProblem.problem);
  const explicit = conversationOption(options.conversation, fail);
  const test = currentTest();
  const wanted = explicit ?? test?.name ?? DEFAULT_CONVERSATION;
  const common = {
    label: named,
    path: absolute,
    shownPath,
    hint,
    test: test?.name,
    testFile: test?.file,
    verify: options.verify !== false,
    // McpCassette takes each setting only when it is given.
    toolFilter,
    errorFunction,
  };
  const loaded = loadMcpCassette(absolute);
  const conversations = loaded.state === 'ok' ? loaded.data.conversations : {};
  if (willRecord(mode, conversations, wanted)) {
    const unreadable = loaded.state === 'invalid' ? loaded.problem : undefined;
    const held = loaded.state === 'ok' ? conversations : undefined;
    refuseRecordingInCI({ label: display, path: absolute, mode: mode as CIRecording['mode'], conversation: wanted, explicit: explicit !== undefined, test, held, unreadable, verify: common.verify });
    const { server } = options;
    if (server === undefined) {
      throw fail('missing_server', `it is set to record (mode "${mode}"), but has no real server to record from. Pass one: mcpCassette(${JSON.stringify(shownPath)}, { server: () => new MCPServerStdio({ command, args }) }).`);
    }
    refuseSameNamedTests(test, explicit !== undefined, mode, 'mcpCassette', fail);
    refuseUnrecordable(absolute, mode, unreadable, fail);
    const make = typeof server === 'function' ? server : () => server;
    return new McpCassette({
      ...common,
      conversation: wanted,
      play: 'record',
      previous: conversationOf(conversations, wanted),
      server: () => {
        const made = make();
        if (!isMcpServer(made)) throw fail('missing_server', `the server to record from is not an MCPServer (connect, listTools, callTool, close); got ${kindOf(made)}.`);
        return made;
      },
    });
  }
  if (loaded.state === 'missing') {
    throw fail(
      'missing_cassette',
      `the recording ${absolute} does not exist, and it replays (mode "${mode}"). Record it: ${hint}, with { server } set to the real server.${keptElsewhere(absolute, wanted, MCP_CASSETTE_FORMAT)}`,
    );
  }
  if (loaded.state === 'invalid') throw fail('invalid_cassette', `the recording ${absolute} cannot be replayed: ${loaded.problem}. Record it again: ${hint}.`);
  const found = replayedConversation(conversations, wanted, explicit !== undefined);
  if (found === undefined) {
    throw fail('missing_conversation', missingConversation(`the recording ${absolute}`, absolute, conversations, wanted, explicit !== undefined, test, hint, MCP_CASSETTE_FORMAT));
  }
  noteSdkMinor(absolute, shownPath, conversations[found]);
  return new McpCassette({ ...common, conversation: found, play: 'replay', data: conversations[found]! });
}

function isMcpServer(value: unknown): value is MCPServer {
  const server = value as Partial<MCPServer> | null;
  return typeof server === 'object' && server !== null && typeof server.connect === 'function' && typeof server.listTools === 'function' && typeof server.callTool === 'function' && typeof server.close === 'function';
}
