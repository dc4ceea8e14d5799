import type { HandoffTarget } from '../vocabulary';
import type { ToolArguments, ToolRef } from '../vocabulary';
import type { RealtimeMethod, RealtimePayload } from '../fakes/realtimeCall';
import type { PartialDeep } from '../fakes/realtimeStep';
import type { SentAudio } from './toHaveSentAudio';

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
  /** Every step of the double was consumed and no call went unplanned, even one the SDK swallowed. */
  toBeComplete(): R;
  /** The sandbox ran the command: the exact command, or one matching a RegExp (a call a step answered). */
  toHaveExecuted(command: string | RegExp): R;
  /** A patch wrote the file at `path`; `content` (string, RegExp or asymmetric matcher) is compared with what it left. */
  toHaveWrittenFile(path: string, content?: string | RegExp): R;
  /** A patch deleted the file at `path`. */
  toHaveDeletedFile(path: string): R;
  /** The `realtime()` script (or `ScriptedRealtimeTransport`) sent a `method` call; `partial` matches its payload. */
  toHaveSentRealtime<M extends RealtimeMethod>(method: M, partial?: PartialDeep<RealtimePayload<M>>): R;
  /** The transport sent audio; `expected` compares its totals: `{ ms: 1000 }`, `{ chunks: 5, committed: true }`. */
  toHaveSentAudio(expected?: { [K in keyof SentAudio]?: SentAudio[K] | AsymmetricMatcherLike }): R;
  /** The session ran `tool` (object or name) of the `realtime()` script or `ScriptedRealtimeTransport`: `times` times, or at least once. */
  toHaveRunRealtimeTool(tool: ToolRef, times?: number): R;
}
