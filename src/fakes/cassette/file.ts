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
import { redactSecrets } from '../../format/secrets';
import { modelOfProviderData } from '../../sdk/coupling';
import { DEFAULT_CONVERSATION, type RecordingFormat } from './format';
import { provenanceProblem, type Provenance } from './provenance';

/**
 * The version of the cassette format this kit writes. Version 1 (one list of calls per file) is
 * still read: it is taken as one conversation named `default`, and written back as version 2 the
 * first time a recording is committed to the file.
 */
export const CASSETTE_VERSION = 2;

export { DEFAULT_CONVERSATION } from './format';

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
  /** The model the provider says answered (`providerData.model`), when it names one. */
  model?: string;
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

/** The calls of one test (or of one `{ conversation }`), in the order they were made. */
export interface CassetteConversation {
  /** Which SDK and model recorded it, when and in which test; absent in files recorded before provenance. */
  provenance?: Provenance;
  calls: CassetteCall[];
}

/**
 * A cassette file: one recorded conversation per test, by name (the test's full name, or the
 * `{ conversation }` option), so that tests sharing a file never overwrite each other's recording.
 */
export interface Cassette {
  version: typeof CASSETTE_VERSION;
  conversations: Record<string, CassetteConversation>;
}

/** The format of version 1, read and migrated to version 2. */
export interface CassetteV1 {
  version: 1;
  calls: CassetteCall[];
}

/** The result of checking a parsed file: the cassette (migrated to the current version), or the first problem with its JSON path. */
export type CheckedCassette = { ok: true; cassette: Cassette; migratedFrom?: 1 } | { ok: false; problem: string };

/**
 * Checks a parsed cassette file entirely, so that replay never meets a shape it cannot read:
 * the problem names the JSON path of the first bad value, `calls[1].response.output[0].content: missing`.
 */
export function checkCassette(value: unknown): CheckedCassette {
  const problems = new Checker();
  if (!isRecord(value)) return { ok: false, problem: `the file is ${describe(value)}, not a cassette object` };
  const { version } = value;
  if (version === 1) {
    problems.calls(value.calls, 'calls');
    if (problems.first) return { ok: false, problem: problems.first };
    return { ok: true, cassette: { version: CASSETTE_VERSION, conversations: { [DEFAULT_CONVERSATION]: { calls: value.calls as CassetteCall[] } } }, migratedFrom: 1 };
  }
  if (version !== CASSETTE_VERSION) {
    const newer = typeof version === 'number' && version > CASSETTE_VERSION;
    const got = version === undefined ? 'missing' : `expected 1 or ${CASSETTE_VERSION}, got ${describe(version)}`;
    return { ok: false, problem: `version: ${got}${newer ? ' (the file was written by a newer agents-testkit)' : ''}` };
  }
  const { conversations } = value;
  if (!isRecord(conversations)) return { ok: false, problem: `conversations: ${conversations === undefined ? 'missing' : `expected an object of named conversations, got ${describe(conversations)}`}` };
  for (const [name, conversation] of Object.entries(conversations)) {
    const at = `conversations${keyPath(name)}`;
    if (!isRecord(conversation)) problems.add(at, `expected an object with "calls", got ${describe(conversation)}`);
    else {
      const provenance = provenanceProblem(conversation);
      if (provenance !== undefined) problems.add(`${at}.provenance`, provenance);
      problems.calls(conversation.calls, `${at}.calls`);
    }
    if (problems.first) return { ok: false, problem: problems.first };
  }
  return { ok: true, cassette: value as unknown as Cassette };
}

/** Checks the text of a cassette file: not JSON, or not a cassette, says why. */
export function checkCassetteText(text: string): CheckedCassette {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: text.trim() === '' ? 'it is empty' : `it is not JSON (${(error as Error).message})` };
  }
  return checkCassette(parsed);
}

