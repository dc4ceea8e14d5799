import type { HandoffTarget } from '../vocabulary';
import type { ToolArguments, ToolRef } from '../vocabulary';
import type { RealtimeMethod, RealtimePayload } from '../fakes/realtime/call';
import type { SentAudio } from './toHaveSentAudio';
import type { SpanKind, SpanOfKind } from '../fakes/traces/spans';

/**
 * An asymmetric matcher as the types see it. Vitest's and the `jest` globals' return `any`, but
 * `@jest/globals`' return `AsymmetricMatcher` objects, which must fit in place of any value too.
 */
export interface AsymmetricMatcherLike {
  asymmetricMatch(other: unknown): boolean;
}

/** A partial of `T` at every depth; asymmetric matchers (`expect.any(String)`) fit anywhere. */
export type DeepPartial<T> =
  | AsymmetricMatcherLike
  | (T extends readonly (infer Item)[]
      ? readonly DeepPartial<Item>[]
      : T extends object
        ? { [K in keyof T]?: DeepPartial<T[K]> }
        : T);

/** What a span pattern leaves out: the ids, which differ on every run. */
type SpanIds = 'kind' | 'id' | 'parentId' | 'traceId';

/** A partial span of one kind, as `toHaveSpan(kind, partial)` takes it: `{ name: 'get_weather', input: { city: 'Tokyo' } }`. */
export type SpanPartial<K extends SpanKind> = { [F in keyof Omit<SpanOfKind[K], SpanIds>]?: DeepPartial<SpanOfKind[K][F]> };

/** A span as `within` and `toHaveSpans` take it: its kind and a partial of the rest, `{ kind: 'handoff', to: 'Billing' }`. */
export type SpanPattern = { [K in SpanKind]: { kind: K } & SpanPartial<K> }[SpanKind];

/** A guardrail as matchers take it: its definition (input, output or tool guardrail) or its name. */
export type GuardrailRef = { readonly name: string } | string;

/** The arguments a matcher takes for `tool`: a deep partial of the tool's parsed arguments. */
export type ExpectedArguments<T> = DeepPartial<ToolArguments<T>>;

/**
 * The kit's matchers, as one interface that each runner's types extend (Vitest's `Matchers`,
 * Jest's `jest.Matchers` and `expect`'s `Matchers`). `R` is the runner's return type.
 */
export interface AgentsMatchers<R = unknown> {
  /** The run called `tool` (object or name); `args` is a partial match, asymmetric matchers allowed. */
  toHaveCalledTool<T extends ToolRef>(tool: T, args?: ExpectedArguments<T>): R;
  /** The run called `tool` exactly `count` times. */
  toHaveCalledToolTimes(tool: ToolRef, count: number): R;
  /** The `n`-th tool call of the run (from 1) was `tool`, with arguments matching `args`. */
  toHaveNthCalledTool<T extends ToolRef>(n: number, tool: T, args?: ExpectedArguments<T>): R;
  /** The run handed off to `agent` (the agent, a `handoff()`, or its name). */
  toHaveHandedOffTo(agent: HandoffTarget): R;
  /** The run stopped with an approval interruption for `tool`; `args` is a partial match. */
  toHaveRequestedApproval<T extends ToolRef>(tool: T, args?: ExpectedArguments<T>): R;
  /**
   * On a run: `tool` ran and returned an output matching `expected` (the text, a RegExp, an asymmetric
   * matcher, or a partial of the value it returned). On a `model()` script: the model was told it.
   */
  toHaveToolOutput(tool: ToolRef, expected?: string | RegExp | AsymmetricMatcherLike | Record<string, unknown>): R;
  /**
   * A guardrail tripped (input, output, or a tool guardrail that rejected content or threw), on a run
   * or on the tripwire error a run rejected with; `guardrail` (its definition or name) narrows it.
   */
  toHaveTrippedGuardrail(guardrail?: GuardrailRef): R;
  /** The guardrail (its definition or name) ran in the run and did not trip. */
  toHavePassedGuardrail(guardrail: GuardrailRef): R;
  /**
   * The streamed run emitted these events in this order, others between them allowed: event names
   * (`'handoff_requested'`, `'agent_updated_stream_event'`, `'output_text_delta'`) or partial events.
   * Received: `await streamEvents(result)`, or the result `streamEvents` consumed.
   */
  toHaveStreamedEvents(expected: readonly (string | Record<string, unknown> | AsymmetricMatcherLike)[]): R;
  /**
   * The `lifecycle()` recorder saw these events in this order, others between them allowed: strings
   * that start an event as messages show it (`'Triage: handoff → Billing'`), or partial events.
   */
  toHaveLifecycle(expected: readonly (string | Record<string, unknown> | AsymmetricMatcherLike)[]): R;
  /**
   * The `traces()` recorder heard a span of `kind` whose fields match `partial`; with `{ within }`,
   * one nested (at any depth) in a span matching that pattern. Failures print the span tree.
   */
  toHaveSpan<K extends SpanKind>(kind: K, partial?: SpanPartial<K>, options?: { within: SpanPattern }): R;
  /**
   * The `traces()` recorder heard these spans in the order they started, others between them
   * allowed: lines of the tree (`'function get_weather'`, `'handoff Triage → Billing'`) or patterns.
   */
  toHaveSpans(expected: readonly (string | SpanPattern)[]): R;
  /** Every step of the double was consumed and no call went unplanned, even one the SDK swallowed. */
  toBeComplete(): R;
  /** The sandbox ran the command: the exact command, or one matching a RegExp (a call a step answered). */
  toHaveExecuted(command: string | RegExp): R;
  /** A patch wrote the file at `path`; `content` (string, RegExp or asymmetric matcher) is compared with what it left. */
  toHaveWrittenFile(path: string, content?: string | RegExp | AsymmetricMatcherLike): R;
  /** A patch deleted the file at `path`. */
  toHaveDeletedFile(path: string): R;
  /** The `realtime()` script (or `ScriptedRealtimeTransport`) sent a `method` call; `partial` matches its payload. */
  toHaveSentRealtime<M extends RealtimeMethod>(method: M, partial?: DeepPartial<RealtimePayload<M>>): R;
  /** The transport sent audio; `expected` compares its totals: `{ ms: 1000 }`, `{ chunks: 5, committed: true }`. */
  toHaveSentAudio(expected?: { [K in keyof SentAudio]?: SentAudio[K] | AsymmetricMatcherLike }): R;
  /** The session ran `tool` (object or name) of the `realtime()` script or `ScriptedRealtimeTransport`: `times` times, or at least once. */
  toHaveRunRealtimeTool(tool: ToolRef, times?: number): R;
  /** The `mcp()` server (or `mcpCassette()`) answered a call of `tool` (its name or reference); `args` is a partial match. */
  toHaveCalledMcpTool<T extends ToolRef>(tool: T, args?: ExpectedArguments<T>): R;
  /**
   * The `mcp()` server (or `mcpCassette()`) answered a call of `tool` with a result matching `expected`: the
   * text (exact), a RegExp or an asymmetric matcher on it, or a partial of the structured content.
   */
  toHaveMcpToolOutput(tool: ToolRef, expected?: string | RegExp | AsymmetricMatcherLike | Record<string, unknown>): R;
  /**
   * Across the pause and every resume `resume()` ran: each approved call ran exactly once, and no
   * rejected call ran. Received: the result `resume()` resolved to.
   */
  toHaveRespectedApprovals(): R;
}
