/** What kind of unplanned call a double saw. */
export type MismatchKind =
  /** The script had no step left for this call. */
  | 'unexpected_call'
  /** The call was of another method (or tool) than the next step's. */
  | 'wrong_method'
  /** The call's arguments were rejected by the next step. */
  | 'wrong_arguments'
  /** The script asked for something the caller does not offer (a tool the agent lacks). */
  | 'not_offered'
  /** A scripted value was invalid when it was produced (a responder's return value). */
  | 'invalid_step'
  /** An assertion inside a scripted responder failed (the SDK would have swallowed it with the tool error). */
  | 'failed_assertion'
  | (string & {});

/**
 * A call the script did not plan. Thrown into the caller and recorded on the double, so the
 * test still fails when the SDK swallows the error (it turns some into tool outputs or events).
 */
export class MismatchError extends Error {
  readonly kind: MismatchKind;
  /** The label of the double, e.g. `sandbox("ci")`. */
  readonly double: string;
  /** The zero-based position of the call among the double's recorded calls. */
  readonly callIndex: number;
  /** The zero-based position of the step the call was checked against, if any. */
  readonly stepIndex: number | undefined;
  /** The step the script planned, in script terms. */
  readonly expected: string | undefined;
  /** The call that came, in script terms. */
  readonly actual: string;

  constructor(options: {
    kind: MismatchKind;
    double: string;
    callIndex: number;
    stepIndex?: number;
    expected?: string;
    actual: string;
    message: string;
  }) {
    super(options.message);
    this.name = 'MismatchError';
    this.kind = options.kind;
    this.double = options.double;
    this.callIndex = options.callIndex;
    this.stepIndex = options.stepIndex;
    this.expected = options.expected;
    this.actual = options.actual;
  }
}
