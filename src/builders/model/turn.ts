import type { AgentOutputItem, ApplyPatchOperation, protocol, UsageInput } from '@openai/agents';
import type { PlannedCallId, PlannedItem } from '../../fakes/model/turn';
import {
  codeInterpreterCall,
  fileSearchCall,
  hostedMcpApprovalRequest,
  hostedMcpCall,
  hostedMcpListTools,
  imageGenerationCall,
  webSearchCall,
  type HostedMcpToolInfo,
  type CodeRunOptions,
  type FileSearchOptions,
  type HostedCall,
  type HostedMcpCallOptions,
  type ImageGenerationOptions,
  type WebSearchOptions,
} from './hostedCalls';
import type { ToolFailure } from '../../fakes/core/toolOutcomes';
import type { HandoffTarget } from '../../vocabulary';
import { brief } from '../../format/brief';
import { kindOf, misuse, type StepContext } from '../core/stepContext';
import type { CallOptions, CallRest, ToolRef } from '../../vocabulary';
import { argumentsOf, describePatch, explicitCallId, handoffTargetOf, patchOperationOf, toolNameOf } from '../core/validate';
import { replyLabel } from './labels';
import { checkStepOptionKeys, type OptionKeys } from '../core/options';
import { USAGE_KEYS } from '../core/sdkOptions';

/** An action of the SDK's computer tool: `{ type: 'click', x: 10, y: 20, button: 'left' }`. */
export type ComputerAction = protocol.ComputerAction;

type CallItem = Extract<PlannedItem, { type: 'call' }>;

/** Hands out the script's next `call_N` id. */
export type CallIdSource = () => string;

/**
 * Several output items in one model turn: `turn((t) => t.replies('Checking.').calls(lookup, { id: 1 }))`.
 * Items appear in the order they are written.
 */
export class TurnBuilder {
  readonly #context: StepContext;
  readonly #nextCallId: CallIdSource;
  /** Inside `turn((t) => …)` messages name both verbs; a one-item verb like `calls()` names itself. */
  readonly #nested: boolean;
  readonly #items: PlannedItem[] = [];
  /** How messages show each item, made only when a message shows the turn. */
  readonly #labels: (() => string)[] = [];
  #usage: UsageInput | undefined;
  #explicitIds = false;

  /** @internal */
  constructor(context: StepContext, nextCallId: CallIdSource, nested: boolean) {
    this.#context = context;
    this.#nextCallId = nextCallId;
    this.#nested = nested;
  }

  /** An assistant message. Objects are sent as JSON, for agents with an `outputType`. */
  replies(text: string | Record<string, unknown>): this {
    const context = this.#at('replies');
    this.#items.push({ type: 'message', text: messageText(text, context) });
    this.#labels.push(replyLabel('replies', text, '', 40));
    return this;
  }

  /**
   * A function call of `tool`, with arguments typed from its schema. `{ toolFails }` says the tool
   * is meant to fail (the SDK then hands the model an error text): `true`, or the text (a string it
   * contains, or a RegExp) the model is handed; without it a tool that fails fails the test, unless
   * the double it called planned the failure (a `sandbox()` or `mcp()` step's `.fails(error)`).
   */
  calls<T extends ToolRef>(tool: T, ...rest: CallRest<T, ModelCallOptions>): this;
  calls(tool: ToolRef, args?: unknown, options?: ModelCallOptions): this {
    return this.callOf(tool, args, options);
  }

