import type { MCPToolFilterStatic, ModelRetryAdvice, UsageInput } from '@openai/agents';
import { kindOf } from '../../format/kindOf';
import { unknownKeyProblem } from '../../format/unknownKey';
import type { OptionKeys } from './options';

/**
 * The SDK's own option objects a builder passes on: retry advice, usage, an MCP server's static
 * tool filter. The SDK reads the keys it knows and ignores the rest, so a misspelled key would
 * leave the script without the advice, the tokens or the filter the test meant, and the test would
 * run on without them: each is refused at the line that wrote it (a step's, with
 * `checkStepOptionKeys(value, KEYS, context, 'usage')`). Each list `satisfies` the SDK's type, so a
 * key the SDK adds fails to compile here until it is listed.
 */
export const RETRY_ADVICE_KEYS = { suggested: true, retryAfterMs: true, reason: true, replaySafety: true, responseStarted: true, normalized: true } satisfies OptionKeys<ModelRetryAdvice>;

// The SDK's Usage reads the Responses API's spelling too (input_tokens…).
export const USAGE_KEYS = {
  requests: true,
  inputTokens: true,
  outputTokens: true,
  totalTokens: true,
  inputTokensDetails: true,
  outputTokensDetails: true,
  requestUsageEntries: true,
  input_tokens: true,
  output_tokens: true,
  total_tokens: true,
  input_tokens_details: true,
  output_tokens_details: true,
  request_usage_entries: true,
} satisfies OptionKeys<UsageInput>;

const TOOL_FILTER_KEYS = { allowedToolNames: true, blockedToolNames: true } satisfies OptionKeys<MCPToolFilterStatic>;

/** What is wrong with an MCP server's `toolFilter` option: not the SDK's filter, or a static filter with a key the SDK does not read. */
export function toolFilterProblem(filter: unknown): { reason: 'invalid_option' | 'unknown_option'; problem: string } | undefined {
  if (filter === undefined || typeof filter === 'function') return undefined;
  if (typeof filter !== 'object' || filter === null) {
    return { reason: 'invalid_option', problem: `toolFilter is the SDK's filter: a function, or { allowedToolNames?, blockedToolNames? }; got ${kindOf(filter)}.` };
  }
  const problem = unknownKeyProblem(filter, TOOL_FILTER_KEYS, 'fields');
  return problem === undefined ? undefined : { reason: 'unknown_option', problem: `toolFilter: ${problem}` };
}
