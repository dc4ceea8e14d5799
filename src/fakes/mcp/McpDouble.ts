import {
  invalidateServerToolsCache,
  type CallToolResult,
  type MCPCallToolOptions,
  type MCPServer,
  type MCPToolErrorFunction,
  type MCPToolFilterCallable,
  type MCPToolFilterStatic,
  type MCPToolMetaResolver,
} from '@openai/agents';
import { MismatchError } from '../../errors/MismatchError';
import type { StepContext } from '../../errors/ScriptError';
import { brief } from '../../format/brief';
import { sameJson } from '../../format/canonicalJson';
import { closest } from '../../format/closest';
import { mcpPrefixedToolName } from '../../sdk/coupling';
import type { DoubleOptions } from '../../vocabulary';
import { bounded, DEFAULT_RESPONDER_TIMEOUT_MS } from '../core/bounded';
import { notePlannedFailure } from '../core/plannedFailures';
import { identity } from '../core/double';
import { ScriptedDouble } from '../core/scriptedDouble';
import { McpCallLog, snapshot, type McpCallEntry as CallEntry, type McpMismatch } from './callLog';
import {
  contentWithMetadata,
  describeMcpResult,
  mcpResultOf,
  mcpResultProblem,
  type DeclaredMcpTool,
  type McpCall,
  type McpCallResult,
  type McpMethod,
  type McpResult,
  type McpToolListing,
  type PlannedMcpStep,
} from './plan';
import { isUnplannedError } from '../core/predicate';
import { responderThrew, responderTimedOut } from '../core/responderFindings';

/** The options of an MCP server the SDK reads; passed through as the server's own. */
export interface McpServerSettings {
  /** Lets the SDK cache the tool list (keyed by the server's name); the double clears that cache when it is made. */
  cacheToolsList?: boolean;
  /** The SDK's tool filter: which listed tools the agent is offered. */
  toolFilter?: MCPToolFilterCallable | MCPToolFilterStatic;
  /** The model sees a result's structured content (as JSON) instead of its content. */
  useStructuredContent?: boolean;
  /** How the SDK turns a failed call into the text the model sees; `null` makes the run fail instead. */
  errorFunction?: MCPToolErrorFunction | null;
  /** Request metadata (`_meta`) for each call. */
  toolMetaResolver?: MCPToolMetaResolver;
}

export interface McpDoubleOptions extends DoubleOptions, McpServerSettings {
  /** Calls before `connect()` or after `close()` are mismatches, as they fail against a real server. Default false. */
  requireConnect?: boolean;
  /** How long a `responds()` responder may take before the call fails as a mismatch. Default 2000 ms. */
  timeoutMs?: number;
}

/** What matchers read off an MCP double. */
export interface McpView {
  label: string;
  calls: readonly McpCall[];
}

/** A step the builder has opened and not yet ended with an outcome. */
export interface OpenMcpStep {
  context: StepContext;
  label: string;
}

const SWALLOWED = 'The SDK turns a failed MCP call into a tool output the model reads and runs on; the script keeps the mismatch, so the test still fails.';

/**
 * An `MCPServer` that lists declared tools and plays planned `callTool` steps in one order,
 * recording every call. The lifecycle calls the SDK and apps make (connect, listTools,
 * invalidateToolsCache, close) are answered and recorded, never steps. A call the script did not
 * plan is thrown into the SDK *and* kept: the SDK's default `errorFunction` turns the error into
 * text for the model and the run goes on, so the record is what makes the test fail.
 */
export class McpDouble extends ScriptedDouble<PlannedMcpStep, OpenMcpStep, McpView> implements MCPServer {
  /** The server's name as the SDK sees it: it keys the SDK's tool cache and prefixes tool names. */
  readonly name: string;
  cacheToolsList: boolean;
  toolFilter?: MCPToolFilterCallable | MCPToolFilterStatic;
  useStructuredContent?: boolean;
  errorFunction?: MCPToolErrorFunction | null;
  toolMetaResolver?: MCPToolMetaResolver;
  readonly #tools: ReadonlyMap<string, DeclaredMcpTool>;
  readonly #log = new McpCallLog(this.ledger);
  readonly #timeoutMs: number;
  readonly #requireConnect: boolean;
  #connected = false;

