import type { AgentInputItem } from '@openai/agents';
import { toolOutputText } from '../../format/toolOutputText';
import { parseArguments } from '../../format/modelInput';
import { isSdkToolErrorText } from '../../sdk/coupling';
import { claimToolFailure } from './toolFailures';
import { claimPlannedFailure, plannedFailureMark } from './plannedFailures';

/** A scripted call's planned outcome: `undefined` runs the tool; a failure, matching the text the SDK hands the model if given. */
export type ToolFailure = true | string | RegExp;

/** A function call a script emitted, waiting for its output to come back in a later request. */
export interface EmittedCall {
  readonly callId: string;
  readonly name: string;
  /** Its arguments as the model sent them; parsed only when its tool failed (a planned failure elsewhere reads them). */
  readonly argumentsText: string;
  /** The turn that made the call. */
  readonly stepIndex: number;
  readonly toolFails: ToolFailure | undefined;
}

/** What became of an emitted call: the output the SDK handed the model, and whether its tool failed. */
export interface ToolOutcome {
  readonly call: EmittedCall;
  readonly output: string;
  /** The SDK's error text, or the text of the tool's own `errorFunction` for a failure the run noted. */
  readonly failed: boolean;
  /** The run noted a timeout: the text is the tool's own `timeoutErrorFunction`'s. */
  readonly timedOut: boolean;
  /** The failure was planned by the double the tool called (a sandbox's or an MCP server's `.fails(error)`). */
  readonly plannedElsewhere: boolean;
}

/** What most requests settle: nothing (shared, so that a request with nothing new costs no array). */
const NONE: readonly ToolOutcome[] = Object.freeze([]);

/**
 * The function calls a script emitted, until their outputs come back. The SDK turns a tool that
 * throws (or whose arguments do not fit its schema, or time out) into an error text for the model
 * and runs on; the next request of the same agent carries that text, which is where a script sees
 * what its call came to.
 */
export class ToolOutcomes {
  /**
   * Each call still waiting, with the moment it was made: a double's planned failure after it may be
   * its. A list, looked through by id: a turn has a call or a few waiting, and a map cost a table to
   * make per script and another each time a settled call left it (it shrinks).
   */
  readonly #waiting: { call: EmittedCall; since: number }[] = [];

  /** How many calls still wait for their outputs. */
  get waiting(): number {
    return this.#waiting.length;
  }

  emitted(call: EmittedCall): void {
    const at = this.#indexOf(call.callId);
    // A call id emitted again replaces the call waiting under it, as a map by id would.
    if (at === -1) this.#waiting.push({ call, since: plannedFailureMark() });
    else this.#waiting[at] = { call, since: plannedFailureMark() };
  }

  #indexOf(callId: string): number {
    for (let index = 0; index < this.#waiting.length; index += 1) if ((this.#waiting[index] as { call: EmittedCall }).call.callId === callId) return index;
    return -1;
  }

  /**
   * The outcomes these input items carry for calls the script emitted, in their order; each is
   * reported once. The items are read from the end, and only as far back as a call still waiting
   * could have its output: an output comes after its call, so the walk stops once every waiting
   * call's output or its call item was passed. With a conversation that only grows, that is the part
   * new since the calls were made, however long the history (the SDK clones every item per request,
   * so no item object tells where an earlier request ended); a call this conversation never made
   * (another run's on the same script) has the walk read to the start. `run` is the run the items
   * are of (the run calling, when not given): a failure noted there tells a tool failed whose
   * `errorFunction` made text of it.
   */
  settle(items: readonly AgentInputItem[], run?: object): readonly ToolOutcome[] {
    if (this.#waiting.length === 0) return NONE;
    let outcomes: ToolOutcome[] | undefined;
    let open = this.#waiting.length;
    let passed: Set<string> | undefined;
    for (let index = items.length - 1; index >= 0 && open > 0; index -= 1) {
      const item = items[index] as AgentInputItem;
      if (item.type === 'function_call') {
        // A waiting call met before any output of it: its output is not in these items.
        if (!passed?.has(item.callId) && this.#indexOf(item.callId) !== -1) {
          (passed ??= new Set()).add(item.callId);
          open -= 1;
        }
        continue;
      }
      if (item.type !== 'function_call_result') continue;
      if (passed?.has(item.callId)) continue;
      const at = this.#indexOf(item.callId);
      if (at === -1) continue;
      const { call, since } = this.#waiting[at] as { call: EmittedCall; since: number };
      // Another conversation's call of the same id (a later run read for a call waiting on an approval) is not this one.
      if (item.name !== undefined && item.name !== call.name) continue;
      // The last entry takes the settled one's place: the order of the waiting calls means nothing.
      this.#waiting[at] = this.#waiting[this.#waiting.length - 1] as { call: EmittedCall; since: number };
      this.#waiting.pop();
      open -= 1;
      const output = toolOutputText(item.output);
      // Both read, so that a failure the run noted is used up by the call it explains.
      const noted = claimToolFailure(run, call.name, call.argumentsText);
      const failed = isSdkToolErrorText(output) || noted !== undefined;
      const timedOut = noted === 'timed out';
      const outcome = { call, output, failed, timedOut, plannedElsewhere: failed && claimPlannedFailure(call.name, parseArguments(call.argumentsText), since) };
      // The first as a literal of one: pushed onto an empty array, it grew a store of 17 slots.
      if (outcomes === undefined) outcomes = [outcome];
      else outcomes.push(outcome);
    }
    return outcomes === undefined ? NONE : outcomes.reverse();
  }
}

/**
 * Whether an outcome is what the call planned: an output when it planned none, or a failure the
 * double its tool called planned; the SDK's error text for `toolFails: true`; for a string or
 * RegExp, an output that matches it (a tool with its own `errorFunction` hands the model its own text).
 */
export function asPlanned(outcome: ToolOutcome): boolean {
  const expected = outcome.call.toolFails;
  if (expected === undefined) return !outcome.failed || outcome.plannedElsewhere;
  if (expected === true) return outcome.failed;
  if (typeof expected === 'string') return outcome.output.includes(expected);
  expected.lastIndex = 0;
  return expected.test(outcome.output);
}

