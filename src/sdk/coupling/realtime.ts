/**
 * What a Realtime session sends on its own. Part of the SDK coupling (see index.ts); probed in
 * test/sdk-coupling-realtime.test.ts.
 */

/** The tool output a Realtime session sends (without starting a response) for a call of a tool the agent does not offer. */
export function toolNotFoundText(name: string): string {
  return `Tool ${name} not found`;
}

/**
 * Whether a Realtime session starts a response after sending a tool's output. It does for an
 * output, a rejected approval and a handoff; it does not for a `backgroundResult(…)` or a call of
 * a tool it does not know.
 */
export const REALTIME_OUTPUT_STARTS_RESPONSE = true;

/** Whether a tool output is the SDK's answer to arguments that did not parse: the tool did not run. */
export function isToolArgumentsErrorText(value: unknown): boolean {
  return typeof value === 'string' && /^An error occurred while parsing tool arguments\./.test(value);
}

/** A part of the message a Realtime session sends the model when an output guardrail trips. */
export function guardrailFeedbackPart(policyHint: string | undefined): string {
  return policyHint === undefined ? 'Your last answer was blocked.' : `Failed Guardrail Reason: ${policyHint}.`;
}