  constructor(options: McpDoubleOptions, tools: ReadonlyMap<string, DeclaredMcpTool>) {
    super(
      identity('mcp', options, {
        view: () => ({ label: this.label, calls: this.calls }),
      }),
    );
    this.name = options.name ?? 'mcp';
    this.cacheToolsList = options.cacheToolsList ?? false;
    if (options.toolFilter !== undefined) this.toolFilter = options.toolFilter;
    if (options.useStructuredContent !== undefined) this.useStructuredContent = options.useStructuredContent;
    if (options.errorFunction !== undefined) this.errorFunction = options.errorFunction;
    if (options.toolMetaResolver !== undefined) this.toolMetaResolver = options.toolMetaResolver;
    this.#tools = tools;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_RESPONDER_TIMEOUT_MS;
    this.#requireConnect = options.requireConnect === true;
    // The SDK caches tool lists by server name for the whole process: another test's server of
    // the same name must not answer for this one.
    if (this.cacheToolsList) void invalidateServerToolsCache(this.name);
  }

  /** Every call the server received, lifecycle calls included, as frozen snapshots. */
  get calls(): readonly McpCall[] {
    return this.#log.calls;
  }

  /** Answered for the user: recorded, never a step. */
  async connect(): Promise<void> {
    this.#lifecycle('connect', 'connected');
    this.#connected = true;
  }

  /** Answered for the user: recorded, never a step. */
  async close(): Promise<void> {
    this.#lifecycle('close', 'closed');
    this.#connected = false;
  }

  /** Answered for the user: the SDK asks again on its next turn (the double keeps no cache of its own). */
  async invalidateToolsCache(): Promise<void> {
    this.#lifecycle('invalidateToolsCache', 'nothing cached');
    await invalidateServerToolsCache(this.name);
  }

