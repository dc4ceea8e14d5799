import type { CallToolResult, MCPCallToolOptions, MCPServer, MCPToolErrorFunction, MCPToolFilterCallable, MCPToolFilterStatic } from '@openai/agents';
import { invalidateServerToolsCache } from '@openai/agents';
import type { MismatchSpec } from '../errors/MismatchError';
import { Ledger, LEDGER } from './ledger';
import type { McpView } from './McpDouble';
import { argumentChanges, loadMcpCassette, MCP_CASSETTE_VERSION, saveMcpCassette, toolListChanges, type McpCassetteData, type McpRecordedCall } from './mcpCassetteFile';
import { contentWithMetadata, describeMcpCall, describeMcpResult, type McpCall, type McpCallResult, type McpMethod, type McpToolListing } from './mcpPlan';

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
  verify: boolean;
  toolFilter?: MCPToolFilterCallable | MCPToolFilterStatic;
  errorFunction?: MCPToolErrorFunction | null;
} & ({ play: 'replay'; data: McpCassetteData; name: string } | { play: 'record'; server: () => MCPServer });

interface CallEntry {
  readonly index: number;
  readonly method: McpMethod;
  readonly tool: string | undefined;
  readonly args: Record<string, unknown> | undefined;
  step: number | undefined;
  result: McpCallResult | undefined;
  failed: boolean;
  mismatch: boolean;
  outcome: string;
}

/**
 * An `MCPServer` that records a real server's `listTools` and `callTool` exchanges to a JSON file,
 * or replays them from one. Replay checks each call against its recording and fails on drift,
 * naming what changed; recording compares the server's tool list with the one recorded before and
 * fails on drift too, since the server changed under the recording. A recording is written when the
 * server closes, whole, and only after a run that connected and listed the tools.
 */
export class McpCassette implements MCPServer {
  /** The server's name as the SDK sees it: the recorded one, or the real server's. */
  readonly name: string;
  /** Whether this recording replays or records. */
  readonly mode: 'replay' | 'record';
  readonly path: string;
  cacheToolsList = false;
  toolFilter?: MCPToolFilterCallable | MCPToolFilterStatic;
  errorFunction?: MCPToolErrorFunction | null;
  readonly #setup: McpCassetteSetup;
  readonly #ledger: Ledger<McpView>;
  readonly #log: CallEntry[] = [];
  readonly #recorded: McpCassetteData | undefined;
  #used = 0;
  #real: MCPServer | undefined;
  #tools: McpToolListing[] | undefined;
  readonly #calls: McpRecordedCall[] = [];
  #connected = false;
  /** Recording: why the recording cannot be written (a failed connect, no tool listing, a failed close). */
  #broken: string | undefined;
  #saved = false;

  constructor(setup: McpCassetteSetup) {
    this.#setup = setup;
    this.mode = setup.play;
    this.path = setup.path;
    if (setup.toolFilter !== undefined) this.toolFilter = setup.toolFilter;
    if (setup.errorFunction !== undefined) this.errorFunction = setup.errorFunction;
    if (setup.play === 'replay') {
      this.name = setup.name;
      this.#recorded = setup.data;
    } else {
      this.#real = setup.server();
      this.name = this.#real.name;
      const previous = loadMcpCassette(setup.path);
      this.#recorded = previous.state === 'ok' ? previous.data : undefined;
    }
    void invalidateServerToolsCache(this.name);
    this.#ledger = new Ledger({
      kind: 'mcpCassette',
      name: setup.label,
      verify: setup.verify,
      pending: () => this.#pending(),
      view: () => ({ label: this.label, calls: this.#log.map(snapshot) }),
    });
  }

  get [LEDGER](): Ledger<McpView> {
    return this.#ledger;
  }

  get label(): string {
    return this.#ledger.label;
  }

