import { redactSecrets } from '../format/secrets';

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
  /** A call id the user fixed is already in the conversation, so the SDK would mix the two calls up. */
  | 'duplicate_call_id'
  /** A model provider had no script for the agent or model that asked. */
  | 'unrouted'
  /** A replayed request differs from its recording. */
  | 'request_drift'
  /** A recording cassette was refused a call: another cassette (in this process or another) records the same conversation of the file. */
  | 'recording_conflict'
  /** A listener of an event the script delivered threw. */
  | 'listener_failed'
  /** Scripted tool arguments do not fit the tool's schema, as the request offers the tool. */
  | 'schema_mismatch'
  /** A turn the request's `toolChoice` does not allow (text under `required`, a call under `none`, another tool). */
  | 'tool_choice'
  /** A scripted tool call did not produce the tool's output: the SDK handed the model its error text. */
  | 'tool_failed'
  /** A scripted tool call planned to fail (`{ toolFails }`) produced an output. */
  | 'tool_not_failed'
  /** The agent offered two function tools of one name: the SDK exposes the last only, and only warns. */
  | 'tool_name_collision'
  /** A responder threw an error of the programming kind (a `TypeError`, …): a bug, not a planned failure. */
  | 'responder_failed'
  /** A responder (or an event source) did not finish within the double's time. */
  | 'responder_timeout'
  /** A tool call started a second time (a tool run again, e.g. after a resume). */
  | 'tool_ran_twice'
  /** A tool call ended without a start, or ended twice. */
  | 'unbalanced_tool_call'
  /** An expected call (or session error) came before the events the script delivers ahead of it. */
  | 'too_early'
  /** A step meant a tool the agent does not offer (to test the SDK's "not found" answer), but the agent offers it. */
  | 'offered'
  /** The session reported an error that no step expected. */
  | 'unexpected_error'
  /** An MCP server was called before `connect()` or after `close()` (a double made with `requireConnect`). */
  | 'not_connected'
  /** A call approved before a resume did not run after it: the resumed run asked for its approval again. */
  | 'approval_lost'
  /** A call rejected before a resume ran after it. */
  | 'rejection_ignored';

/** What a mismatch is made of; the constructor words every mismatch of every double from it. */
export interface MismatchSpec {
  kind: MismatchKind;
  /** The label of the double, e.g. `sandbox("ci")`. */
  double: string;
  /** The zero-based position of the call among the double's recorded calls. */
  callIndex: number;
  /** Where the mismatch happened when it is not a call: `step 3` for an event the script delivers. */
  anchor?: string;
  /** The call that came, in script terms: `exec "ls"`. */
  actual: string;
  /** What the step wanted, in script terms: `exec "pwd"`, `no more calls`. */
  expected?: string;
  /** The zero-based position of the step the call was checked against, if any. */
  stepIndex?: number;
  /** Why the call does not fit, as a sentence. */
  why?: string;
  /** How to fix it, as a sentence. */
  fix?: string;
  /** A second line, left out of the one-line lists in reports. */
  note?: string;
}

/**
 * A call the script did not plan. Thrown into the caller and recorded on the double, so the
 * test still fails when the SDK swallows the error (it turns some into tool outputs or events).
 * Every double words it the same way:
 * `model("weather") call #2, <what came>: expected <what the step wanted> (step 3). <why>. <how to fix>`
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

  constructor(raw: MismatchSpec) {
    // A message, and the fields runners print with it, never show a secret the call carried.
    const spec = redactSecrets(raw);
    super(mismatchSentence(spec));
    this.name = 'MismatchError';
    this.kind = spec.kind;
    this.double = spec.double;
    this.callIndex = spec.callIndex;
    this.stepIndex = spec.stepIndex;
    this.expected = spec.expected;
    this.actual = spec.actual;
  }
}

/** The one shape of every mismatch message; counts start from 1. */
export function mismatchSentence(spec: MismatchSpec): string {
  const anchor = spec.anchor ?? `call #${spec.callIndex + 1}`;
  const step = spec.stepIndex === undefined || spec.anchor !== undefined ? '' : ` (step ${spec.stepIndex + 1})`;
  const head = `${spec.double} ${anchor}, ${spec.actual}${spec.expected === undefined ? '' : `: expected ${spec.expected}${step}`}`;
  const sentences = [head, spec.why, spec.fix].filter((part): part is string => part !== undefined && part !== '').map(sentence);
  return `${sentences.join(' ')}${spec.note ? `\n${spec.note}` : ''}`;
}

function sentence(text: string): string {
  return /[.!?…][)"]?$/.test(text) ? text : `${text}.`;
}