  /** @internal `calls(…)` with its arguments named: what the script's `calls(…)` hands on, with no rest array to spread. */
  callOf(tool: ToolRef, args: unknown, options: ModelCallOptions | undefined): this {
    const context = this.#at('calls');
    const name = toolNameOf(tool, context);
    const checked = argumentsOf(args, context);
    const toolFails = toolFailsOf(options, context);
    const item: CallItem = { type: 'call', name, args: checked, callId: '' };
    if (toolFails !== undefined) item.toolFails = toolFails;
    this.#items.push(this.#withCallId(item, options, MODEL_CALL_OPTIONS, context));
    // The label reads the arguments the call sends (the same object), when a message shows it.
    this.#labels.push(() => {
      const shownArgs = args === undefined && toolFails === undefined ? '' : `, ${brief(checked, 40)}`;
      // brief() shows `true`, a string quoted and a RegExp as written.
      const shownFails = toolFails === undefined ? '' : `, { toolFails: ${brief(toolFails, 40)} }`;
      return `calls(${name}${shownArgs}${shownFails})`;
    });
    return this;
  }

  /**
   * A function call of a tool the agent does not offer, as a model that makes up a tool name would
   * send it: to test the SDK's `toolNotFoundBehavior` and an app's `toolErrorFormatter`. The call
   * fails the test if the agent offers the tool after all (the SDK would then run it).
   */
  callsUnknownTool(name: string, args?: Record<string, unknown> | string, options?: CallOptions): this {
    const context = this.#at('callsUnknownTool');
    const checkedName = toolNameOf(name, context);
    const checked = argumentsOf(args, context);
    this.#items.push(this.#withCallId<CallItem>({ type: 'call', name: checkedName, args: checked, unknown: true, callId: '' }, options, CALL_OPTIONS, context));
    this.#labels.push(() => `callsUnknownTool(${checkedName}${args === undefined ? '' : `, ${brief(checked, 40)}`})`);
    return this;
  }

  /** The SDK's handoff call for `target` (an agent, a `handoff()`, or a name). */
  handsOffTo(target: HandoffTarget, options?: ModelHandoffOptions): this {
    const context = this.#at('handsOffTo');
    const checked = handoffTargetOf(target, context);
    const args = argumentsOf(options?.args, context);
    // calls() passes JSON text through as the model's raw arguments; a handoff's are typed as an object.
    if (typeof args === 'string') throw misuse(context, 'invalid_arguments', `handoff arguments must be an object like { reason: 'billing' }; got text ${brief(args, 40)}.`);
    this.#items.push(
      this.#withCallId<Extract<PlannedItem, { type: 'handoff' }>>(
        { type: 'handoff', target: checked.target, toolName: undefined, args, callId: '' },
        options,
        HANDOFF_OPTIONS,
        context,
      ),
    );
    this.#labels.push(() => `handsOffTo(${checked.label})`);
    return this;
  }

  /**
   * An `apply_patch_call`: the model edits a file through the SDK's hosted `apply_patch` tool (the
   * sandbox filesystem capability offers it), e.g. `{ type: 'create_file', path: 'a.md', diff: '+# A' }`.
   */
  appliesPatch(operation: ApplyPatchOperation, options?: CallOptions): this {
    const context = this.#at('appliesPatch');
    const checked = patchOperationOf(operation, context);
    this.#items.push(this.#withCallId<Extract<PlannedItem, { type: 'patch' }>>({ type: 'patch', operation: checked, callId: '' }, options, CALL_OPTIONS, context));
    this.#labels.push(() => `appliesPatch(${describePatch(checked)})`);
    return this;
  }

  /** A web search the provider runs (the agent must offer `webSearchTool()`), with the sources it found. */
  searchesWeb(query: string, options?: WebSearchOptions): this {
    return this.#hosted(webSearchCall(query, options, this.#at('searchesWeb')));
  }

  /** A file search the provider runs (the agent must offer `fileSearchTool(…)`), with the chunks it returned. */
  searchesFiles(queries: string | readonly string[], options?: FileSearchOptions): this {
    return this.#hosted(fileSearchCall(queries, options, this.#at('searchesFiles')));
  }

  /** Code the provider's code interpreter runs (the agent must offer `codeInterpreterTool()`), with its outputs. */
  runsCode(code: string, options?: CodeRunOptions): this {
    return this.#hosted(codeInterpreterCall(code, options, this.#at('runsCode')));
  }

  /** An image the provider generates (the agent must offer `imageGenerationTool()`); `result` is its base64 data. */
  generatesImage(options?: ImageGenerationOptions): this {
    return this.#hosted(imageGenerationCall(options, this.#at('generatesImage')));
  }

  /**
   * A call the provider made to a hosted MCP server (the agent must offer `hostedMcpTool({ serverLabel })`
   * for that server): an `mcp_call` item with its `output` (or `error`).
   */
  callsHostedMcp(server: string, tool: string, args?: Record<string, unknown>, options?: HostedMcpCallOptions): this {
    const context = this.#at('callsHostedMcp');
    return this.#hosted(hostedMcpCall(server, tool, args, options, `mcp_${this.#nextCallId()}`, context));
  }

  /**
   * The provider asks the app to approve a hosted MCP server's tool call (`requireApproval`): an
   * `mcp_approval_request` item; the run stops with an approval interruption for it.
   */
  asksMcpApproval(server: string, tool: string, args?: Record<string, unknown>): this {
    const context = this.#at('asksMcpApproval');
    return this.#hosted(hostedMcpApprovalRequest(server, tool, args, `mcpr_${this.#nextCallId()}`, context));
  }

  /** The provider listed a hosted MCP server's tools: an `mcp_list_tools` item. */
  listsMcpTools(server: string, tools: readonly HostedMcpToolInfo[]): this {
    const context = this.#at('listsMcpTools');
    return this.#hosted(hostedMcpListTools(server, tools, `mcpl_${this.#nextCallId()}`, context));
  }

  /** A `computer_call` the SDK runs on the agent's `computerTool({ computer })`: `{ type: 'click', x, y, button: 'left' }`. */
  usesComputer(action: ComputerAction, options?: CallOptions): this {
    const context = this.#at('usesComputer');
    if (typeof action !== 'object' || action === null || typeof (action as { type?: unknown }).type !== 'string') {
      throw misuse(context, 'invalid_arguments', `expected a computer action like { type: 'screenshot' }; got ${kindOf(action)}.`);
    }
    const copy = { ...(action as Record<string, unknown>) };
    this.#items.push(this.#withCallId<Extract<PlannedItem, { type: 'computer' }>>({ type: 'computer', action: copy, callId: '' }, options, CALL_OPTIONS, context));
    this.#labels.push(() => `usesComputer(${brief(copy, 40)})`);
    return this;
  }

  #hosted(call: HostedCall): this {
    this.#items.push({ type: 'hosted', make: call.make });
    this.#labels.push(() => call.label);
    return this;
  }

  /** A reasoning item with this summary text. */
  reasoning(text: string): this {
    const context = this.#at('reasoning');
    if (typeof text !== 'string') throw misuse(context, 'invalid_text', `expected a string; got ${kindOf(text)}.`);
    this.#items.push({ type: 'reasoning', text });
    this.#labels.push(() => `reasoning(${brief(text, 40)})`);
    return this;
  }

  /** Any output item as the SDK's protocol spells it; sent as is, without checks. */
  item(item: AgentOutputItem): this {
    const context = this.#at('item');
    if (typeof item !== 'object' || item === null || typeof (item as { type?: unknown }).type !== 'string') {
      throw misuse(context, 'invalid_item', `expected an output item with a string "type"; got ${kindOf(item)}.`);
    }
    this.#items.push({ type: 'raw', item });
    this.#labels.push(() => `item(${item.type})`);
    return this;
  }

  /** The usage this turn reports (defaults to one request and no tokens). */
  usage(usage: UsageInput): this {
    const context = this.#at('usage');
    if (typeof usage !== 'object' || usage === null) {
      throw misuse(context, 'invalid_option', `expected a usage object like { inputTokens: 10 }; got ${kindOf(usage)}.`);
    }
    checkStepOptionKeys(usage, USAGE_KEYS, context, 'usage');
    this.#usage = usage;
    return this;
  }

  /** @internal What the turn holds, for the script. */
  build(): { items: PlannedItem[]; labels: (() => string)[]; usage: UsageInput | undefined; explicitIds: boolean } {
    return { items: this.#items, labels: this.#labels, usage: this.#usage, explicitIds: this.#explicitIds };
  }

  #at(verb: string): StepContext {
    if (!this.#nested) return this.#context;
    // Spelled out: a spread that then overwrites `verb` takes V8's slow path, and this runs for
    // every item written (bench/README.md, the workflow benchmark).
    const { double, stepIndex, verb: within } = this.#context;
    return { double, stepIndex, verb, within };
  }

  /**
   * `item` with its call id set: the one given with `{ callId }` (marked fixed), or the script's next.
   * Every verb that takes a call id hands its options here, so their keys are checked here against
   * `known`, the keys of the verb's options type. Set on the item, not spread into a new one (V8's slow path).
   */
  #withCallId<Item extends PlannedItem & PlannedCallId>(item: Item, options: CallOptions | undefined, known: Readonly<Record<string, true>>, context: StepContext): Item {
    checkStepOptionKeys(options, known, context);
    const explicit = explicitCallId(options, context);
    if (explicit !== undefined) {
      this.#explicitIds = true;
      item.callId = explicit;
      item.fixedId = true;
    } else {
      item.callId = this.#nextCallId();
    }
    return item;
  }
}