  /** Answered for the user with the declared tools (the SDK asks once per turn unless it caches them). */
  async listTools(): Promise<any[]> {
    const tools = [...this.#tools.values()].map((tool) => structuredClone(tool.listing));
    const entry = this.#lifecycle('listTools', `${tools.length} tool${tools.length === 1 ? '' : 's'}`);
    this.#refuseUnconnected(entry);
    return tools;
  }

  async callTool(
    toolName: string,
    args: Record<string, unknown> | null,
    _meta?: Record<string, unknown> | null,
    _options?: MCPCallToolOptions,
  ): Promise<CallToolResult['content']> {
    return contentWithMetadata(await this.#callTool(toolName, args));
  }

  /** The full result, which the SDK asks for when the server sets `useStructuredContent`. */
  async callToolResult(
    toolName: string,
    args: Record<string, unknown> | null,
    _meta?: Record<string, unknown> | null,
    _options?: MCPCallToolOptions,
  ): Promise<CallToolResult> {
    return (await this.#callTool(toolName, args)) as CallToolResult;
  }

  /** The tools the server lists, by name. */
  protected get declaredTools(): ReadonlyMap<string, DeclaredMcpTool> {
    return this.#tools;
  }

  #lifecycle(method: Exclude<McpMethod, 'callTool'>, outcome: string): CallEntry {
    return this.#log.record(method, undefined, undefined, `${outcome} (lifecycle)`);
  }

  async #callTool(tool: string, rawArgs: Record<string, unknown> | null): Promise<McpCallResult> {
    const args = detach(rawArgs ?? {});
    const entry = this.#log.record('callTool', tool, args);
    const refusal = this.script.refusal('server');
    if (refusal) {
      entry.outcome = 'refused: the script has a step without outcome';
      throw refusal;
    }
    this.#refuseUnconnected(entry);
    const next = this.script.next;
    const declared = this.#tools.get(tool);
    if (declared === undefined) {
      const suggestion = closest(tool, [...this.#tools.keys()]);
      throw this.#mismatch(entry, {
        kind: 'not_offered',
        expected: next ? next.expects : 'no more calls',
        waiting: next ? this.script.nextIndex : undefined,
        why: `The server does not list "${tool}" (it lists ${listOf([...this.#tools.keys()])})`,
        fix: suggestion ? `Did you mean "${suggestion}"?` : 'Declare the tool in mcp({ tools }) if the server should list it',
      });
    }
    const schemaProblem = await declared.check(args as Record<string, unknown>);
    if (schemaProblem !== undefined) {
      throw this.#mismatch(entry, {
        kind: 'schema_mismatch',
        expected: next ? next.expects : `arguments that fit ${tool}'s input schema`,
        waiting: next ? this.script.nextIndex : undefined,
        why: `The arguments do not fit the tool's input schema, and a real server would refuse them: ${schemaProblem}`,
        fix: "Check the model's arguments (or the script's calls(…)) against the tool's schema",
      });
    }
    if (next === undefined) {
      throw this.#mismatch(entry, {
        kind: 'unexpected_call',
        expected: 'no more calls',
        why: this.script.ranOut(),
        fix: `Script another step, e.g. .expectCall(${JSON.stringify(tool)}${Object.keys(args).length === 0 ? '' : `, ${brief(args, 60)}`}).returns(…), if the workflow should go on`,
      });
    }
    const stepIndex = this.script.take();
    entry.step = stepIndex;
    entry.outcome = `step ${stepIndex + 1} ${next.label}`;
    if (next.tool !== tool) throw this.#mismatch(entry, { kind: 'wrong_method', expected: next.expects });
    const rejection = next.check(args as Record<string, unknown>);
    if (rejection) throw this.#mismatch(entry, { kind: rejection.kind, expected: next.expects, why: rejection.reason });
    return this.#play(next, entry);
  }

  async #play(step: PlannedMcpStep, entry: CallEntry): Promise<McpCallResult> {
    const { outcome } = step;
    if (outcome.kind === 'fails') {
      entry.failed = true;
      throw this.#plannedFailure(entry, outcome.error);
    }
    if (outcome.kind === 'returns') return this.#deliver(entry, mcpResultOf(outcome.result));
    let produced: unknown;
    try {
      produced = await bounded(
        Promise.resolve().then(() => outcome.respond(entry.args as Record<string, unknown>, snapshot(entry))),
        this.#timeoutMs,
        () => this.#timedOut(step, entry),
      );
    } catch (error) {
      entry.failed = true;
      if (error instanceof MismatchError) throw error;
      // A responder may fail on purpose (that is its outcome); an assertion or a bug inside it is a finding.
      if (!isUnplannedError(error)) throw this.#plannedFailure(entry, error);
      const found = responderThrew(entry.step as number, step.label, error);
      entry.outcome = found.outcome;
      throw this.#mismatch(entry, found.spec);
    }
    const problem = mcpResultProblem(produced);
    if (problem) {
      entry.outcome = `invalid result from step ${(entry.step as number) + 1} ${step.label}`;
      throw this.#mismatch(entry, { kind: 'invalid_step', expected: step.label, why: `Its responder returned a value that is no MCP tool result: ${problem}` });
    }
    return this.#deliver(entry, mcpResultOf(produced as McpResult));
  }

  /** A failure the script planned, noted for the model whose call of the tool it fails (by the tool's own name or the prefixed one). */
  #plannedFailure(entry: CallEntry, error: unknown): unknown {
    const tool = entry.tool as string;
    notePlannedFailure({ tools: [tool, mcpPrefixedToolName(this.name, tool)], fits: (args) => sameJson(args, entry.args) });
    return error;
  }

  #deliver(entry: CallEntry, result: McpCallResult): McpCallResult {
    entry.result = result;
    entry.outcome = `${entry.outcome} → ${describeMcpResult(result)}`;
    return structuredClone(result);
  }

  #refuseUnconnected(entry: CallEntry): void {
    if (!this.#requireConnect || this.#connected) return;
    const closed = this.#log.entries.some((call) => call.method === 'close');
    throw this.#mismatch(entry, {
      kind: 'not_connected',
      expected: closed ? 'no calls after close()' : 'connect() first',
      why: closed ? 'The server was closed, and a real one refuses calls then' : 'The server was not connected, and a real one refuses calls then',
      fix: closed ? 'Close the server when the agent is done with it' : 'Connect the server before the run: await server.connect() (or connectMcpServers([…]))',
    });
  }

  /** Every mismatch of this double says that the SDK swallows it. */
  #mismatch(entry: CallEntry, spec: Omit<McpMismatch, 'note'>): MismatchError {
    return this.#log.mismatch(entry, { ...spec, note: SWALLOWED });
  }

  #timedOut(step: PlannedMcpStep, entry: CallEntry): MismatchError {
    const found = responderTimedOut(entry.step as number, step.label, this.#timeoutMs, 'mcp');
    entry.outcome = found.outcome;
    return this.#mismatch(entry, found.spec);
  }
}

function listOf(names: readonly string[]): string {
  if (names.length === 0) return 'no tools';
  return names.map((name) => `"${name}"`).join(', ');
}

function detach<T>(value: T): T {
  return Object.freeze(structuredClone(value));
}

export type { McpToolListing };
