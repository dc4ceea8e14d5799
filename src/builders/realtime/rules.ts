import { brief, isAsymmetricMatcher } from '../../format/brief';
import {
  guardrailFeedbackPart,
  handoffAgentOf,
  handoffToolName,
  isSdkToolErrorText,
  REALTIME_OUTPUT_STARTS_RESPONSE,
  TOOL_APPROVAL_REJECTION_MESSAGE,
  toolNotFoundText,
  transferMessageFor,
} from '../../sdk/coupling';
import type { ExpectStep, LabelArg } from '../../fakes/realtime/step';
import type { HandoffTarget } from '../../vocabulary';
import type { GuardrailTripOptions } from './options';
import { checkId } from './validators';
import { stepOptions, type OptionKeys } from '../core/options';
import { kindOf, misuse, type StepContext } from '../core/stepContext';
import { handoffTargetOf } from '../core/validate';

/**
 * What a Realtime session sends for each behaviour the one-line steps stand for, so that each step
 * checks at least what the SDK's own session tests check. Every SDK text and rule comes from
 * `src/sdk/coupling/`.
 */

/** An asymmetric matcher the kit can use without a runner's `expect`. */
interface Matcher {
  asymmetricMatch(value: unknown): boolean;
  toString(): string;
}

/** A handoff target, read once for everything a step needs of it. */
export interface HandoffRead {
  /** How labels name it: the agent's name, or the name given, quoted. */
  readonly label: string;
  /** The function name the SDK gives the handoff. */
  readonly toolName: string;
  /** The agent's instructions when they are a string: what the session config switches to. */
  readonly instructions?: string;
  /** The tool output the session sends to confirm the transfer, when the target says enough to know it. */
  readonly transferMessage?: string;
}

export function readHandoff(target: HandoffTarget, context: StepContext): HandoffRead {
  const { label } = handoffTargetOf(target, context);
  const instructions = handoffAgentOf(target)?.instructions;
  const transferMessage = transferMessageFor(target);
  return {
    label,
    toolName: handoffToolName(target),
    ...(typeof instructions === 'string' ? { instructions } : {}),
    ...(transferMessage === undefined ? {} : { transferMessage }),
  };
}

/** What `sendFunctionCallOutput` must carry to confirm a handoff: the transfer text, starting a response. */
export function transferPattern(handoff: HandoffRead, callId: string): object {
  return {
    toolCall: { name: handoff.toolName, callId },
    ...(handoff.transferMessage === undefined ? {} : { output: handoff.transferMessage }),
    startResponse: true,
  };
}

/** What the session config switches to on a handoff, as far as the target tells. */
export function handoffConfigPattern(handoff: HandoffRead): object | undefined {
  return handoff.instructions === undefined ? undefined : { config: { instructions: handoff.instructions } };
}

/**
 * What `sendFunctionCallOutput` must carry for a tool's output. `startResponse` is the SDK's
 * default (a response starts) unless the step says otherwise, as for a `backgroundResult(…)`.
 */
export function toolOutputPattern(name: string, callId: string, output: unknown, startResponse = REALTIME_OUTPUT_STARTS_RESPONSE): object {
  return { toolCall: { name, callId }, output, startResponse };
}

/** The expected output of a tool, checked: exact text, an asymmetric matcher, or an object compared as the JSON the SDK sends. */
export function outputMatcher(output: unknown, context: StepContext): unknown {
  if (output === undefined) return NOT_A_TOOL_ERROR;
  if (typeof output === 'string' || isAsymmetricMatcher(output)) return output;
  if (typeof output !== 'object' || output === null) {
    throw misuse(context, 'invalid_output', `expected the output text, an asymmetric matcher or an object; got ${kindOf(output)}.`);
  }
  return jsonEqualTo(output);
}

/**
 * Whether an expected output takes any text: `expect.any(String)` or `expect.anything()` (known by
 * the name both runners' matchers give themselves). Like no output at all, it says nothing of a
 * failure: the text a failed tool's own errorFunction made does not pass for the tool's output.
 */
export function takesAnyText(output: string | object): boolean {
  const name = (output as { toAsymmetricMatcher?: unknown }).toAsymmetricMatcher;
  if (typeof name !== 'function') return false;
  const shown: unknown = name.call(output);
  return shown === 'Anything' || shown === 'Any<String>';
}

/** The text an approval rejected without a message of its own sends. */
export const DEFAULT_REJECTION = TOOL_APPROVAL_REJECTION_MESSAGE;

