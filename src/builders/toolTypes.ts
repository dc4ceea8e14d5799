import type { FunctionTool, ToolExecuteArgument, ToolInputParameters } from '@openai/agents';

/** A tool as scripts name it: the SDK's function tool object, or its name. */
export type ToolRef = FunctionTool<any, any, any> | string;

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
