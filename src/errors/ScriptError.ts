import { redactText } from '../format/secrets';

/** Why a builder call was rejected; stable strings that tests can assert on. */
export type ScriptErrorReason =
  /** A reply or transcript is not text. */
  | 'invalid_text'
  /** Something other than a tool object or name was given as a tool. */
  | 'invalid_tool'
  /** The tool name is empty. */
  | 'empty_tool_name'
  /** Tool arguments are not a JSON-serializable object. */
  | 'invalid_arguments'
  /** A `{ callId }` is not a non-empty string. */
  | 'invalid_call_id'
  /** An item or response id is not a non-empty string. */
  | 'invalid_id'
  /** A handoff target is not an agent, a `handoff()` or a name. */
  | 'invalid_target'
  /** A failing step was given no error. */
  | 'missing_error'
  /** Retry advice is neither an object nor a callback. */
  | 'invalid_retry_advice'
  /** A responder is not a function. */
  | 'invalid_responder'
  /** Stream events are not an iterable of events. */
  | 'invalid_stream'
  /** `turn()` was not given a callback. */
  | 'invalid_turn'
  /** A turn has no output items. */
  | 'empty_turn'
  /** `times(n)` was not given a whole number of at least 1. */
  | 'invalid_times'
  /** `times(n)` has no step before it. */
  | 'nothing_to_repeat'
  /** `optional()` has no turn before it. */
  | 'no_preceding_turn'
  /** The step before `times(n)` cannot be repeated. */
  | 'not_repeatable'
  /** An output item has no string `type`. */
  | 'invalid_item'
  /** Usage is not a usage record. */
  | 'invalid_usage'
  /** An option of a builder has the wrong type or value. */
  | 'invalid_option'
  /** An options object has a key the builder does not take (a misspelled option would leave what it asks for off). */
  | 'unknown_option'
  /** A cassette path is empty or not a string. */
  | 'invalid_path'
  /** A recording cassette has no real model to record from. */
  | 'missing_model'
  /** A replaying cassette has no file. */
  | 'missing_cassette'
  /** A cassette file cannot be replayed. */
  | 'invalid_cassette'
  /** A cassette file holds no conversation for this test, and not exactly one to fall back on. */
  | 'missing_conversation'
  /** A recording cassette's file cannot be written (a directory, a read-only location), found before any real call. */
  | 'unwritable_cassette'
  /** A recording is named after its test, and another test of the file has the same full name. */
  | 'duplicate_test_name'
  /** A recording double would record under CI, which records nothing unless the job opts in (`RecordingInCIError`). */
  | 'recording_in_ci'
  /** A recording cannot be committed: a call was refused, or is still running. */
  | 'incomplete_recording'
  /** A model provider routes nothing, or routes to something that is not a model. */
  | 'invalid_route'
  /** A call needs the setup entry of a runner (`agents-testkit/vitest` or `agents-testkit/jest`), and none is loaded. */
  | 'no_setup_entry'
  /** An `apply_patch` operation is malformed. */
  | 'invalid_patch'
  /** A sandbox command is empty. */
  | 'empty_command'
  /** A sandbox path is empty. */
  | 'empty_path'
  /** A step matcher is not a string, a RegExp or a predicate. */
  | 'invalid_matcher'
  /** A sandbox method name is not a `SandboxSession` method. */
  | 'unknown_method'
  /** A scripted result is not what the method returns. */
  | 'invalid_result'
  /** A sandbox step has no outcome yet. */
  | 'missing_outcome'
  /** A sandbox step was given a second outcome. */
  | 'second_outcome'
  /** A Realtime method name is not a transport method. */
  | 'invalid_method'
  /** A Realtime call pattern is neither a partial payload nor a predicate. */
  | 'invalid_pattern'
  /** `.fails()` does not follow an `expect` step. */
  | 'nothing_to_fail'
  /** `.fails()` was given twice for one step. */
  | 'already_failing'
  /** A step was changed (`.fails()`, `.evenIfClosed()`) after the script had played it. */
  | 'already_played'
  /** `.evenIfClosed()` does not follow an emit… step. */
  | 'nothing_to_deliver'
  /** `expectSessionError()` was given something that reports no errors (not a `RealtimeSession`). */
  | 'invalid_session'
  /** An audio target, buffer or duration is malformed. */
  | 'invalid_audio'
  /** An expected tool output is not text, an asymmetric matcher or an object. */
  | 'invalid_output'
  /** A step refers to a tool call the script has not emitted. */
  | 'no_tool_call'
  /** A name is empty or not a string. */
  | 'invalid_name'
  /** An event name or payload is malformed. */
  | 'invalid_event'
  /** An MCP tool definition is neither a schema (zod, Standard Schema) nor `{ inputSchema }` / `{ parameters }`. */
  | 'invalid_schema'
  /** A step names a tool the MCP server does not list. */
  | 'unknown_tool'
  /** A recording MCP cassette has no real server to record from. */
  | 'missing_server'
  /** A run to resume did not stop for approvals. */
  | 'not_paused'
  /** A stored run state cannot be restored. */
  | 'invalid_state'
  /** An approval decision fits no interruption of the paused run. */
  | 'unknown_approval'
  /** An interruption of the paused run has no decision. */
  | 'undecided_approval';

/**
 * A builder was misused. Thrown at the call that misused it, so the stack points at the
 * offending line of the test; `stepIndex` counts from 0, the message counts from 1.
 */
export class ScriptError extends Error {
  readonly reason: ScriptErrorReason;
  /** The zero-based position of the step being written, when the misuse concerns one. */
  readonly stepIndex: number | undefined;
  /** The label of the double whose script was misused, e.g. `model("support")`. */
  readonly double: string | undefined;

  constructor(options: { reason: ScriptErrorReason; message: string; stepIndex?: number; double?: string }) {
    super(redactText(options.message));
    this.name = 'ScriptError';
    this.reason = options.reason;
    this.stepIndex = options.stepIndex;
    this.double = options.double;
  }
}

/** Where a builder call writes: which double, which step, through which verb. */
export interface StepContext {
  double: string;
  stepIndex: number;
  verb: string;
  /** The enclosing verb when writing inside a `turn((t) => …)` or `emitResponse((r) => …)` callback. */
  within?: string;
  /** That callback's parameter as the docs name it: `t` unless given. */
  param?: string;
}

/** A `ScriptError` whose message names the double, the step (from 1) and the verb. */
export function misuse(context: StepContext, reason: ScriptErrorReason, problem: string): ScriptError {
  const param = context.param ?? 't';
  const where = context.within ? `${context.within}((${param}) => ${param}.${context.verb}())` : `${context.verb}()`;
  return new ScriptError({
    reason,
    stepIndex: context.stepIndex,
    double: context.double,
    message: `${context.double} step ${context.stepIndex + 1}, ${where}: ${problem}`,
  });
}
