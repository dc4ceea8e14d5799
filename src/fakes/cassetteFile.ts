import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type {
  AgentInputItem,
  AgentOutputItem,
  ModelRequest,
  ModelResponse,
  ModelSettings,
  SerializedHandoff,
  SerializedOutputType,
  SerializedTool,
} from '@openai/agents';

/** The version of the cassette format this kit writes and reads. */
export const CASSETTE_VERSION = 1;

/**
 * What matters of a model request, as a cassette keeps it: what the agent sent and offered.
 * Runner bookkeeping (`_internal`, tracing, signals) is left out, so it never causes drift.
 */
export interface RecordedRequest {
  instructions?: string;
  input: string | AgentInputItem[];
  tools: SerializedTool[];
  handoffs: SerializedHandoff[];
  outputType: SerializedOutputType;
  settings: ModelSettings;
  prompt?: ModelRequest['prompt'];
  previousResponseId?: string;
  conversationId?: string;
}

/** The fields of a recorded request that replay compares; each can be left out with `ignore`. */
export type RequestField = keyof RecordedRequest;

export const REQUEST_FIELDS: readonly RequestField[] = [
  'instructions',
  'input',
  'tools',
  'handoffs',
  'outputType',
  'settings',
  'prompt',
  'previousResponseId',
  'conversationId',
];

/** What a model answered: its output items and usage (the provider's raw payload is not kept). */
export interface RecordedResponse {
  output: AgentOutputItem[];
  usage: RecordedUsage;
  responseId?: string;
}

export interface RecordedUsage {
  requests: number;
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  inputTokensDetails?: Record<string, number>;
  outputTokensDetails?: Record<string, number>;
}

/** Usage as the SDK hands it over: a `Usage` (details as lists) or a stream's usage record. */
interface UsageLike {
  requests?: number;
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  inputTokensDetails?: unknown;
  outputTokensDetails?: unknown;
}

/** One model call: the request, the response, and for a streamed call the text deltas in order. */
export interface CassetteCall {
  request: RecordedRequest;
  streamed: boolean;
  response: RecordedResponse;
  deltas?: string[];
}

export interface Cassette {
  version: typeof CASSETTE_VERSION;
  calls: CassetteCall[];
}

export type LoadedCassette =
  | { state: 'ok'; cassette: Cassette }
  | { state: 'missing' }
  | { state: 'invalid'; problem: string };

/** Reads a cassette file without throwing, so callers can say what went wrong in their own terms. */
export function loadCassette(path: string): LoadedCassette {
  if (!existsSync(path)) return { state: 'missing' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    return { state: 'invalid', problem: `it is not JSON (${(error as Error).message})` };
  }
  const problem = shapeProblem(parsed);
  return problem === undefined ? { state: 'ok', cassette: parsed as Cassette } : { state: 'invalid', problem };
}

export function saveCassette(path: string, cassette: Cassette): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(cassette, null, 2)}\n`);
}

function shapeProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'it is not a JSON object';
  const { version, calls } = value as Partial<Cassette>;
  if (version !== CASSETTE_VERSION) return `its version is ${JSON.stringify(version)}, and this kit reads version ${CASSETTE_VERSION}`;
  if (!Array.isArray(calls)) return 'it has no "calls" array';
  const bad = calls.findIndex(
    (call: Partial<CassetteCall> | null) =>
      typeof call !== 'object' ||
      call === null ||
      typeof call.request !== 'object' ||
      call.request === null ||
      typeof call.response !== 'object' ||
      call.response === null ||
      !Array.isArray(call.response.output),
  );
  return bad === -1 ? undefined : `call ${bad + 1} lacks a request or a response with an "output" array`;
}

/** The recorded form of a request: plain JSON, fields in a fixed order, absent ones left out. */
export function recordRequest(request: ModelRequest): RecordedRequest {
  const recorded: RecordedRequest = {
    ...(request.systemInstructions === undefined ? {} : { instructions: request.systemInstructions }),
    input: request.input,
    tools: request.tools,
    handoffs: request.handoffs,
    outputType: request.outputType,
    settings: request.modelSettings,
    ...(request.prompt === undefined ? {} : { prompt: request.prompt }),
    ...(request.previousResponseId === undefined ? {} : { previousResponseId: request.previousResponseId }),
    ...(request.conversationId === undefined ? {} : { conversationId: request.conversationId }),
  };
  return scrubSecrets(plainJson(recorded));
}

export function recordResponse(response: Pick<ModelResponse, 'output' | 'responseId'> & { usage: UsageLike }): RecordedResponse {
  const usage = response.usage;
  const recorded: RecordedResponse = {
    output: response.output,
    usage: {
      requests: usage.requests ?? 1,
      inputTokens: usage.inputTokens,
      outputTokens: usage.outputTokens,
      totalTokens: usage.totalTokens,
      ...details('inputTokensDetails', usage.inputTokensDetails),
      ...details('outputTokensDetails', usage.outputTokensDetails),
    },
    ...(response.responseId === undefined ? {} : { responseId: response.responseId }),
  };
  return scrubSecrets(plainJson(recorded));
}

/** `Usage` keeps token details as a list of per-request records; a response has at most one. */
function details(key: string, value: unknown): Record<string, Record<string, number>> {
  const record = Array.isArray(value) ? value[0] : value;
  if (typeof record !== 'object' || record === null || Object.keys(record).length === 0) return {};
  return { [key]: record as Record<string, number> };
}

/** A deep copy as JSON sees it: functions, symbols and `undefined` fields dropped. */
export function plainJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

// OpenAI keys look like `sk-…` or `sk-proj-…` followed by a long run of key characters.
const API_KEY = /\bsk-[A-Za-z0-9_-]{16,}/g;
export const REDACTED_KEY = '[redacted API key]';

/**
 * Replaces anything that looks like an OpenAI API key, and the value of `OPENAI_API_KEY`, in
 * every string of a value. Applied to recordings and to live requests alike, so it never drifts.
 */
export function scrubSecrets<T>(value: T): T {
  const envKey = process.env.OPENAI_API_KEY;
  const scrub = (text: string): string => {
    let result = text.replace(API_KEY, REDACTED_KEY);
    if (envKey && envKey.length >= 8) result = result.split(envKey).join(REDACTED_KEY);
    return result;
  };
  const walk = (inner: unknown): unknown => {
    if (typeof inner === 'string') return scrub(inner);
    if (Array.isArray(inner)) return inner.map(walk);
    if (typeof inner === 'object' && inner !== null) {
      return Object.fromEntries(Object.entries(inner).map(([key, field]) => [key, walk(field)]));
    }
    return inner;
  };
  return walk(value) as T;
}
