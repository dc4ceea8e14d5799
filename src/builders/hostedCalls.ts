import type { AgentOutputItem } from '@openai/agents';
import { brief } from '../format/brief';
import { kindOf, misuse, type StepContext } from './stepContext';

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

export function webSearchCall(query: unknown, options: { sources?: readonly WebSearchSource[] } | undefined, context: StepContext): HostedCall {
  const text = nonEmpty(query, 'the search query', context);
  const sources = listOf(options?.sources, 'sources', (source) => typeof (source as WebSearchSource)?.url === 'string', '{ url, title? }', context);
  return hosted(`searchesWeb(${brief(text, 40)})`, 'web_search_call', { action: { type: 'search', query: text, ...(sources ? { sources } : {}) } });
}

export function fileSearchCall(queries: unknown, options: { results?: readonly FileSearchResult[] } | undefined, context: StepContext): HostedCall {
  const list = typeof queries === 'string' ? [queries] : queries;
  if (!Array.isArray(list) || list.length === 0 || !list.every((query) => typeof query === 'string' && query !== '')) {
    throw misuse(context, 'invalid_arguments', `expected the search query, or a non-empty list of them; got ${kindOf(queries)}.`);
  }
  const results = listOf(
    options?.results,
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

export function codeInterpreterCall(code: unknown, options: { outputs?: readonly CodeInterpreterOutput[] } | undefined, context: StepContext): HostedCall {
  const source = nonEmpty(code, 'the code', context);
  const outputs = listOf(options?.outputs, 'outputs', (output) => ['logs', 'image'].includes((output as { type?: string })?.type ?? ''), "{ type: 'logs', logs } or { type: 'image', url }", context);
  return hosted(`runsCode(${brief(source, 40)})`, 'code_interpreter_call', { code: source, ...(outputs ? { outputs } : {}) });
}

export function imageGenerationCall(options: { result?: string; prompt?: string } | undefined, context: StepContext): HostedCall {
  if (options !== undefined && (typeof options !== 'object' || options === null)) {
    throw misuse(context, 'invalid_option', `expected { result?, prompt? }; got ${kindOf(options)}.`);
  }
  for (const key of ['result', 'prompt'] as const) {
    if (options?.[key] !== undefined && typeof options[key] !== 'string') throw misuse(context, 'invalid_option', `${key} must be a string; got ${kindOf(options[key])}.`);
  }
  const label = `generatesImage(${options?.prompt === undefined ? '' : brief(options.prompt, 40)})`;
  return hosted(label, 'image_generation_call', { ...(options?.prompt ? { revised_prompt: options.prompt } : {}) }, options?.result);
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
