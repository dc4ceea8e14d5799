import type { EmitStep, ExpectStep, LabelArg } from '../../fakes/realtime/step';
import type { CallOptions, HandoffTarget, ToolRef } from '../../vocabulary';
import { responseEvents, toolCallItem } from './events';
import { answeredId, type ScriptMemory } from './memory';
import type { RealtimeCallOptions, ToolOutputOptions } from './options';
import { checkStepOptionKeys, stepOptions, type OptionKeys } from '../core/options';
import { handoffConfigPattern, notFoundPattern, outputMatcher, readHandoff, takesAnyText, toolOutputPattern, transferPattern, DEFAULT_REJECTION } from './rules';
import { checkBoolean, checkText } from './validators';
import { misuse, type StepContext } from '../core/stepContext';
import { argumentsOf, toolNameOf } from '../core/validate';

/**
 * The steps of a `realtime()` script that stand for function tools and handoffs: the calls the
 * model makes (their ids kept in the script's memory) and the outputs the session answers them
 * with (by the remembered call id unless one is given), each checked and labelled here for
 * `RealtimeScript` to append. `context.verb` is the verb that wrote the step.
 */

const REALTIME_CALL_OPTIONS = { callId: true, responseId: true, itemId: true } satisfies OptionKeys<RealtimeCallOptions>;
const TOOL_OUTPUT_OPTIONS = { callId: true, startResponse: true } satisfies OptionKeys<ToolOutputOptions>;
const CALL_OPTIONS = { callId: true } satisfies OptionKeys<CallOptions>;

// ── The model's calls ───────────────────────────────────────────────────────────────────────────

/** A call of `tool`; `offered` says whether the agent is expected to offer it. */
export function toolCallStep(tool: ToolRef, args: unknown, options: RealtimeCallOptions | undefined, offered: boolean, memory: ScriptMemory, context: StepContext): EmitStep {
  const name = toolNameOf(tool, context);
  const checked = argumentsOf(args, context);
  const call = memory.toolCall(name, typeof checked === 'string' ? checked : JSON.stringify(checked), stepOptions(options, REALTIME_CALL_OPTIONS, context), undefined, context);
  const shown: LabelArg[] = args === undefined ? [name] : [name, { value: checked, max: 60 }];
  if (call.callId === '') shown.push('no call id');
  return emitCall({ verb: context.verb, args: shown }, call, 'tool', offered);
}

/** The latest scripted call again, with its call id, in a new response. */
export function reemitStep(memory: ScriptMemory, context: StepContext): EmitStep {
  const last = memory.lastToolCall;
  if (!last) throw misuse(context, 'no_tool_call', 'there is no emitToolCall() before this step to send again.');
  const ids = { ...last, responseId: memory.nextId('response') };
  return emitCall({ verb: context.verb, args: [`${last.name} ${answeredId(last)}`] }, ids, 'tool', true);
}

/** A call of the SDK's handoff tool for `target`. */
export function handoffCallStep(target: HandoffTarget, options: RealtimeCallOptions | undefined, memory: ScriptMemory, context: StepContext): EmitStep {
  const { label, toolName } = readHandoff(target, context);
  const call = memory.toolCall(toolName, '{}', stepOptions(options, REALTIME_CALL_OPTIONS, context), undefined, context);
  return emitCall({ verb: context.verb, args: [label] }, call, 'handoff', true);
}

function emitCall(label: EmitStep['label'], call: ReturnType<ScriptMemory['toolCall']>, kind: 'tool' | 'handoff', offered: boolean): EmitStep {
  return { kind: 'emit', label, events: responseEvents(call.responseId, [toolCallItem(call.name, call.args, call)]), calls: [{ name: call.name, kind, offered }] };
}

// ── The session's answers ───────────────────────────────────────────────────────────────────────

export function toolOutputStep(tool: ToolRef, output: unknown, options: ToolOutputOptions | undefined, memory: ScriptMemory, context: StepContext): ExpectStep {
  const name = toolNameOf(tool, context);
  const startResponse = startResponseOf(options, context);
  const callId = memory.callIdFor(name, options, context);
  const shown: LabelArg[] = output === undefined ? [name] : [name, { value: output, max: 60 }];
  if (startResponse === false) shown.push('{ startResponse: false }');
  const pattern = toolOutputPattern(name, callId, outputMatcher(output, context), startResponse);
  return { kind: 'expect', method: 'sendFunctionCallOutput', pattern, anyOutput: output === undefined || takesAnyText(output as string | object), label: { verb: context.verb, args: shown } };
}

export function toolRejectionStep(tool: ToolRef, message: string, options: ToolOutputOptions | undefined, memory: ScriptMemory, context: StepContext): ExpectStep {
  const name = toolNameOf(tool, context);
  checkText(message, 'the rejection message', context);
  const startResponse = startResponseOf(options, context);
  const callId = memory.callIdFor(name, options, context);
  const shown: LabelArg[] = message === DEFAULT_REJECTION ? [name] : [name, { value: message, max: 60 }];
  return { kind: 'expect', method: 'sendFunctionCallOutput', pattern: toolOutputPattern(name, callId, message, startResponse), rejection: true, label: { verb: context.verb, args: shown } };
}

export function toolNotFoundStep(name: string, options: CallOptions | undefined, memory: ScriptMemory, context: StepContext): ExpectStep {
  const checked = toolNameOf(name, context);
  // Not stepOptions: callIdFor refuses options that are not an object, naming { callId }.
  checkStepOptionKeys(options, CALL_OPTIONS, context);
  const callId = memory.callIdFor(checked, options, context, 'emitUnknownToolCall');
  return { kind: 'expect', method: 'sendFunctionCallOutput', pattern: notFoundPattern(checked, callId), label: { verb: context.verb, args: [checked] } };
}

/** The session config for `target`, then the transfer output, answering the latest `emitHandoff(target)`. */
export function handoffSteps(target: HandoffTarget, memory: ScriptMemory, context: StepContext): ExpectStep[] {
  const handoff = readHandoff(target, context);
  const call = memory.toolCallOf(handoff.toolName);
  if (!call) {
    throw misuse(context, 'no_tool_call', `there is no emitHandoff(${handoff.label}) before this step; the handoff must be emitted first.`);
  }
  const config = handoffConfigPattern(handoff);
  const args = [handoff.label];
  return [
    { kind: 'expect', method: 'updateSessionConfig', ...(config ? { pattern: config } : {}), label: { verb: context.verb, args, part: 'updateSessionConfig' } },
    { kind: 'expect', method: 'sendFunctionCallOutput', pattern: transferPattern(handoff, answeredId(call)), label: { verb: context.verb, args, part: 'sendFunctionCallOutput' } },
  ];
}

function startResponseOf(options: ToolOutputOptions | undefined, context: StepContext): boolean | undefined {
  const { startResponse } = stepOptions(options, TOOL_OUTPUT_OPTIONS, context);
  return checkBoolean(startResponse, 'startResponse', context);
}