  /** Every call the server received, lifecycle calls included. */
  get calls(): readonly McpCall[] {
    return Object.freeze(this.#log.map(snapshot));
  }

  /** Recorded calls not replayed yet (always 0 when recording). */
  get remainingSteps(): number {
    return this.mode === 'replay' ? (this.#recorded as McpCassetteData).calls.length - this.#used : 0;
  }

  assertComplete(): void {
    this.#ledger.assertComplete();
  }

  async connect(): Promise<void> {
    const entry = this.#record('connect', undefined, undefined);
    if (this.#real === undefined) {
      entry.outcome = 'connected (lifecycle)';
      return;
    }
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
    const entry = this.#record('close', undefined, undefined);
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
    if (this.#broken === undefined && this.#tools === undefined) this.#broken = 'the server never listed its tools';
    if (this.#broken !== undefined) {
      entry.outcome = `closed; not written: ${this.#broken}`;
      return;
    }
    saveMcpCassette(this.path, { version: MCP_CASSETTE_VERSION, server: this.name, tools: this.#tools as McpToolListing[], calls: [...this.#calls] });
    this.#saved = true;
    entry.outcome = `closed; wrote ${this.#calls.length} call${this.#calls.length === 1 ? '' : 's'} to the recording`;
  }

  async invalidateToolsCache(): Promise<void> {
    const entry = this.#record('invalidateToolsCache', undefined, undefined);
    entry.outcome = 'nothing cached (lifecycle)';
    await this.#real?.invalidateToolsCache();
    await invalidateServerToolsCache(this.name);
  }

  async listTools(): Promise<any[]> {
    const entry = this.#record('listTools', undefined, undefined);
    if (this.#real === undefined) {
      const tools = (this.#recorded as McpCassetteData).tools;
      entry.outcome = `${tools.length} recorded tools (lifecycle)`;
      return structuredClone(tools);
    }
    const live = structuredClone((await this.#real.listTools()) as unknown as McpToolListing[]);
    entry.outcome = `${live.length} tools from the real server (lifecycle)`;
    const first = this.#tools === undefined;
    this.#tools = live;
    const changes = first && this.#recorded ? toolListChanges(this.#recorded.tools, live) : [];
    if (changes.length > 0) {
      this.#mismatch(entry, {
        kind: 'request_drift',
        expected: `the tools recorded in ${this.#setup.shownPath}`,
        why: `Since it was recorded, the server changed its tools: ${changes.slice(0, 4).join('; ')}${changes.length > 4 ? `; and ${changes.length - 4} more` : ''}`,
        fix: 'The recording is written anew when the server closes; review the change, then replay it',
      });
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
    const entry = this.#record('callTool', tool, args);
    return this.#real === undefined ? this.#replay(entry, tool, args) : this.#recordCall(entry, this.#real, tool, args);
  }

  async #recordCall(entry: CallEntry, real: MCPServer, tool: string, args: Record<string, unknown>): Promise<McpCallResult> {
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
    }
  }

  #replay(entry: CallEntry, tool: string, args: Record<string, unknown>): McpCallResult {
    const calls = (this.#recorded as McpCassetteData).calls;
    const recorded = calls[this.#used];
    if (recorded === undefined) {
      throw this.#mismatch(entry, {
        kind: 'unexpected_call',
        expected: 'no more calls',
        why: `The recording holds ${calls.length === 0 ? 'no calls' : `only ${calls.length} call${calls.length === 1 ? '' : 's'}`}`,
        fix: `If the workflow now makes more calls, record again: ${this.#setup.hint}`,
      });
    }
    const step = this.#used;
    this.#used += 1;
    entry.step = step;
    const changes = recorded.tool !== tool ? `the tool changed: ${recorded.tool} → ${tool}` : argumentChanges(recorded.arguments, args);
    if (changes !== undefined) {
      throw this.#mismatch(entry, {
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
      const calls = (this.#recorded as McpCassetteData).calls;
      return calls.slice(this.#used).map((call, offset) => ({ index: this.#used + offset, label: `callTool ${describeMcpCall(call.tool, call.arguments)}` }));
    }
    if (this.#saved) return [];
    const why = this.#broken ?? 'the server was not closed';
    return [{ index: 0, label: `the recording was not written: ${why}; ${this.#broken ? 'the file was left as it was' : 'close the server (await server.close()) when the run ends'}` }];
  }

  #record(method: McpMethod, tool: string | undefined, args: Record<string, unknown> | undefined): CallEntry {
    const entry: CallEntry = { index: this.#ledger.callCount, method, tool, args, step: undefined, result: undefined, failed: false, mismatch: false, outcome: 'pending' };
    this.#ledger.record(() => `${method === 'callTool' ? `callTool ${describeMcpCall(tool as string, args)}` : `${method}()`} → ${entry.outcome}`);
    this.#log.push(entry);
    return entry;
  }

  #mismatch(entry: CallEntry, spec: Pick<MismatchSpec, 'kind' | 'expected' | 'why' | 'fix' | 'note'>) {
    entry.mismatch = true;
    entry.failed = true;
    if (entry.outcome === 'pending') entry.outcome = 'refused';
    return this.#ledger.mismatch({
      ...spec,
      callIndex: entry.index,
      ...(entry.step === undefined ? {} : { stepIndex: entry.step }),
      actual: entry.method === 'callTool' ? `callTool ${describeMcpCall(entry.tool as string, entry.args)}` : `${entry.method}()`,
    });
  }
}

function snapshot(entry: CallEntry): McpCall {
  return Object.freeze({
    index: entry.index,
    method: entry.method,
    ...(entry.tool === undefined ? {} : { tool: entry.tool }),
    ...(entry.args === undefined ? {} : { args: entry.args }),
    setup: entry.method !== 'callTool',
    step: entry.step,
    ...(entry.result === undefined ? {} : { result: entry.result }),
    failed: entry.failed,
    mismatch: entry.mismatch,
  });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
