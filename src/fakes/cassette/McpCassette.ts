import type { CallToolResult, MCPCallToolOptions, MCPServer, MCPToolErrorFunction, MCPToolFilterCallable, MCPToolFilterStatic } from '@openai/agents';
import { invalidateServerToolsCache } from '@openai/agents';
import { redactSecrets, redactText } from '../../format/secrets';
import { RecordingDouble } from './RecordingDouble';
import type { McpView } from '../mcp/McpDouble';
import { argumentChanges, MCP_CASSETTE_FORMAT, toolListChanges, type McpConversation, type McpRecordedCall } from './mcpFile';
import { McpCallLog, type McpCallEntry as CallEntry } from '../mcp/callLog';
import { contentWithMetadata, describeMcpCall, describeMcpResult, type McpCall, type McpCallResult, type McpToolListing } from '../mcp/plan';

/** What the builder hands the recording once its options are checked and its mode settled. */
export type McpCassetteSetup = {
  /** The user's name for the recording, or the path as written (for messages). */
  label: string;
  /** The absolute path of the recording. */
  path: string;
  /** The path as the user wrote it, for messages. */
  shownPath: string;
  /** How to record it again, for messages. */
  hint: string;
  /** The conversation of the file it replays or records: the test's full name, `{ conversation }`, or `default`. */
  conversation: string;
  /** The full name of the test that created it, if a test did. */
  test: string | undefined;
  /** The file of that test, for messages. */
  testFile: string | undefined;
  verify: boolean;
  toolFilter?: MCPToolFilterCallable | MCPToolFilterStatic;
  errorFunction?: MCPToolErrorFunction | null;
} & (
  | { play: 'replay'; data: McpConversation }
  /** `previous`: what this conversation held before, to say how the server's tools changed since. */
  | { play: 'record'; server: () => MCPServer; previous: McpConversation | undefined }
);

/**
 * An `MCPServer` that records a real server's `listTools` and `callTool` exchanges to a JSON file,
 * or replays them from one; one conversation per test, as `cassette()` keeps them. Replay checks
 * each call against its recording and fails on drift, naming what changed. A recording is kept
 * beside the file until its test passed (or `commit()`), and only a run that connected, listed the
 * tools and closed the server is committed (src/fakes/cassette/recordings.ts).
 */
export class McpCassette extends RecordingDouble<McpConversation, McpView> implements MCPServer {
  /** The server's name as the SDK sees it: the recorded one, or the real server's. */
  readonly name: string;
  cacheToolsList = false;
  toolFilter?: MCPToolFilterCallable | MCPToolFilterStatic;
  errorFunction?: MCPToolErrorFunction | null;
  readonly #setup: McpCassetteSetup;
  readonly #log = new McpCallLog(this.ledger);
  /** Replay: the recorded conversation. Record: the previous recording of this conversation, if any. */
  readonly #recorded: McpConversation | undefined;
  #used = 0;
  #real: MCPServer | undefined;
  #tools: McpToolListing[] | undefined;
  readonly #calls: McpRecordedCall[] = [];
  #connected = false;
  #closed = false;
  /** Recording: why the recording cannot be committed (a failed connect, a failed close). */
  #broken: string | undefined;

