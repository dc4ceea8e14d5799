import { readFileSync } from 'node:fs';
import { brief } from '../../format/brief';
import { redactSecrets } from '../../format/secrets';
import type { McpCallResult, McpToolListing } from '../mcp/plan';
import { sameJson } from '../../format/canonicalJson';
import { DEFAULT_CONVERSATION, type RecordingFormat } from './format';
import type { Provenance } from './provenance';

/** The version of the MCP recording format this kit writes; version 1 (one recording per file) is read too. */
export const MCP_CASSETTE_VERSION = 2;

/** One `callTool` exchange: the tool, its arguments, and the result — or the error the server threw. */
export interface McpRecordedCall {
  tool: string;
  arguments: Record<string, unknown>;
  result?: McpCallResult;
  error?: string;
}

/** One test's exchanges with a real MCP server: the server's name, the tools it listed, the calls in order. */
export interface McpConversation {
  /** Which SDK recorded it, when and in which test; absent in files recorded before provenance. */
  provenance?: Provenance;
  server: string;
  tools: McpToolListing[];
  calls: McpRecordedCall[];
}

/**
 * An MCP recording file: one conversation per test, by name (the test's full name, or the
 * `{ conversation }` option), so tests sharing a file never overwrite each other's recording.
 */
export interface McpCassetteData {
  version: typeof MCP_CASSETTE_VERSION;
  conversations: Record<string, McpConversation>;
}

export type LoadedMcpCassette = { state: 'ok'; data: McpCassetteData } | { state: 'missing' } | { state: 'invalid'; problem: string };

/** Reads a recording without throwing, so callers can say what went wrong in their own terms. */
export function loadMcpCassette(path: string): LoadedMcpCassette {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'missing' };
    return { state: 'invalid', problem: `it cannot be read (${(error as Error).message})` };
  }
  const parsed = MCP_CASSETTE_FORMAT.parse(text);
  return parsed.ok ? { state: 'ok', data: { version: MCP_CASSETTE_VERSION, conversations: { ...parsed.conversations } } } : { state: 'invalid', problem: parsed.problem };
}

/** MCP recording files as the recordings registry reads and writes them. */
export const MCP_CASSETTE_FORMAT: RecordingFormat<McpConversation> = {
  parse(text) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      return { ok: false, problem: text.trim() === '' ? 'it is empty' : `it is not JSON (${(error as Error).message})` };
    }
    if (!isRecord(parsed)) return { ok: false, problem: 'it is not a JSON object' };
    if (parsed.version === 1) {
      const problem = conversationProblem(parsed, '');
      if (problem !== undefined) return { ok: false, problem };
      const { server, tools, calls } = parsed as unknown as McpConversation;
      return { ok: true, conversations: redactSecrets({ [DEFAULT_CONVERSATION]: { server, tools, calls } }) };
    }
    if (parsed.version !== MCP_CASSETTE_VERSION) return { ok: false, problem: `its version is ${JSON.stringify(parsed.version)}, and this kit reads versions 1 and ${MCP_CASSETTE_VERSION}` };
    if (!isRecord(parsed.conversations)) return { ok: false, problem: 'it has no "conversations" object' };
    for (const [name, conversation] of Object.entries(parsed.conversations)) {
      const problem = isRecord(conversation) ? conversationProblem(conversation, `conversation ${JSON.stringify(name)}: `) : `conversation ${JSON.stringify(name)} is not an object`;
      if (problem !== undefined) return { ok: false, problem };
    }
    // Redacted as live calls are, so a file recorded before a rule existed still replays.
    return { ok: true, conversations: redactSecrets(parsed.conversations as Record<string, McpConversation>) };
  },
  text: (conversations) => `${JSON.stringify(redactSecrets({ version: MCP_CASSETTE_VERSION, conversations }), null, 2)}\n`,
  kept({ tools, calls }) {
    if (tools.length === 0 && calls.length === 0) return undefined;
    const counted = calls.length === 0 ? '' : calls.length === 1 ? 'the call' : `the ${calls.length} calls`;
    const subject = tools.length === 0 ? counted : counted === '' ? 'the tool list' : `the tool list and ${counted}`;
    return { subject: `${subject[0]!.toUpperCase()}${subject.slice(1)} it recorded`, plural: subject.includes(' and ') || calls.length > 1 };
  },
};

function conversationProblem(value: Record<string, unknown>, at: string): string | undefined {
  const { server, tools, calls } = value as Partial<McpConversation>;
  if (typeof server !== 'string') return `${at}it has no "server" name`;
  if (!Array.isArray(tools) || !tools.every((tool) => typeof tool?.name === 'string' && typeof tool.inputSchema === 'object')) return `${at}its "tools" are not a list of { name, inputSchema }`;
  if (!Array.isArray(calls)) return `${at}it has no "calls" array`;
  const bad = calls.findIndex((call) => typeof call?.tool !== 'string' || (call.result === undefined && typeof call.error !== 'string'));
  return bad === -1 ? undefined : `${at}call ${bad + 1} lacks a tool, or a result or an error`;
}

/** How a server's tool list differs from the recorded one, a line per tool; empty when they agree. */
export function toolListChanges(recorded: readonly McpToolListing[], live: readonly McpToolListing[]): string[] {
  const lines: string[] = [];
  const before = new Map(recorded.map((tool) => [tool.name, tool]));
  const after = new Map(live.map((tool) => [tool.name, tool]));
  for (const [name, tool] of after) {
    const old = before.get(name);
    if (old === undefined) lines.push(`tool "${name}" was added`);
    else if (!sameJson(old, tool)) lines.push(`tool "${name}" changed: ${changedFields(old, tool).join(', ')}`);
  }
  for (const name of before.keys()) if (!after.has(name)) lines.push(`tool "${name}" was removed`);
  return lines;
}

/** `inputSchema.properties.path.type: "string" → "number"`: the leaves that differ, a few at most. */
function changedFields(before: unknown, after: unknown): string[] {
  const found: string[] = [];
  const walk = (a: unknown, b: unknown, at: string): void => {
    if (sameJson(a, b) || found.length > 4) return;
    if (isRecord(a) && isRecord(b)) {
      for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) walk(a[key], b[key], at ? `${at}.${key}` : key);
      return;
    }
    if (a === undefined) found.push(`${at} added (${brief(b, 50)})`);
    else if (b === undefined) found.push(`${at} removed (was ${brief(a, 50)})`);
    else found.push(`${at}: ${brief(a, 50)} → ${brief(b, 50)}`);
  };
  walk(before, after, '');
  return found.length > 4 ? [...found.slice(0, 4), 'and more'] : found;
}

/** How a live call's arguments differ from the recorded ones, or `undefined` when they agree. */
export function argumentChanges(recorded: Record<string, unknown>, live: Record<string, unknown>): string | undefined {
  if (sameJson(recorded, live)) return undefined;
  return `the arguments changed: ${changedFields(recorded, live).join(', ')}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
