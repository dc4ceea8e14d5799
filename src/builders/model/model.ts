import type { ApplyPatchOperation, StreamEvent } from '@openai/agents';
import type { ScriptedModelRetryAdvice } from '@openai/agents/testing';
import type { ModelCall } from '../../fakes/model/call';
import { ModelDouble, type ModelDoubleOptions } from '../../fakes/model/ModelDouble';
import type { DerivedOutput, ModelCallStream, PlannedItem, PlannedTurn } from '../../fakes/model/turn';
import { brief } from '../../format/brief';
import { kindOf, misuse, type StepContext } from '../core/stepContext';
import type { CallOptions, CallRest, HandoffTarget, ToolRef } from '../../vocabulary';
import type { CodeRunOptions, FileSearchOptions, HostedMcpCallOptions, ImageGenerationOptions, WebSearchOptions } from './hostedCalls';
import { messageText, TurnBuilder, type ComputerAction, type ModelCallOptions, type ModelHandoffOptions } from './turn';
import { deltasOf, type ModelReplyOptions } from './replyOptions';
import { itemsLabel, OutputTurn, replyLabel } from './labels';
import { checkedOptions, checkStepOptionKeys, isTimeout, MAX_TIMEOUT_MS, type OptionKeys } from '../core/options';
import { RETRY_ADVICE_KEYS } from '../core/sdkOptions';
import { describeKey, keyOf } from './turnKey';

export interface ModelOptions extends ModelDoubleOptions {
  /** The prefix of generated call ids: `call_` gives `call_1`, `call_2`, … (the default). */
  callIdPrefix?: string;
}

/** Derives a turn from the recorded call: a string (assistant message), output items or a `ModelResponse`. */
export type Responder = (call: ModelCall) => DerivedOutput | Promise<DerivedOutput>;

/**
 * A scripted model: every verb appends one model turn and returns the script, which is itself the
 * `Model` to give an agent. Turns are consumed in order, one per model call, streamed or not.
 */
export class ModelScript extends ModelDouble {
  readonly #callIdPrefix: string;
  #callIds = 0;

  constructor(options?: ModelOptions) {
    const checked = checkedModelOptions(options);
    super(checked);
    this.#callIdPrefix = checked.callIdPrefix ?? 'call_';
  }

  /**
   * One turn: an assistant message. Objects are sent as JSON, for agents with an `outputType`.
   * `{ deltas }` is how a streamed run receives the text, in these pieces (they must join to it).
   */
  replies(text: string | Record<string, unknown>, options?: ModelReplyOptions): this {
    return this.#reply('replies', text, options);
  }

  thenReplies(text: string | Record<string, unknown>, options?: ModelReplyOptions): this {
    return this.#reply('thenReplies', text, options);
  }

  /** One turn: a function call of `tool`, with arguments typed from its zod schema. */
  calls<T extends ToolRef>(tool: T, ...rest: CallRest<T, ModelCallOptions>): this;
  // The arguments named, not collected in a rest array: every scripted call goes through here.
  calls(tool: ToolRef, args?: unknown, options?: ModelCallOptions): this {
    return this.#appendItems('calls', this.#open('calls').callOf(tool, args, options));
  }

  thenCalls<T extends ToolRef>(tool: T, ...rest: CallRest<T, ModelCallOptions>): this;
  thenCalls(tool: ToolRef, args?: unknown, options?: ModelCallOptions): this {
    return this.#appendItems('thenCalls', this.#open('thenCalls').callOf(tool, args, options));
  }

  /**
   * One turn: a function call of a tool the agent does not offer (a made-up tool name), to test the
   * SDK's `toolNotFoundBehavior` and an app's `toolErrorFormatter`. Fails the test if the agent offers it.
   */
  callsUnknownTool(name: string, args?: Record<string, unknown> | string, options?: CallOptions): this {
    return this.#appendItems('callsUnknownTool', this.#open('callsUnknownTool').callsUnknownTool(name, args, options));
  }

