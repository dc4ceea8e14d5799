import type { Agent, ApplyPatchOperation, Handoff, Model } from '@openai/agents';
import { brief } from '../../format/brief';
import type { HandoffTarget } from '../../vocabulary';
import { kindOf, misuse, type StepContext } from './stepContext';
import type { CallOptions, ToolRef } from '../../vocabulary';

/** The name of a scripted tool, checked: a non-empty string or a function tool object. */
export function toolNameOf(tool: ToolRef, context: StepContext): string {
  if (typeof tool === 'string') {
    if (tool.trim() === '') throw misuse(context, 'empty_tool_name', 'the tool name is empty; pass the tool object or its name.');
    return tool;
  }
  if (typeof tool === 'object' && tool !== null && typeof (tool as { name?: unknown }).name === 'string') {
    const { type, name } = tool as { type?: unknown; name: string };
    if (type !== 'function') {
      throw misuse(
        context,
        'invalid_tool',
        `"${name}" is a ${String(type)} tool, which the model does not call with a function call; ` +
          'script its output item with turn((t) => t.item(…)).',
      );
    }
    if (name.trim() === '') throw misuse(context, 'empty_tool_name', 'the tool has an empty name.');
    return name;
  }
  throw misuse(context, 'invalid_tool', `expected a tool object or a tool name; got ${kindOf(tool)}.`);
}

/** Tool arguments, checked: a JSON-serializable object, or a raw JSON string. */
export function argumentsOf(args: unknown, context: StepContext): string | Record<string, unknown> {
  if (args === undefined) return {};
  if (typeof args === 'string') return args;
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    throw misuse(context, 'invalid_arguments', `tool arguments must be an object; got ${kindOf(args)}.`);
  }
  try {
    JSON.stringify(args);
  } catch (error) {
    throw misuse(context, 'invalid_arguments', `tool arguments must be JSON-serializable: ${(error as Error).message}`);
  }
  return args as Record<string, unknown>;
}

/** An explicit call id from `{ callId }`, checked, or `undefined` for the script's next one. */
export function explicitCallId(options: CallOptions | undefined, context: StepContext): string | undefined {
  if (options === undefined) return undefined;
  if (typeof options !== 'object' || options === null) {
    throw misuse(context, 'invalid_option', `the last argument must be an options object like { callId: 'call_a' }; got ${kindOf(options)}.`);
  }
  const { callId } = options;
  if (callId === undefined) return undefined;
  if (typeof callId !== 'string' || callId.trim() === '') {
    throw misuse(context, 'invalid_call_id', `callId must be a non-empty string; got ${kindOf(callId)}.`);
  }
  return callId;
}

/** A handoff target, checked: an agent, a `Handoff`, or a non-empty name. */
export function handoffTargetOf(target: HandoffTarget, context: StepContext): { target: HandoffTarget; label: string } {
  if (typeof target === 'string') {
    if (target.trim() === '') throw misuse(context, 'invalid_target', 'the handoff target name is empty.');
    return { target, label: JSON.stringify(target) };
  }
  if (typeof target === 'object' && target !== null) {
    const asHandoff = target as Partial<Handoff<any, any>>;
    if (typeof asHandoff.toolName === 'string' && typeof asHandoff.agentName === 'string') {
      return { target, label: asHandoff.agentName };
    }
    const asAgent = target as Partial<Agent<any, any>>;
    if (typeof asAgent.name === 'string') return { target, label: asAgent.name };
  }
  throw misuse(context, 'invalid_target', `expected an agent, a handoff() or a name; got ${kindOf(target)}.`);
}

/** A model as the SDK calls it: anything with `getResponse` and `getStreamedResponse`. */
export function isModel(value: unknown): value is Model {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Model).getResponse === 'function' &&
    typeof (value as Model).getStreamedResponse === 'function'
  );
}

const PATCH_TYPES = ['create_file', 'update_file', 'delete_file'];

/** An `apply_patch` operation, checked: its type, a non-empty path, and a V4A diff where one is needed. */
export function patchOperationOf(operation: unknown, context: StepContext): ApplyPatchOperation {
  if (typeof operation !== 'object' || operation === null || Array.isArray(operation)) {
    throw misuse(context, 'invalid_patch', `expected an operation like { type: 'create_file', path: 'a.md', diff: '+# A' }; got ${kindOf(operation)}.`);
  }
  const { type, path, diff, moveTo } = operation as Record<string, unknown>;
  if (typeof type !== 'string' || !PATCH_TYPES.includes(type)) {
    throw misuse(context, 'invalid_patch', `the operation type must be "create_file", "update_file" or "delete_file"; got ${kindOf(type)}.`);
  }
  if (typeof path !== 'string' || path.trim() === '') {
    throw misuse(context, 'invalid_patch', `the operation needs the file's path; got ${kindOf(path)}.`);
  }
  if (type !== 'delete_file' && typeof diff !== 'string') {
    throw misuse(context, 'invalid_patch', `a ${type} operation carries its V4A diff as a string (e.g. '+first line'); got ${kindOf(diff)}.`);
  }
  if (moveTo !== undefined && (type !== 'update_file' || typeof moveTo !== 'string' || moveTo.trim() === '')) {
    throw misuse(context, 'invalid_patch', `moveTo is the new path of an update_file operation; got ${kindOf(moveTo)} on ${type}.`);
  }
  return operation as ApplyPatchOperation;
}

/** `create_file "hello.txt"`, as labels show a patch operation. */
export function describePatch(operation: ApplyPatchOperation): string {
  const move = operation.type === 'update_file' && operation.moveTo !== undefined ? ` → ${brief(operation.moveTo)}` : '';
  return `${operation.type} ${brief(operation.path)}${move}`;
}
