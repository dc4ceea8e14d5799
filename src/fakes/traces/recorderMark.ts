// Apart from the recorder so that the matchers, which the setup entries load in every test file,
// recognise a recorder without loading it (and the tracing it starts).

/** The mark every `traces()` recorder carries, shared by both builds of the kit. */
export const RECORDER = Symbol.for('agents-testkit.traceRecorder');

/** Whether `value` carries a `traces()` recorder's mark (of either build of the kit). */
export function hasRecorderMark(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { [RECORDER]?: unknown })[RECORDER] === true;
}