  thenCallsUnknownTool(name: string, args?: Record<string, unknown> | string, options?: CallOptions): this {
    return this.#appendItems('thenCallsUnknownTool', this.#open('thenCallsUnknownTool').callsUnknownTool(name, args, options));
  }

  /** One turn: the SDK's handoff call for `target` (an agent, a `handoff()`, or a name). */
  handsOffTo(target: HandoffTarget, options?: ModelHandoffOptions): this {
    return this.#appendItems('handsOffTo', this.#open('handsOffTo').handsOffTo(target, options));
  }

  thenHandsOffTo(target: HandoffTarget, options?: ModelHandoffOptions): this {
    return this.#appendItems('thenHandsOffTo', this.#open('thenHandsOffTo').handsOffTo(target, options));
  }

  /** One turn: a web search the provider runs (the agent must offer `webSearchTool()`), with the sources it found. */
  searchesWeb(query: string, options?: WebSearchOptions): this {
    return this.#appendItems('searchesWeb', this.#open('searchesWeb').searchesWeb(query, options));
  }

  thenSearchesWeb(query: string, options?: WebSearchOptions): this {
    return this.#appendItems('thenSearchesWeb', this.#open('thenSearchesWeb').searchesWeb(query, options));
  }

  /** One turn: a file search the provider runs (the agent must offer `fileSearchTool(…)`), with the chunks it returned. */
  searchesFiles(queries: string | readonly string[], options?: FileSearchOptions): this {
    return this.#appendItems('searchesFiles', this.#open('searchesFiles').searchesFiles(queries, options));
  }

  thenSearchesFiles(queries: string | readonly string[], options?: FileSearchOptions): this {
    return this.#appendItems('thenSearchesFiles', this.#open('thenSearchesFiles').searchesFiles(queries, options));
  }

  /** One turn: code the provider's code interpreter runs (the agent must offer `codeInterpreterTool()`). */
  runsCode(code: string, options?: CodeRunOptions): this {
    return this.#appendItems('runsCode', this.#open('runsCode').runsCode(code, options));
  }

  thenRunsCode(code: string, options?: CodeRunOptions): this {
    return this.#appendItems('thenRunsCode', this.#open('thenRunsCode').runsCode(code, options));
  }

  /** One turn: an image the provider generates (the agent must offer `imageGenerationTool()`). */
  generatesImage(options?: ImageGenerationOptions): this {
    return this.#appendItems('generatesImage', this.#open('generatesImage').generatesImage(options));
  }

  thenGeneratesImage(options?: ImageGenerationOptions): this {
    return this.#appendItems('thenGeneratesImage', this.#open('thenGeneratesImage').generatesImage(options));
  }

  /** One turn: a call the provider made to a hosted MCP server (`hostedMcpTool({ serverLabel })`), with its `output` or `error`. */
  callsHostedMcp(server: string, tool: string, args?: Record<string, unknown>, options?: HostedMcpCallOptions): this {
    return this.#appendItems('callsHostedMcp', this.#open('callsHostedMcp').callsHostedMcp(server, tool, args, options));
  }

  thenCallsHostedMcp(server: string, tool: string, args?: Record<string, unknown>, options?: HostedMcpCallOptions): this {
    return this.#appendItems('thenCallsHostedMcp', this.#open('thenCallsHostedMcp').callsHostedMcp(server, tool, args, options));
  }

  /** One turn: the provider asks the app to approve a hosted MCP server's tool call; the run stops for it. */
  asksMcpApproval(server: string, tool: string, args?: Record<string, unknown>): this {
    return this.#appendItems('asksMcpApproval', this.#open('asksMcpApproval').asksMcpApproval(server, tool, args));
  }

  thenAsksMcpApproval(server: string, tool: string, args?: Record<string, unknown>): this {
    return this.#appendItems('thenAsksMcpApproval', this.#open('thenAsksMcpApproval').asksMcpApproval(server, tool, args));
  }

  /** One turn: a `computer_call` the SDK runs on the agent's `computerTool({ computer })`. */
  usesComputer(action: ComputerAction, options?: CallOptions): this {
    return this.#appendItems('usesComputer', this.#open('usesComputer').usesComputer(action, options));
  }

