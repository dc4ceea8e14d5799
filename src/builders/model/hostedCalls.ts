import type { AgentOutputItem } from '@openai/agents';
import { brief } from '../../format/brief';
import { kindOf, misuse, type StepContext } from '../core/stepContext';
import { stepOptions, type OptionKeys } from '../core/options';

/** What a web search found, as the Responses API reports its sources. */
export interface WebSearchSource {
  url: string;
  title?: string;
}

/** A chunk a file search returned. */
export interface FileSearchResult {
  filename: string;
  text: string;
  score?: number;
  fileId?: string;
}

/** What a code interpreter run printed or made. */
export type CodeInterpreterOutput = { type: 'logs'; logs: string } | { type: 'image'; url: string };

/** What `searchesWeb(query, options)` found. */
export interface WebSearchOptions {
  sources?: readonly WebSearchSource[];
}

/** What `searchesFiles(queries, options)` returned. */
export interface FileSearchOptions {
  results?: readonly FileSearchResult[];
}

/** What `runsCode(code, options)` printed or made. */
export interface CodeRunOptions {
  outputs?: readonly CodeInterpreterOutput[];
}

/** The image `generatesImage(options)` made (`result`, base64) and the prompt it was revised to. */
export interface ImageGenerationOptions {
  result?: string;
  prompt?: string;
}

/** What the hosted MCP tool of `callsHostedMcp(…, options)` returned, or its error. */
export interface HostedMcpCallOptions {
  output?: string;
  error?: string;
}

const WEB_SEARCH_OPTIONS = { sources: true } satisfies OptionKeys<WebSearchOptions>;
const FILE_SEARCH_OPTIONS = { results: true } satisfies OptionKeys<FileSearchOptions>;
const CODE_RUN_OPTIONS = { outputs: true } satisfies OptionKeys<CodeRunOptions>;
const IMAGE_GENERATION_OPTIONS = { result: true, prompt: true } satisfies OptionKeys<ImageGenerationOptions>;
const HOSTED_MCP_CALL_OPTIONS = { output: true, error: true } satisfies OptionKeys<HostedMcpCallOptions>;

/**
 * The output items of calls of the tools the provider runs itself (web search, file search, code
 * interpreter, image generation), spelled as the SDK's Responses converter spells them: a
 * `hosted_tool_call` named after the API's item type, its details in `providerData`. The runner
 * records them and runs nothing; the request must offer the hosted tool (checked per call).
 */
export interface HostedCall {
  /** How labels show the call: `searchesWeb("weather in Oslo")`. */
  label: string;
  /** A fresh item for each model call. */
  make(): AgentOutputItem;
}

export function webSearchCall(query: unknown, options: WebSearchOptions | undefined, context: StepContext): HostedCall {
  const text = nonEmpty(query, 'the search query', context);
  const sources = listOf(stepOptions(options, WEB_SEARCH_OPTIONS, context).sources, 'sources', (source) => typeof (source as WebSearchSource)?.url === 'string', '{ url, title? }', context);
  return hosted(`searchesWeb(${brief(text, 40)})`, 'web_search_call', { action: { type: 'search', query: text, ...(sources ? { sources } : {}) } });
}

export function fileSearchCall(queries: unknown, options: FileSearchOptions | undefined, context: StepContext): HostedCall {
  const list = typeof queries === 'string' ? [queries] : queries;
  if (!Array.isArray(list) || list.length === 0 || !list.every((query) => typeof query === 'string' && query !== '')) {
    throw misuse(context, 'invalid_arguments', `expected the search query, or a non-empty list of them; got ${kindOf(queries)}.`);
  }
  const results = listOf(
    stepOptions(options, FILE_SEARCH_OPTIONS, context).results,
    'results',
    (result) => typeof (result as FileSearchResult)?.filename === 'string' && typeof (result as FileSearchResult)?.text === 'string',
    '{ filename, text, score? }',
    context,
  );
  const shown = list.length === 1 ? brief(list[0], 40) : `${list.length} queries`;
  return hosted(`searchesFiles(${shown})`, 'file_search_call', {
    queries: list,
    ...(results ? { results: results.map(({ fileId, ...rest }) => ({ ...rest, ...(fileId ? { file_id: fileId } : {}) })) } : {}),
  });
}

export function codeInterpreterCall(code: unknown, options: CodeRunOptions | undefined, context: StepContext): HostedCall {
  const source = nonEmpty(code, 'the code', context);
  const outputs = listOf(stepOptions(options, CODE_RUN_OPTIONS, context).outputs, 'outputs', (output) => ['logs', 'image'].includes((output as { type?: string })?.type ?? ''), "{ type: 'logs', logs } or { type: 'image', url }", context);
  return hosted(`runsCode(${brief(source, 40)})`, 'code_interpreter_call', { code: source, ...(outputs ? { outputs } : {}) });
}

export function imageGenerationCall(options: ImageGenerationOptions | undefined, context: StepContext): HostedCall {
  const { result, prompt } = textOptions(options, IMAGE_GENERATION_OPTIONS, context);
  const label = `generatesImage(${prompt === undefined ? '' : brief(prompt, 40)})`;
  return hosted(label, 'image_generation_call', { ...(prompt ? { revised_prompt: prompt } : {}) }, result);
}

