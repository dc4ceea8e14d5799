import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';
import { brief } from '../format/brief';
import { redactSecrets } from '../format/secrets';
import type { McpCallResult, McpToolListing } from './mcpPlan';
import { sameJson } from '../format/canonicalJson';

/** The version of the MCP recording format this kit writes and reads. */
export const MCP_CASSETTE_VERSION = 1;

/** One `callTool` exchange: the tool, its arguments, and the result — or the error the server threw. */
export interface McpRecordedCall {
  tool: string;
  arguments: Record<string, unknown>;
  result?: McpCallResult;
  error?: string;
}

/** A real MCP server's exchanges, as a recording keeps them: its name, the tools it listed, the calls in order. */
export interface McpCassetteData {
  version: typeof MCP_CASSETTE_VERSION;
  server: string;
  tools: McpToolListing[];
  calls: McpRecordedCall[];
}

export type LoadedMcpCassette = { state: 'ok'; data: McpCassetteData } | { state: 'missing' } | { state: 'invalid'; problem: string };

/** Reads a recording without throwing, so callers can say what went wrong in their own terms. */
export function loadMcpCassette(path: string): LoadedMcpCassette {
  if (!existsSync(path)) return { state: 'missing' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    return { state: 'invalid', problem: `it is not JSON (${(error as Error).message})` };
  }
  const problem = shapeProblem(parsed);
  return problem === undefined ? { state: 'ok', data: parsed as McpCassetteData } : { state: 'invalid', problem };
}

/**
 * Writes a recording whole or not at all: into a temporary file beside it, then renamed over it,
 * so a run that dies while writing never leaves half a file where a good recording was.
 */
export function saveMcpCassette(path: string, data: McpCassetteData): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.tmp`);
  try {
    writeFileSync(temporary, `${JSON.stringify(redactSecrets(data), null, 2)}\n`);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

function shapeProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'it is not a JSON object';
  const { version, server, tools, calls } = value as Partial<McpCassetteData>;
  if (version !== MCP_CASSETTE_VERSION) return `its version is ${JSON.stringify(version)}, and this kit reads version ${MCP_CASSETTE_VERSION}`;
  if (typeof server !== 'string') return 'it has no "server" name';
  if (!Array.isArray(tools) || !tools.every((tool) => typeof tool?.name === 'string' && typeof tool.inputSchema === 'object')) return 'its "tools" are not a list of { name, inputSchema }';
  if (!Array.isArray(calls)) return 'it has no "calls" array';
  const bad = calls.findIndex((call) => typeof call?.tool !== 'string' || (call.result === undefined && typeof call.error !== 'string'));
  return bad === -1 ? undefined : `call ${bad + 1} lacks a tool, or a result or an error`;
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