  thenUsesComputer(action: ComputerAction, options?: CallOptions): this {
    return this.#appendItems('thenUsesComputer', this.#open('thenUsesComputer').usesComputer(action, options));
  }

  /**
   * One turn: an `apply_patch_call`, the model's edit through the sandbox filesystem capability's
   * hosted `apply_patch` tool, e.g. `appliesPatch({ type: 'create_file', path: 'a.md', diff: '+# A' })`.
   */
  appliesPatch(operation: ApplyPatchOperation, options?: CallOptions): this {
    return this.#appendItems('appliesPatch', this.#open('appliesPatch').appliesPatch(operation, options));
  }

  thenAppliesPatch(operation: ApplyPatchOperation, options?: CallOptions): this {
    return this.#appendItems('thenAppliesPatch', this.#open('thenAppliesPatch').appliesPatch(operation, options));
  }

  /**
   * One failing turn: the model call throws `error`. `retry` is the advice the model gives the
   * runner's retry policy (a value or a callback); retries only happen when the agent's
   * `modelSettings.retry` sets a policy, and each retry consumes the next turn.
   */
  fails(error: unknown, retry?: ScriptedModelRetryAdvice): this {
    return this.#fail('fails', error, retry);
  }

  thenFails(error: unknown, retry?: ScriptedModelRetryAdvice): this {
    return this.#fail('thenFails', error, retry);
  }

  /** One turn derived from the recorded call: its `request`, `index`, `streamed`, `userText` and `toolOutputs`. */
  responds(respond: Responder): this {
    return this.#respond('responds', respond);
  }

  thenResponds(respond: Responder): this {
    return this.#respond('thenResponds', respond);
  }

  /**
   * One turn with these exact normalized stream events. A non-streamed run takes the response of
   * the final `response_done` event.
   */
  streams(events: ModelCallStream): this {
    return this.#stream('streams', events);
  }

  thenStreams(events: ModelCallStream): this {
    return this.#stream('thenStreams', events);
  }

  /** One turn with several output items: `turn((t) => t.replies('a').calls(lookup, { id: 1 }))`. */
  turn(build: (t: TurnBuilder) => unknown): this {
    return this.#itemsTurn('turn', build, true);
  }

  thenTurn(build: (t: TurnBuilder) => unknown): this {
    return this.#itemsTurn('thenTurn', build, true);
  }

  /**
   * One turn that answers a call by its content rather than its place in the order: the first call
   * whose newest user text equals `match` (or matches a RegExp), or that a predicate on the call
   * accepts by returning `true`. For agents the SDK runs concurrently (parallel runs on one script,
   * a guarded agent racing its input guardrail), where the order of calls is not the test's to fix.
   */
  when(match: string | RegExp | ((call: ModelCall) => boolean), build: (t: TurnBuilder) => unknown): this {
    const context = this.#context('when');
    const key = keyOf(match, context);
    this.#itemsTurn('when', build, true);
    const turn = this.turnAt(this.turnCount - 1) as PlannedTurn;
    this.replaceLastTurn({ ...turn, key, label: `when(${describeKey(match)}, ${turn.label.slice('when('.length, -1)})` });
    return this;
  }

  /**
   * Marks the preceding turn as one that may go unused: the verification does not count it as
   * left over (a guarded agent's call that a tripped input guardrail discards). Used, it is checked
   * like any other turn.
   */
  optional(): this {
    const index = this.turnCount - 1;
    const context: StepContext = { double: this.label, stepIndex: Math.max(index, 0), verb: 'optional' };
    if (index < 0) throw misuse(context, 'no_preceding_turn', 'there is no turn before it to make optional.');
    const turn = this.turnAt(index) as PlannedTurn;
    if (!this.replaceLastTurn({ ...turn, optional: true, label: `${turn.label}.optional()` })) {
      throw misuse(context, 'invalid_turn', 'the turn before it was already used by a model call.');
    }
    return this;
  }

