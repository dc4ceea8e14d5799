import type { CallToolResult } from '@openai/agents';
import { brief } from '../../format/brief';
import type { Rejection } from '../core/predicate';

/** A tool as an MCP server lists it (`tools/list`): its name, description and the JSON schema of its input. */
export interface McpToolListing {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
  [key: string]: unknown;
}

/** One content part of an MCP tool result: `{ type: 'text', text }`, `{ type: 'image', data, mimeType }`, … */
export interface McpContent {
  type: string;
  [key: string]: unknown;
}

/** The result of an MCP tool call, as the protocol spells it. */
export interface McpCallResult {
  content: McpContent[];
  structuredContent?: Record<string, unknown>;
  /** The tool failed and says so in its content (how MCP servers report a tool's own errors). */
  isError?: boolean;
  _meta?: Record<string, unknown>;
}

/**
 * What a step may answer an MCP tool call with: the text (one text part), the content parts, or
 * the whole result (`{ structuredContent }` alone gets its JSON as text content, as servers send it).
 */
export type McpResult = string | readonly McpContent[] | Partial<McpCallResult>;

/** A tool the double lists, with the check a real server makes of the arguments it is called with. */
export interface DeclaredMcpTool {
  readonly listing: McpToolListing;
  /** Why arguments do not fit the tool's input schema, or `undefined`; a Standard Schema may answer late. */
  check(args: Record<string, unknown>): string | undefined | Promise<string | undefined>;
}

/** The MCP server methods the SDK calls; all but `callTool`/`callToolResult` are answered for the user. */
export type McpMethod = 'connect' | 'listTools' | 'callTool' | 'invalidateToolsCache' | 'close';

/** One call the server received, as matchers and reports read it. */
export interface McpCall {
  /** The zero-based position among all the calls the server received. */
  readonly index: number;
  readonly method: McpMethod;
  /** The tool of a `callTool`. */
  readonly tool?: string;
  /** The arguments of a `callTool`. */
  readonly args?: Readonly<Record<string, unknown>>;
  /** A lifecycle call answered for the user (connect, listTools, invalidateToolsCache, close). */
  readonly setup: boolean;
  /** The zero-based step the call was played against, if any. */
  readonly step: number | undefined;
  /** The result the call returned, once it has (planned failures and mismatches have none). */
  readonly result?: McpCallResult;
  /** The call failed: a planned `.fails()`, or a mismatch. */
  readonly failed: boolean;
  /** The call was not planned by the script. */
  readonly mismatch: boolean;
}

/** What a step does when its call comes. */
export type PlannedMcpOutcome =
  | { kind: 'returns'; result: McpCallResult }
  | { kind: 'fails'; error: unknown }
  | { kind: 'responds'; respond: (args: Record<string, unknown>, call: McpCall) => unknown };

/** One planned `callTool`: the tool, the check of its arguments, and its one outcome. */
export interface PlannedMcpStep {
  readonly tool: string;
  /** `expectCall(read_file, {"path":"a.md"}).returns("# A")`: how reports name the step. */
  readonly label: string;
  /** `callTool read_file {"path":"a.md"}`: what the step wants, in mismatch messages. */
  readonly expects: string;
  check(args: Record<string, unknown>): Rejection | undefined;
  readonly outcome: PlannedMcpOutcome;
}

/** Why a value cannot be an MCP tool result, or `undefined`. */
export function mcpResultProblem(value: unknown): string | undefined {
  if (typeof value === 'string') return undefined;
  if (Array.isArray(value)) return contentProblem(value);
  if (typeof value !== 'object' || value === null) {
    return `expected the result text, a list of content parts, or { content, structuredContent?, isError? }; got ${brief(value, 40)}`;
  }
  const { content, structuredContent, isError } = value as Partial<McpCallResult>;
  const known = ['content', 'structuredContent', 'isError', '_meta'];
  const unknown = Object.keys(value).find((key) => !known.includes(key));
  if (unknown !== undefined) {
    return `a result has content, structuredContent, isError and _meta, not "${unknown}"; for structured content write { structuredContent: ${brief(value, 30)} }`;
  }
  if (content === undefined && structuredContent === undefined) return 'a result needs content or structuredContent';
  if (content !== undefined) {
    if (!Array.isArray(content)) return `content is a list of content parts like { type: 'text', text }; got ${brief(content, 40)}`;
    const problem = contentProblem(content);
    if (problem) return problem;
  }
  if (structuredContent !== undefined && (typeof structuredContent !== 'object' || structuredContent === null || Array.isArray(structuredContent))) {
    return `structuredContent is an object; got ${brief(structuredContent, 40)}`;
  }
  if (isError !== undefined && typeof isError !== 'boolean') return `isError is a boolean; got ${brief(isError, 20)}`;
  try {
    JSON.stringify(value);
  } catch (error) {
    return `a result must be JSON-serializable: ${(error as Error).message}`;
  }
  return undefined;
}

function contentProblem(parts: readonly unknown[]): string | undefined {
  const bad = parts.findIndex((part) => typeof part !== 'object' || part === null || typeof (part as { type?: unknown }).type !== 'string');
  return bad === -1 ? undefined : `content part ${bad + 1} is not a part with a "type" (like { type: 'text', text }); got ${brief(parts[bad], 40)}`;
}

/** A checked result value in the protocol's shape: a fresh copy, so one call cannot change the next. */
export function mcpResultOf(value: McpResult): McpCallResult {
  if (typeof value === 'string') return { content: [{ type: 'text', text: value }] };
  if (Array.isArray(value)) return { content: structuredClone(value as McpContent[]) };
  const result = structuredClone(value as Partial<McpCallResult>);
  return {
    ...result,
    content: result.content ?? [{ type: 'text', text: JSON.stringify(result.structuredContent) }],
  };
}

/** The result as the SDK's `callTool()` returns it: the content list, with the rest attached as hidden fields. */
export function contentWithMetadata(result: McpCallResult): CallToolResult['content'] {
  const content = [...result.content] as CallToolResult['content'];
  for (const key of ['structuredContent', 'isError', '_meta'] as const) {
    if (result[key] !== undefined) Object.defineProperty(content, key, { value: result[key], enumerable: false, configurable: true });
  }
  return content;
}

/** A result as one line: its text, `(error)` when the tool said it failed, or its structured content. */
export function describeMcpResult(result: McpCallResult): string {
  const text = mcpResultText(result);
  return `${result.isError ? 'error ' : ''}${brief(text, 60)}`;
}

/** The text of a result's content, as the model would read it (text parts joined, `[image]` for others). */
export function mcpResultText(result: McpCallResult): string {
  return result.content.map((part) => (typeof part.text === 'string' ? part.text : `[${part.type}]`)).join('');
}

/** `read_file({"path":"a.md"})` */
export function describeMcpCall(tool: string, args: unknown): string {
  return `${tool}(${args === undefined || (typeof args === 'object' && args !== null && Object.keys(args).length === 0) ? '' : brief(args, 60)})`;
}
