/** Why a builder call was rejected; stable strings that tests can assert on. */
export type ScriptErrorReason =
  | 'invalid_text'
  | 'invalid_tool'
  | 'empty_tool_name'
  | 'invalid_arguments'
  | 'invalid_call_id'
  | 'invalid_target'
  | 'missing_error'
  | 'invalid_retry_advice'
  | 'invalid_responder'
  | 'invalid_stream'
  | 'invalid_turn'
  | 'empty_turn'
  | 'invalid_times'
  | 'nothing_to_repeat'
  | 'not_repeatable'
  | 'invalid_item'
  | 'invalid_response'
  | 'invalid_option'
  | 'invalid_path'
  | 'missing_model'
  | 'missing_cassette'
  | 'invalid_cassette'
  | 'invalid_route'
  | 'invalid_patch'
  | 'empty_command'
  | 'empty_path'
  | 'invalid_matcher'
  | 'unknown_method'
  | 'invalid_result'
  | 'missing_outcome'
  | 'second_outcome'
  | (string & {});

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
    super(options.message);
    this.name = 'ScriptError';
    this.reason = options.reason;
    this.stepIndex = options.stepIndex;
    this.double = options.double;
  }
}