/** Options of a scripted function call: its id, and whether its tool is meant to fail. */
export interface ModelCallOptions extends CallOptions {
  /** The tool is meant to fail: `true`, or a string the text the SDK hands the model contains, or a RegExp it matches. Not needed where a `sandbox()` or `mcp()` step plans the failure. */
  toolFails?: ToolFailure;
}

/** Options of a scripted handoff: its call id, and the arguments the model sends with it. */
export interface ModelHandoffOptions extends CallOptions {
  args?: Record<string, unknown>;
}

const CALL_OPTIONS = { callId: true } satisfies OptionKeys<CallOptions>;
const MODEL_CALL_OPTIONS = { callId: true, toolFails: true } satisfies OptionKeys<ModelCallOptions>;
const HANDOFF_OPTIONS = { callId: true, args: true } satisfies OptionKeys<ModelHandoffOptions>;

function toolFailsOf(options: ModelCallOptions | undefined, context: StepContext): ToolFailure | undefined {
  const toolFails = typeof options === 'object' && options !== null ? options.toolFails : undefined;
  if (toolFails === undefined || toolFails === true || toolFails instanceof RegExp || (typeof toolFails === 'string' && toolFails !== '')) return toolFails;
  throw misuse(context, 'invalid_option', `toolFails is true, or the error text (a non-empty string or a RegExp) the model is handed; got ${kindOf(toolFails)}.`);
}

export function messageText(text: unknown, context: StepContext): string {
  if (typeof text === 'string') return text;
  if (typeof text === 'object' && text !== null && !Array.isArray(text)) {
    try {
      return JSON.stringify(text);
    } catch (error) {
      throw misuse(context, 'invalid_text', `the reply object is not JSON-serializable: ${(error as Error).message}`);
    }
  }
  throw misuse(context, 'invalid_text', `expected the reply text (or an object for structured output); got ${kindOf(text)}.`);
}