  constructor(setup: McpCassetteSetup) {
    // The real server is made first: a factory that throws leaves no recording to verify.
    const real = setup.play === 'record' ? setup.server() : undefined;
    super(
      {
        kind: 'mcpCassette',
        name: setup.label,
        verify: setup.verify,
        pending: () => this.#pending(),
        view: () => ({ label: this.label, calls: this.#log.calls }),
      },
      {
        ...setup,
        format: MCP_CASSETTE_FORMAT,
        recording: () => ({ server: this.name, tools: this.#tools ?? [], calls: [...this.#calls] }),
        openWork: () => this.#openWork(),
      },
    );
    this.#setup = setup;
    if (setup.toolFilter !== undefined) this.toolFilter = setup.toolFilter;
    if (setup.errorFunction !== undefined) this.errorFunction = setup.errorFunction;
    if (setup.play === 'replay') {
      this.name = setup.data.server;
      this.#recorded = setup.data;
    } else {
      this.#real = real as MCPServer;
      this.name = this.#real.name;
      this.#recorded = setup.previous;
    }
    void invalidateServerToolsCache(this.name);
  }

  /** Every call the server received, lifecycle calls included. */
  get calls(): readonly McpCall[] {
    return this.#log.calls;
  }

  /** Recorded calls not replayed yet (always 0 when recording). */
  get remainingSteps(): number {
    return this.mode === 'replay' ? (this.#recorded as McpConversation).calls.length - this.#used : 0;
  }

  /** Why the recording must not reach the file, beyond a refused call: only a run that connected, listed the tools and closed the server is whole. */
  #openWork(): string | undefined {
    if (this.#broken !== undefined) return this.#broken;
    if (this.#tools === undefined) return 'the server never listed its tools';
    if (!this.#closed) return 'the server was not closed';
    return undefined;
  }

  async connect(): Promise<void> {
    const entry = this.#log.record('connect', undefined, undefined);
    if (this.#real === undefined) {
      entry.outcome = 'connected (lifecycle)';
      return;
    }
    this.#claim(entry);
    try {
      await this.#real.connect();
      this.#connected = true;
      entry.outcome = 'connected the real server (lifecycle)';
    } catch (error) {
      this.#broken = `connecting the real server failed (${messageOf(error)})`;
      entry.outcome = `failed: ${messageOf(error)}`;
      throw error;
    }
  }

  async close(): Promise<void> {
    const entry = this.#log.record('close', undefined, undefined);
    if (this.#real === undefined) {
      entry.outcome = 'closed (lifecycle)';
      return;
    }
    try {
      if (this.#connected) await this.#real.close();
    } catch (error) {
      this.#broken ??= `closing the real server failed (${messageOf(error)})`;
    }
    this.#connected = false;
    this.#closed = true;
    const why = this.unfinished();
    entry.outcome =
      why === undefined
        ? `closed the real server; ${this.#calls.length} call${this.#calls.length === 1 ? '' : 's'} recorded, committed when the test passes`
        : `closed the real server; the recording cannot be committed: ${why}`;
  }

  async invalidateToolsCache(): Promise<void> {
    const entry = this.#log.record('invalidateToolsCache', undefined, undefined);
    entry.outcome = 'nothing cached (lifecycle)';
    await this.#real?.invalidateToolsCache();
    await invalidateServerToolsCache(this.name);
  }

  async listTools(): Promise<any[]> {
    const entry = this.#log.record('listTools', undefined, undefined);
    if (this.#real === undefined) {
      const tools = (this.#recorded as McpConversation).tools;
      entry.outcome = `${tools.length} recorded tools (lifecycle)`;
      return structuredClone(tools);
    }
    this.#claim(entry);
    let live: McpToolListing[];
    try {
      live = structuredClone((await this.#real.listTools()) as unknown as McpToolListing[]);
    } catch (error) {
      entry.outcome = `failed: ${messageOf(error)}`;
      throw error;
    }
    entry.outcome = `${live.length} tools from the real server (lifecycle)`;
    const first = this.#tools === undefined;
    this.#tools = live;
    this.keepPartial();
    const changes = first && this.#recorded ? toolListChanges(this.#recorded.tools, redactSecrets(live)) : [];
    if (changes.length > 0) {
      // Recording is how a changed server is taken in: it is said, not failed (replay fails on what the change breaks).
      console.warn(
        redactText(
          `agents-testkit: ${this.label}: since conversation ${JSON.stringify(this.conversation)} of ${this.#setup.shownPath} was recorded, the server changed its tools: ` +
            `${changes.slice(0, 4).join('; ')}${changes.length > 4 ? `; and ${changes.length - 4} more` : ''}. The new recording replaces it when its test passes; review the change.`,
        ),
      );
    }
    return structuredClone(live);
  }

  async callTool(toolName: string, args: Record<string, unknown> | null, _meta?: Record<string, unknown> | null, _options?: MCPCallToolOptions): Promise<CallToolResult['content']> {
    return contentWithMetadata(await this.#call(toolName, args ?? {}));
  }

  async callToolResult(toolName: string, args: Record<string, unknown> | null, _meta?: Record<string, unknown> | null, _options?: MCPCallToolOptions): Promise<CallToolResult> {
    return (await this.#call(toolName, args ?? {})) as CallToolResult;
  }

  async #call(tool: string, rawArgs: Record<string, unknown>): Promise<McpCallResult> {
    const args = structuredClone(rawArgs);
    const entry = this.#log.record('callTool', tool, args);
    return this.#real === undefined ? this.#replay(entry, tool, args) : this.#recordCall(entry, this.#real, tool, args);
  }

  async #recordCall(entry: CallEntry, real: MCPServer, tool: string, args: Record<string, unknown>): Promise<McpCallResult> {
    this.#claim(entry);
    try {
      const result = (real.callToolResult ? await real.callToolResult(tool, args) : { content: await real.callTool(tool, args) }) as McpCallResult;
      const plain = JSON.parse(JSON.stringify({ ...result, content: [...result.content] })) as McpCallResult;
      this.#calls.push({ tool, arguments: args, result: plain });
      entry.result = plain;
      entry.outcome = `recorded → ${describeMcpResult(plain)}`;
      return structuredClone(plain);
    } catch (error) {
      this.#calls.push({ tool, arguments: args, error: messageOf(error) });
      entry.failed = true;
      entry.outcome = `recorded the error ${messageOf(error)}`;
      throw error;
    } finally {
      this.keepPartial();
    }
  }

  /**
   * Claims the conversation before the real server sees a call: another double that records the
   * same conversation (in this process or another) is refused here, naming the first.
   */
  #claim(entry: CallEntry): void {
    const conflict = this.claimConversation();
    if (conflict !== undefined) throw this.#log.mismatch(entry, conflict);
  }

  #replay(entry: CallEntry, tool: string, args: Record<string, unknown>): McpCallResult {
    const calls = (this.#recorded as McpConversation).calls;
    const recorded = calls[this.#used];
    if (recorded === undefined) {
      throw this.#log.mismatch(entry, {
        kind: 'unexpected_call',
        expected: 'no more calls',
        why: `The recording holds ${calls.length === 0 ? 'no calls' : `only ${calls.length} call${calls.length === 1 ? '' : 's'}`}`,
        fix: `If the workflow now makes more calls, record again: ${this.#setup.hint}`,
      });
    }
    const step = this.#used;
    this.#used += 1;
    entry.step = step;
    const changes = recorded.tool !== tool ? `the tool changed: ${recorded.tool} → ${tool}` : argumentChanges(recorded.arguments, redactSecrets(args));
    if (changes !== undefined) {
      throw this.#log.mismatch(entry, {
        kind: 'request_drift',
        expected: `the call recorded as ${describeMcpCall(recorded.tool, recorded.arguments)}`,
        why: `Since it was recorded, ${changes}`,
        fix: `If the change is intended, record again: ${this.#setup.hint}`,
      });
    }
    if (recorded.error !== undefined) {
      entry.failed = true;
      entry.outcome = `recorded call ${step + 1}, which failed: ${recorded.error}`;
      throw new Error(recorded.error);
    }
    const result = recorded.result as McpCallResult;
    entry.result = result;
    entry.outcome = `recorded call ${step + 1} → ${describeMcpResult(result)}`;
    return structuredClone(result);
  }

  #pending(): { index: number; label: string }[] {
    if (this.mode === 'replay') {
      const calls = (this.#recorded as McpConversation).calls;
      return calls.slice(this.#used).map((call, offset) => ({ index: this.#used + offset, label: `callTool ${describeMcpCall(call.tool, call.arguments)}` }));
    }
    if (this.#broken !== undefined) return [{ index: 0, label: `the recording cannot be committed: ${this.#broken}; the file is left as it was` }];
    if (!this.#closed) return [{ index: 0, label: 'the real server was not closed: close it (await server.close()) when the run ends' }];
    return [];
  }

}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