function hosted(label: string, name: string, details: Record<string, unknown>, output?: string): HostedCall {
  return {
    label,
    make: () =>
      ({
        type: 'hosted_tool_call',
        name,
        status: 'completed',
        ...(output === undefined ? {} : { output }),
        providerData: { type: name, status: 'completed', ...structuredClone(details) },
      }) as AgentOutputItem,
  };
}

function nonEmpty(value: unknown, what: string, context: StepContext): string {
  if (typeof value !== 'string' || value.trim() === '') throw misuse(context, 'invalid_arguments', `expected ${what} as a non-empty string; got ${kindOf(value)}.`);
  return value;
}

function listOf<T>(value: readonly T[] | undefined, key: string, fits: (entry: unknown) => boolean, shape: string, context: StepContext): T[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every(fits)) throw misuse(context, 'invalid_option', `${key} is a list of ${shape}; got ${kindOf(value)}.`);
  return [...value];
}

/** A tool a hosted MCP server lists, as an `mcp_list_tools` item reports it. */
export interface HostedMcpToolInfo {
  name: string;
  description?: string;
  inputSchema?: Record<string, unknown>;
}

/**
 * A hosted MCP server's tool call the provider made (`hostedMcpTool({ serverLabel, … })`): an
 * `mcp_call` item with its output (or error), as the Responses converter spells it.
 */
export function hostedMcpCall(
  server: unknown,
  tool: unknown,
  args: unknown,
  options: HostedMcpCallOptions | undefined,
  id: string,
  context: StepContext,
): HostedCall {
  const label = nonEmpty(server, 'the server label', context);
  const name = nonEmpty(tool, 'the MCP tool name', context);
  const input = mcpArguments(args, context);
  const { output, error } = textOptions(options, HOSTED_MCP_CALL_OPTIONS, context);
  return {
    label: `callsHostedMcp(${JSON.stringify(label)}, ${JSON.stringify(name)}${Object.keys(input).length === 0 ? '' : `, ${brief(input, 40)}`})`,
    make: () =>
      ({
        type: 'hosted_tool_call',
        id,
        name: 'mcp_call',
        status: 'completed',
        ...(output === undefined ? {} : { output }),
        providerData: {
          type: 'mcp_call',
          id,
          server_label: label,
          name,
          arguments: JSON.stringify(input),
          ...(output === undefined ? {} : { output }),
          ...(error === undefined ? {} : { error }),
        },
      }) as AgentOutputItem,
  };
}

/** The provider asks the app to approve a hosted MCP server's tool call: an `mcp_approval_request` item; the run stops for it. */
export function hostedMcpApprovalRequest(server: unknown, tool: unknown, args: unknown, id: string, context: StepContext): HostedCall {
  const label = nonEmpty(server, 'the server label', context);
  const name = nonEmpty(tool, 'the MCP tool name', context);
  const input = mcpArguments(args, context);
  return {
    label: `asksMcpApproval(${JSON.stringify(label)}, ${JSON.stringify(name)}${Object.keys(input).length === 0 ? '' : `, ${brief(input, 40)}`})`,
    make: () =>
      ({
        type: 'hosted_tool_call',
        id,
        name: 'mcp_approval_request',
        status: 'completed',
        providerData: { type: 'mcp_approval_request', id, server_label: label, name, arguments: JSON.stringify(input) },
      }) as AgentOutputItem,
  };
}

/** The provider listed a hosted MCP server's tools: an `mcp_list_tools` item. */
export function hostedMcpListTools(server: unknown, tools: unknown, id: string, context: StepContext): HostedCall {
  const label = nonEmpty(server, 'the server label', context);
  const list = listOf(tools as readonly HostedMcpToolInfo[], 'tools', (entry) => typeof (entry as HostedMcpToolInfo)?.name === 'string', '{ name, description?, inputSchema? }', context) ?? [];
  return {
    label: `listsMcpTools(${JSON.stringify(label)}, ${list.length} tool${list.length === 1 ? '' : 's'})`,
    make: () =>
      ({
        type: 'hosted_tool_call',
        id,
        name: 'mcp_list_tools',
        status: 'completed',
        providerData: {
          type: 'mcp_list_tools',
          id,
          server_label: label,
          tools: list.map(({ name, description, inputSchema }) => ({ name, ...(description ? { description } : {}), input_schema: structuredClone(inputSchema ?? { type: 'object', properties: {} }) })),
        },
      }) as AgentOutputItem,
  };
}

function mcpArguments(args: unknown, context: StepContext): Record<string, unknown> {
  if (args === undefined) return {};
  if (typeof args !== 'object' || args === null || Array.isArray(args)) throw misuse(context, 'invalid_arguments', `the MCP tool's arguments are an object; got ${kindOf(args)}.`);
  try {
    return JSON.parse(JSON.stringify(args)) as Record<string, unknown>;
  } catch (error) {
    throw misuse(context, 'invalid_arguments', `the MCP tool's arguments must be JSON-serializable: ${(error as Error).message}`);
  }
}

/** Options whose every key is a text: checked as `stepOptions` checks them, and each a string. */
function textOptions<K extends string>(options: Partial<Record<K, string>> | undefined, known: OptionKeys<Record<K, string>>, context: StepContext): Partial<Record<K, string>> {
  const given = stepOptions(options, known, context);
  const picked: Partial<Record<K, string>> = {};
  for (const key of Object.keys(known) as K[]) {
    const value = (given as Record<string, unknown>)[key];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw misuse(context, 'invalid_option', `${key} must be a string; got ${kindOf(value)}.`);
    picked[key] = value;
  }
  return picked;
}