/** Cassette files as the recordings registry reads and writes them. */
export const CASSETTE_FORMAT: RecordingFormat<CassetteConversation> = {
  parse(text) {
    const checked = checkCassetteText(text);
    return checked.ok ? { ok: true, conversations: checked.cassette.conversations } : checked;
  },
  text: (conversations) => cassetteText({ version: CASSETTE_VERSION, conversations: { ...conversations } }),
  kept: ({ calls }) =>
    calls.length === 0 ? undefined : { subject: calls.length === 1 ? 'The call it recorded' : `The ${calls.length} calls it recorded`, plural: calls.length > 1 },
  models: ({ calls }) => calls.flatMap(({ response }) => (response.model === undefined ? [] : [response.model])),
};

/** Collects the first problem found; every check returns early once there is one. */
class Checker {
  first: string | undefined;

  add(path: string, problem: string): void {
    this.first ??= `${path}: ${problem}`;
  }

  /** `value` must be present and pass `test`; `expected` words what it should have been. */
  field(value: unknown, path: string, expected: string, test: (value: unknown) => boolean, optional = false): boolean {
    if (value === undefined) {
      if (!optional) this.add(path, 'missing');
      return optional;
    }
    if (!test(value)) {
      this.add(path, `expected ${expected}, got ${describe(value)}`);
      return false;
    }
    return true;
  }

  calls(calls: unknown, path: string): void {
    if (!this.field(calls, path, 'an array of calls', Array.isArray)) return;
    (calls as unknown[]).forEach((call, index) => {
      if (this.first) return;
      this.call(call, `${path}[${index}]`);
    });
  }

  call(call: unknown, path: string): void {
    if (!this.field(call, path, 'an object with a request and a response', isRecord)) return;
    const { request, streamed, response, deltas } = call as Record<string, unknown>;
    this.request(request, `${path}.request`);
    this.field(streamed, `${path}.streamed`, 'true or false', isBoolean);
    this.response(response, `${path}.response`);
    if (this.field(deltas, `${path}.deltas`, 'an array of text deltas', Array.isArray, true) && Array.isArray(deltas)) {
      deltas.forEach((delta, index) => this.field(delta, `${path}.deltas[${index}]`, 'a string', isString));
    }
  }

  request(request: unknown, path: string): void {
    if (!this.field(request, path, 'an object', isRecord)) return;
    const fields = request as Record<string, unknown>;
    this.field(fields.instructions, `${path}.instructions`, 'a string', isString, true);
    const { input } = fields;
    if (this.field(input, `${path}.input`, 'a string or an array of input items', (value) => isString(value) || Array.isArray(value)) && Array.isArray(input)) {
      input.forEach((item, index) => this.inputItem(item, `${path}.input[${index}]`));
    }
    if (this.field(fields.tools, `${path}.tools`, 'an array of tools', Array.isArray)) {
      (fields.tools as unknown[]).forEach((tool, index) => {
        if (this.field(tool, `${path}.tools[${index}]`, 'an object', isRecord)) {
          this.field((tool as Record<string, unknown>).type, `${path}.tools[${index}].type`, 'a string', isString);
        }
      });
    }
    if (this.field(fields.handoffs, `${path}.handoffs`, 'an array of handoffs', Array.isArray)) {
      (fields.handoffs as unknown[]).forEach((handoff, index) => {
        if (this.field(handoff, `${path}.handoffs[${index}]`, 'an object', isRecord)) {
          this.field((handoff as Record<string, unknown>).toolName, `${path}.handoffs[${index}].toolName`, 'a string', isString);
        }
      });
    }
    this.field(fields.outputType, `${path}.outputType`, '"text" or an output schema', (value) => value === 'text' || isRecord(value));
    this.field(fields.settings, `${path}.settings`, 'an object', isRecord);
    this.field(fields.prompt, `${path}.prompt`, 'an object', isRecord, true);
    this.field(fields.previousResponseId, `${path}.previousResponseId`, 'a string', isString, true);
    this.field(fields.conversationId, `${path}.conversationId`, 'a string', isString, true);
  }

