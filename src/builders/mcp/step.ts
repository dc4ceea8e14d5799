import type { McpCall, McpResult, PlannedMcpOutcome } from '../../fakes/mcp/plan';
import { mcpResultProblem } from '../../fakes/mcp/plan';
import { brief } from '../../format/brief';
import { kindOf, misuse, type StepContext } from '../core/stepContext';

/** Derives the result of a call from its arguments and the recorded call. */
export type McpResponder<Args> = (args: Args, call: McpCall) => McpResult | Promise<McpResult>;

/**
 * A step whose tool and arguments are written and whose outcome is not: `files.expectCall('read_file', { path })`.
 * Exactly one of `returns`, `fails` or `responds` ends it and returns the script, so the chain goes on.
 */
export class McpStep<Args, Script> {
  readonly #context: StepContext;
  readonly #close: (outcome: PlannedMcpOutcome, outcomeLabel: string) => Script;
  #ended: string | undefined;

  /** @internal */
  constructor(context: StepContext, close: (outcome: PlannedMcpOutcome, outcomeLabel: string) => Script) {
    this.#context = context;
    this.#close = close;
  }

  /**
   * The call returns `result`: its text, a list of content parts, or the whole result —
   * `{ structuredContent }`, `{ content, isError: true }` for a tool that reports its own failure.
   */
  returns(result: McpResult): Script {
    const context = this.#begin('returns');
    const problem = mcpResultProblem(result);
    if (problem) throw misuse(context, 'invalid_result', `${problem}.`);
    return this.#end({ kind: 'returns', result: structuredClone(result as object) as never }, `returns(${brief(result, 60)})`);
  }

  /** The call rejects with `error`, as a server whose call fails does; the SDK hands the model its error text. */
  fails(error: unknown): Script {
    const context = this.#begin('fails');
    if (error === undefined || error === null) {
      throw misuse(context, 'missing_error', 'pass the error the call should fail with, e.g. new Error("ENOENT").');
    }
    return this.#end({ kind: 'fails', error }, `fails(${brief(error, 60)})`);
  }

  /** The result is derived from the call's arguments (and the recorded call), within the script's time. */
  responds(respond: McpResponder<Args>): Script {
    const context = this.#begin('responds');
    if (typeof respond !== 'function') throw misuse(context, 'invalid_responder', `expected a function of the call's arguments; got ${kindOf(respond)}.`);
    return this.#end({ kind: 'responds', respond: respond as (args: Record<string, unknown>, call: McpCall) => unknown }, `responds(${respond.name || 'fn'})`);
  }

  #begin(verb: string): StepContext {
    const context = { ...this.#context, verb: `${this.#context.verb}.${verb}` };
    if (this.#ended !== undefined) throw misuse(context, 'second_outcome', `the step already ends with .${this.#ended}; a step has exactly one outcome.`);
    return context;
  }

  #end(outcome: PlannedMcpOutcome, label: string): Script {
    this.#ended = label;
    return this.#close(outcome, label);
  }
}