  /**
   * Repeats the preceding turn so that it plays `n` times in total; generated call ids stay unique.
   * The copies are one entry of the plan, each made when a call plays it: `times(2e6)` costs no more than `times(2)`.
   */
  times(n: number): this {
    const last = this.turnCount - 1;
    const context: StepContext = { double: this.label, stepIndex: Math.max(last, 0), verb: 'times' };
    if (!Number.isInteger(n) || n < 1) {
      throw misuse(context, 'invalid_times', `expected a whole number of at least 1; got ${kindOf(n)}.`);
    }
    const turn = this.turnAt(last);
    if (!turn) throw misuse(context, 'nothing_to_repeat', 'there is no turn before it to repeat.');
    const repeat = this.#repeatable(turn, context, n - 1);
    if (n > 1) this.appendCopies(n - 1, (offset) => ({ ...repeat(offset), label: `${turn.label} (repeat ${offset + 2} of ${n})` }));
    return this;
  }

  #context(verb: string): StepContext {
    return { double: this.label, stepIndex: this.turnCount, verb };
  }

  #nextCallId = (): string => {
    this.#callIds += 1;
    return `${this.#callIdPrefix}${this.#callIds}`;
  };

  #reply(verb: string, text: string | Record<string, unknown>, options: ModelReplyOptions | undefined): this {
    const context = this.#context(verb);
    const item: PlannedItem = { type: 'message', text: messageText(text, context) };
    const deltas = deltasOf(options, item.text, context);
    const shown = deltas === undefined ? '' : `, { deltas: ${deltas.length} }`;
    this.appendTurn(new OutputTurn([item], replyLabel(verb, text, shown), undefined, undefined, deltas));
    return this;
  }

  #itemsTurn(verb: string, build: (t: TurnBuilder) => unknown, isTurn = false): this {
    const context = this.#context(verb);
    if (typeof build !== 'function') {
      throw misuse(context, 'invalid_turn', `expected a callback like (t) => t.replies('…'); got ${kindOf(build)}.`);
    }
    const builder = new TurnBuilder(context, this.#nextCallId, isTurn);
    build(builder);
    return this.#appendItems(verb, builder, isTurn);
  }

  /**
   * The builder of a one-item verb's turn (`calls(…)`, `searchesWeb(…)` …), which the verb hands its
   * arguments to and then to `#appendItems`: no callback made per verb, as `#itemsTurn` takes.
   */
  #open(verb: string): TurnBuilder {
    return new TurnBuilder(this.#context(verb), this.#nextCallId, false);
  }

  #appendItems(verb: string, builder: TurnBuilder, isTurn = false): this {
    const { items, labels, usage, explicitIds } = builder.build();
    // Nothing was appended since the builder was made: the context is the one it was made with.
    if (items.length === 0) throw misuse(this.#context(verb), 'empty_turn', 'the turn has no output items; add one with t.replies(…) or t.calls(…).');
    this.appendTurn(new OutputTurn(items, () => itemsLabel(verb, labels, isTurn), usage, explicitIds));
    return this;
  }

  #fail(verb: string, error: unknown, retry: ScriptedModelRetryAdvice | undefined): this {
    const context = this.#context(verb);
    if (error === undefined || error === null) {
      throw misuse(context, 'missing_error', 'pass the error the model call should throw, e.g. new Error("rate limited").');
    }
    if (retry !== undefined && (typeof retry !== 'object' || retry === null) && typeof retry !== 'function') {
      throw misuse(context, 'invalid_retry_advice', `retry advice must be an object like { suggested: true } or a callback; got ${kindOf(retry)}.`);
    }
    checkStepOptionKeys(retry, RETRY_ADVICE_KEYS, context, 'retry advice');
    const turn: PlannedTurn = { kind: 'error', label: `${verb}(${brief(error, 60)})`, error, advice: retry };
    this.appendTurn(turn);
    return this;
  }

  #respond(verb: string, respond: Responder): this {
    const context = this.#context(verb);
    if (typeof respond !== 'function') {
      throw misuse(context, 'invalid_responder', `expected a function of the recorded call; got ${kindOf(respond)}.`);
    }
    this.appendTurn({ kind: 'responder', label: `${verb}(${respond.name || 'fn'})`, respond });
    return this;
  }

  #stream(verb: string, events: ModelCallStream): this {
    const context = this.#context(verb);
    const isSync = typeof events === 'object' && events !== null && typeof (events as Iterable<unknown>)[Symbol.iterator] === 'function';
    const isAsync =
      typeof events === 'object' && events !== null && typeof (events as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function';
    if (!isSync && !isAsync) {
      throw misuse(context, 'invalid_stream', `expected an iterable or async iterable of stream events; got ${kindOf(events)}.`);
    }
    // Sync iterables are read once now, so the turn can be repeated and inspected.
    const planned: readonly StreamEvent[] | AsyncIterable<StreamEvent> = isSync
      ? Array.from(events as Iterable<StreamEvent>)
      : (events as AsyncIterable<StreamEvent>);
    if (Array.isArray(planned)) {
      const bad = planned.findIndex((event) => typeof event !== 'object' || event === null || typeof event.type !== 'string');
      if (bad !== -1) {
        throw misuse(context, 'invalid_stream', `event ${bad + 1} is not a stream event with a "type"; got ${kindOf(planned[bad])}.`);
      }
    }
    const label = Array.isArray(planned) ? `${verb}(${planned.length} event${planned.length === 1 ? '' : 's'})` : `${verb}(async events)`;
    this.appendTurn({ kind: 'stream', label, events: planned });
    return this;
  }

  /**
   * A factory of `copies` copies of `turn` for `times(n)`, by offset. Each copy gets fresh generated
   * call ids, the ones it would have got had every copy been written out in order: the script
   * reserves them now (the turns after it number on from there), and a copy names its own when made.
   */
  #repeatable(turn: PlannedTurn, context: StepContext, copies: number): (offset: number) => PlannedTurn {
    if (turn.kind === 'stream' && !Array.isArray(turn.events)) {
      throw misuse(context, 'not_repeatable', 'an async iterable of events can be read only once; pass an array to repeat it.');
    }
    if (turn.kind !== 'output') return () => ({ ...turn });
    if (turn.fixedIds) {
      throw misuse(context, 'not_repeatable', 'the turn has a fixed { callId }, and repeating it would emit the same id twice.');
    }
    const hasId = (item: PlannedItem): boolean => item.type === 'call' || item.type === 'handoff' || item.type === 'patch' || item.type === 'computer';
    const perCopy = turn.items.filter(hasId).length;
    const first = this.#callIds;
    this.#callIds += perCopy * copies;
    const prefix = this.#callIdPrefix;
    return (offset) => {
      let id = first + offset * perCopy;
      return { ...turn, items: turn.items.map((item) => (hasId(item) ? { ...item, callId: `${prefix}${(id += 1)}` } : item)) };
    };
  }
}

const MODEL_OPTIONS = { name: true, verify: true, timeoutMs: true, callIdPrefix: true } satisfies OptionKeys<ModelOptions>;

function checkedModelOptions(raw: ModelOptions | undefined): ModelOptions {
  // model() with no options is the common case, built once per test: no closure or label made for it.
  if (raw === undefined) return {};
  const { options, fail } = checkedOptions('model', raw, MODEL_OPTIONS, "{ name: 'support' }");
  const { callIdPrefix, timeoutMs } = options;
  if (callIdPrefix !== undefined && (typeof callIdPrefix !== 'string' || callIdPrefix === '')) {
    throw fail(`callIdPrefix must be a non-empty string; got ${kindOf(callIdPrefix)}.`);
  }
  if (timeoutMs !== undefined && !isTimeout(timeoutMs)) {
    throw fail(`timeoutMs is how long a responder may take, a positive number of milliseconds up to ${MAX_TIMEOUT_MS}; got ${kindOf(timeoutMs)}.`);
  }
  return options;
}

/** A scripted model: `new Agent({ model: model().replies('Hi!') })`. */
export function model(options?: ModelOptions): ModelScript {
  return new ModelScript(options);
}

export type { ModelReplyOptions };