  inputItem(item: unknown, path: string): void {
    if (!this.field(item, path, 'an object', isRecord)) return;
    const fields = item as Record<string, unknown>;
    if (!this.field(fields.type, `${path}.type`, 'a string', isString, true)) return;
    if (fields.type === undefined || fields.type === 'message') {
      this.field(fields.role, `${path}.role`, 'a string', isString);
      this.field(fields.content, `${path}.content`, 'a string or an array of content parts', (value) => isString(value) || Array.isArray(value));
    } else if (fields.type === 'function_call') {
      this.field(fields.name, `${path}.name`, 'a string', isString);
      this.field(fields.arguments, `${path}.arguments`, 'a string', isString);
    } else if (fields.type === 'function_call_result') {
      this.field(fields.name, `${path}.name`, 'a string', isString);
    }
  }

  response(response: unknown, path: string): void {
    if (!this.field(response, path, 'an object', isRecord)) return;
    const { output, usage, responseId } = response as Record<string, unknown>;
    if (this.field(output, `${path}.output`, 'an array of output items', Array.isArray)) {
      (output as unknown[]).forEach((item, index) => this.outputItem(item, `${path}.output[${index}]`));
    }
    if (this.field(usage, `${path}.usage`, 'an object', isRecord)) {
      const counts = usage as Record<string, unknown>;
      for (const key of ['requests', 'inputTokens', 'outputTokens', 'totalTokens']) {
        this.field(counts[key], `${path}.usage.${key}`, 'a number', isCount);
      }
      for (const key of ['inputTokensDetails', 'outputTokensDetails']) {
        this.field(counts[key], `${path}.usage.${key}`, 'an object of token counts', isRecord, true);
      }
    }
    this.field(responseId, `${path}.responseId`, 'a string', isString, true);
    this.field((response as Record<string, unknown>).model, `${path}.model`, 'a string', isString, true);
  }

  outputItem(item: unknown, path: string): void {
    if (!this.field(item, path, 'an object', isRecord)) return;
    const fields = item as Record<string, unknown>;
    if (!this.field(fields.type, `${path}.type`, 'a string', isString)) return;
    switch (fields.type) {
      case 'message': {
        this.field(fields.role, `${path}.role`, 'a string', isString);
        if (!this.field(fields.content, `${path}.content`, 'an array of content parts', Array.isArray)) return;
        (fields.content as unknown[]).forEach((part, index) => {
          const at = `${path}.content[${index}]`;
          if (!this.field(part, at, 'an object', isRecord)) return;
          const { type, text, refusal } = part as Record<string, unknown>;
          if (!this.field(type, `${at}.type`, 'a string', isString)) return;
          if (type === 'output_text') this.field(text, `${at}.text`, 'a string', isString);
          if (type === 'refusal') this.field(refusal, `${at}.refusal`, 'a string', isString);
        });
        return;
      }
      case 'function_call':
        this.field(fields.name, `${path}.name`, 'a string', isString);
        this.field(fields.callId, `${path}.callId`, 'a string', isString);
        this.field(fields.arguments, `${path}.arguments`, 'a string of JSON arguments', isString);
        return;
      case 'reasoning':
        if (!this.field(fields.content, `${path}.content`, 'an array of reasoning parts', Array.isArray)) return;
        (fields.content as unknown[]).forEach((part, index) => {
          if (this.field(part, `${path}.content[${index}]`, 'an object', isRecord)) {
            this.field((part as Record<string, unknown>).text, `${path}.content[${index}].text`, 'a string', isString);
          }
        });
        return;
      default:
        return;
    }
  }
}

/** `.calls` for an identifier key, `["the agent replays"]` for any other. */
export function keyPath(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 39)}…` : value)}`;
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}

function isBoolean(value: unknown): value is boolean {
  return typeof value === 'boolean';
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/** The text a cassette file is written as: two-space JSON and a final newline, stable for review. */
export function cassetteText(cassette: Cassette): string {
  return `${JSON.stringify(cassette, null, 2)}\n`;
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
  return redactSecrets(plainJson(recorded));
}

export function recordResponse(response: Pick<ModelResponse, 'output' | 'responseId' | 'providerData'> & { usage: UsageLike }): RecordedResponse {
  const usage = response.usage;
  const model = modelOfProviderData(response.providerData);
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
    ...(model === undefined ? {} : { model }),
  };
  return redactSecrets(plainJson(recorded));
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
