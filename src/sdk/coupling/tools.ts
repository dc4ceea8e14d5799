/**
 * How the SDK treats a tool call: the texts it hands the model instead of throwing, the guardrails and
 * approval policies it wraps, and how it spells calls of hosted tools. Part of the SDK coupling (see index.ts).
 */

// ── Texts the SDK hands the model instead of throwing ────────────────────────────────────────────

/** What the SDK's default error function hands the model for a tool that threw. */
export const DEFAULT_TOOL_ERROR_TEXT = 'An error occurred while running the tool. Please try again.';

/**
 * The texts the SDK sends as a tool's output when the tool did not run: it threw, or its arguments
 * did not fit its schema (both the default error function's text), its arguments were not JSON, it
 * timed out, or it does not exist. The run goes on, so a double must recognise them to fail the test.
 */
export const SDK_TOOL_ERROR_TEXTS: readonly RegExp[] = [
  /^An error occurred while running the tool\. Please try again\.$/,
  /^An error occurred while parsing tool arguments\./,
  /^Tool '.+' timed out after \d+ms\.$/,
  /^Tool .+ not found$/,
];

/** The texts above as one expression (each keeps its anchors): a tool's output is tested once, with no callback per test. */
const ANY_SDK_TOOL_ERROR_TEXT = new RegExp(SDK_TOOL_ERROR_TEXTS.map((text) => `(?:${text.source})`).join('|'));

export function isSdkToolErrorText(value: unknown): value is string {
  return typeof value === 'string' && ANY_SDK_TOOL_ERROR_TEXT.test(value);
}

/** The tool output the SDK sends when an approval is rejected without a message of its own. */
export const TOOL_APPROVAL_REJECTION_MESSAGE = 'Tool execution was not approved.';

// ── Guardrails ───────────────────────────────────────────────────────────────────────────────────

/**
 * Whether `definition`, a guardrail a function tool holds, is the `guardrail` the app gave the
 * tool: the SDK keeps a tool guardrail made with `defineToolInputGuardrail()` (or its output twin)
 * as it is, and wraps one given as `{ name, run }` in a definition of its own that keeps its `run`.
 * (An agent keeps the guardrails it is given as they are.)
 */
export function isSameToolGuardrail(definition: object, guardrail: unknown): boolean {
  if (definition === guardrail) return true;
  const run = (guardrail as { run?: unknown } | null)?.run;
  return typeof run === 'function' && (definition as { run?: unknown }).run === run;
}

// ── Approval policies ────────────────────────────────────────────────────────────────────────────

/**
 * Whether a function tool needs approval: `true` or `false` when it was made with a boolean
 * (`tool({ needsApproval: true })`), `'maybe'` when its own function decides per call. The SDK
 * wraps a boolean in a function that only reads it back, so that one is called (it has no other
 * effect); a policy of the app's own is never called.
 */
export async function approvalPolicyOf(tool: { needsApproval?: unknown }): Promise<boolean | 'maybe'> {
  const policy = tool.needsApproval;
  if (typeof policy !== 'function') return policy === true;
  if (!SDK_BOOLEAN_POLICY.test(Function.prototype.toString.call(policy))) return 'maybe';
  try {
    return (await (policy as () => unknown)()) === true;
  } catch {
    return 'maybe';
  }
}

// The SDK's wrapper of a boolean `needsApproval` (tool.ts): `async () => typeof options.needsApproval === 'boolean' ? …`.
const SDK_BOOLEAN_POLICY = /typeof options\.needsApproval === ['"]boolean['"]/;

// ── Hosted tools ─────────────────────────────────────────────────────────────────────────────────

/**
 * The hosted tool an output item needs the request to offer, as the SDK's protocol spells calls
 * of hosted tools: its own item types for the tools it runs locally (`apply_patch_call`, …), and
 * `hosted_tool_call` items named after the Responses API's item type (`web_search_call`, …) for the
 * tools the provider runs. The key is the offered tool's `type` (or, for a `hosted_tool`, its
 * `providerData.type`). `undefined` for an item that is no call of a hosted tool.
 */
export function hostedToolNeeded(item: { type?: unknown; name?: unknown }): string | undefined {
  if (item.type === 'apply_patch_call') return 'apply_patch';
  if (item.type === 'shell_call') return 'shell';
  if (item.type === 'computer_call') return 'computer';
  if (item.type !== 'hosted_tool_call' || typeof item.name !== 'string') return undefined;
  if (item.name.startsWith('mcp_')) return 'mcp';
  return item.name.endsWith('_call') ? item.name.slice(0, -'_call'.length) : undefined;
}

/** The hosted tool kinds a request offers, named as `hostedToolNeeded` names them. */
export function hostedToolsOffered(tools: readonly { type: string; providerData?: unknown }[]): Set<string> {
  const kinds = new Set<string>();
  for (const tool of tools) {
    if (tool.type === 'function') continue;
    const providerType = (tool.providerData as { type?: unknown } | undefined)?.type;
    kinds.add(tool.type === 'hosted_tool' && typeof providerType === 'string' ? providerType : tool.type);
  }
  return kinds;
}

/**
 * What a hosted call was asked, when the SDK keeps it only in the Responses API item it carries as
 * `providerData` (`web_search_call`'s `action.query`): `{ query }`, or `undefined`.
 */
export function hostedCallRequest(raw: { providerData?: unknown }): { query: string } | undefined {
  const action = (raw.providerData as { action?: { query?: unknown } } | undefined)?.action;
  return typeof action?.query === 'string' ? { query: action.query } : undefined;
}