/** What the session answers a call of a tool the agent does not offer: "not found", without starting a response. */
export function notFoundPattern(name: string, callId: string): object {
  return toolOutputPattern(name, callId, toolNotFoundText(name), false);
}

/** The feedback a tripped output guardrail sends the model: that the answer was blocked, and why (the guardrail's `policyHint`, its name unless set). */
export function guardrailFeedback(name: string | undefined): Matcher {
  const parts = [guardrailFeedbackPart(undefined), ...(name === undefined ? [] : [guardrailFeedbackPart(name)])];
  return {
    asymmetricMatch: (value) => typeof value === 'string' && parts.every((part) => value.includes(part)),
    toString: () => `StringContaining ${parts.map((part) => JSON.stringify(part)).join(' and ')}`,
  };
}

/**
 * The calls a tripped output guardrail makes: the session stops the answer as `stops` says (by
 * default as the latest reply needs: `interrupt()` for audio, a `response.cancel` for text still
 * streaming, nothing for text already done), then sends the model its feedback.
 */
const GUARDRAIL_TRIP_OPTIONS = { stops: true, responseId: true } satisfies OptionKeys<GuardrailTripOptions>;

export function guardrailTripSteps(name: unknown, options: GuardrailTripOptions, lastReply: { kind: string; responseId: string } | undefined, context: StepContext): ExpectStep[] {
  if (name !== undefined && (typeof name !== 'string' || name === '')) {
    throw misuse(context, 'invalid_name', `expected the guardrail's name; got ${kindOf(name)}.`);
  }
  const { stops: given, responseId: givenResponse } = stepOptions(options, GUARDRAIL_TRIP_OPTIONS, context);
  const stops = given ?? (lastReply?.kind === 'audio' ? 'interrupt' : lastReply?.kind === 'open text' ? 'cancel' : 'nothing');
  if (!['interrupt', 'cancel', 'nothing'].includes(stops)) {
    throw misuse(context, 'invalid_option', `stops must be 'interrupt', 'cancel' or 'nothing'; got ${kindOf(stops)}.`);
  }
  const responseId = givenResponse === undefined ? lastReply?.responseId : checkId(givenResponse, 'responseId', context);
  const args: LabelArg[] = name === undefined ? [] : [JSON.stringify(name)];
  const label = (part: string) => ({ verb: context.verb, args, part });
  const steps: ExpectStep[] = [];
  if (stops === 'interrupt') steps.push({ kind: 'expect', method: 'interrupt', label: label('interrupt()') });
  if (stops === 'cancel') {
    const cancel = { type: 'response.cancel', ...(responseId === undefined ? {} : { response_id: responseId }) };
    steps.push({ kind: 'expect', method: 'sendEvent', pattern: { event: cancel }, label: label('sendEvent(response.cancel)') });
  }
  steps.push({ kind: 'expect', method: 'sendMessage', pattern: { message: guardrailFeedback(name as string | undefined) }, label: label('sendMessage(feedback)') });
  return steps;
}

/**
 * Any output but the texts the SDK sends when the tool did not run: its error texts (the session
 * swallows the failure) and an approval's rejection (`expectToolRejection` is the step for that).
 */
const NOT_A_TOOL_ERROR: Matcher = {
  asymmetricMatch: (value) => typeof value === 'string' && !isSdkToolErrorText(value) && value !== TOOL_APPROVAL_REJECTION_MESSAGE,
  toString: () => "an output that is not the SDK's tool-error text or an approval's rejection",
};

/** A string holding JSON equal to `expected`: the same keys and values in any order; asymmetric matchers inside allowed. */
export function jsonEqualTo(expected: object): Matcher {
  return {
    asymmetricMatch: (value) => {
      if (typeof value !== 'string') return false;
      try {
        return jsonEqual(JSON.parse(value), expected);
      } catch {
        return false;
      }
    },
    toString: () => `JSON equal to ${brief(expected, 80)}`,
  };
}

function jsonEqual(actual: unknown, expected: unknown): boolean {
  if (isAsymmetricMatcher(expected)) return expected.asymmetricMatch(actual);
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && actual.length === expected.length && expected.every((item, index) => jsonEqual(actual[index], item));
  }
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) return false;
    // JSON leaves out keys whose value is undefined; so does the comparison.
    const keys = Object.keys(expected).filter((key) => (expected as Record<string, unknown>)[key] !== undefined);
    const actualKeys = Object.keys(actual);
    return actualKeys.length === keys.length && keys.every((key) => key in actual && jsonEqual((actual as Record<string, unknown>)[key], (expected as Record<string, unknown>)[key]));
  }
  return Object.is(actual, expected);
}
