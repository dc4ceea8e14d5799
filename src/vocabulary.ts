/**
 * The words every layer of the kit shares: builders write them, fakes keep them, matchers read
 * them, errors and messages print them. Kept apart from all four so that none reaches into another.
 */
import type { Agent, FunctionTool, Handoff, Tool, ToolExecuteArgument, ToolInputParameters } from '@openai/agents';

/**
 * A tool as scripts and matchers name it: any tool object the SDK's types give (so `agent.tools[0]`
 * fits without a cast), or its name. Verbs that emit a function call refuse a hosted tool at run time.
 */
export type ToolRef = Tool<any> | string;

type ExecuteArgumentOf<T> =
  T extends FunctionTool<any, infer P, any> ? (P extends ToolInputParameters ? ToolExecuteArgument<P> : never) : never;

/**
 * The arguments a scripted call of `T` takes: inferred from the tool's zod schema; a plain record
 * when the tool is named by a string or described by a JSON schema; a record or the raw input
 * string for a tool without parameters.
 */
export type ToolArguments<T> = T extends string
  ? Record<string, unknown>
  : ExecuteArgumentOf<T> extends infer A
    ? unknown extends A
      ? Record<string, unknown>
      : [A] extends [string]
        ? string | Record<string, unknown>
        : A
    : never;

/** Options every call-like step takes as its last argument. */
export interface CallOptions {
  /** The call id to emit instead of the script's next `call_N`. */
  callId?: string;
}

/** `[args, options?]`, with `args` optional when the tool takes no required arguments. */
export type CallRest<T, Options = CallOptions> = {} extends ToolArguments<T>
  ? [args?: ToolArguments<T>, options?: Options]
  : [args: ToolArguments<T>, options?: Options];

/** What a handoff points at: the agent, the SDK's `Handoff`, or a name. */
export type HandoffTarget = Agent<any, any> | Handoff<any, any> | string;

/** The kinds of double the kit makes; a double's label starts with its kind: `model("support")`. */
export type DoubleKind = 'model' | 'sandbox' | 'realtime' | 'cassette' | 'modelProvider' | 'lifecycle' | 'mcp' | 'mcpCassette' | 'resume' | 'traces';

/** Options every double takes. */
export interface DoubleOptions {
  /** Names the double in messages: `model("support")`. */
  name?: string;
  /** `false` leaves this double out of the after-each verification of the setup entries. */
  verify?: boolean;
}

/** What a double says about itself when it is verified. Empty `pending` and `mismatches` mean complete. */
export interface DoubleReport {
  /** `model("support")`, `sandbox()`, `ScriptedModel`, … */
  readonly label: string;
  /** Steps not consumed yet, in script terms and numbered from 1: `2. thenReplies("Done.")`. */
  readonly pending: readonly string[];
  /** How many steps are not consumed, when a line of `pending` stands for several (a long `times(n)` run); `pending.length` otherwise. */
  readonly pendingCount?: number;
  /** Calls the script did not plan, in the order they came, each a sentence. */
  readonly mismatches: readonly string[];
  /** Every recorded call, numbered from 1, in script terms. */
  readonly calls: readonly string[];
  /** What the double cannot know about itself (an SDK double cannot see swallowed mismatches), said in every message. */
  readonly notes?: readonly string[];
}

export function isComplete(report: DoubleReport): boolean {
  return report.pending.length === 0 && report.mismatches.length === 0;
}
