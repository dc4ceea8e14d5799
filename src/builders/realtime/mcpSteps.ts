import type { EmitStep, ExpectStep, LabelArg } from '../../fakes/realtime/step';
import { mcpApprovalRequestEvents, mcpCallEvents, mcpToolsListedEvents, type RealtimeMcpTool } from './events';
import type { ScriptMemory } from './memory';
import type { McpApprovalRequestOptions, McpCallOptions } from './options';
import { checkServerLabel, checkText, isPlainObject } from './validators';
import { kindOf, misuse, type StepContext } from '../core/stepContext';
import { toolNameOf } from '../core/validate';
import { stepOptions, type OptionKeys } from '../core/options';

/**
 * The steps of a `realtime()` script that stand for a hosted MCP server (`hostedMcpTool`): the
 * events its verbs emit and the answer they expect, each checked and labelled here for
 * `RealtimeScript` to append. `context.verb` is the verb that wrote the step.
 */

const MCP_CALL_OPTIONS = { output: true, itemId: true } satisfies OptionKeys<McpCallOptions>;
const MCP_APPROVAL_REQUEST_OPTIONS = { itemId: true } satisfies OptionKeys<McpApprovalRequestOptions>;

export function mcpToolsListedStep(serverLabel: unknown, tools: unknown, context: StepContext): EmitStep {
  const server = checkServerLabel(serverLabel, context);
  if (!Array.isArray(tools) || !tools.every((tool) => isPlainObject(tool) && typeof tool.name === 'string' && tool.name !== '')) {
    throw misuse(context, 'invalid_event', `expected the tools as a list of { name, description?, input_schema? }; got ${kindOf(tools)}.`);
  }
  const listed = tools as readonly RealtimeMcpTool[];
  return {
    kind: 'emit',
    label: { verb: context.verb, args: [JSON.stringify(server), listed.map((tool) => tool.name).join(', ') || 'no tools'] },
    events: mcpToolsListedEvents(server, listed),
  };
}

export function mcpCallStep(name: string, args: unknown, options: McpCallOptions, memory: ScriptMemory, context: StepContext): EmitStep {
  const tool = toolNameOf(name, context);
  const input = checkArgs(args, context);
  const { output = null, itemId } = stepOptions(options, MCP_CALL_OPTIONS, context);
  if (output !== null && typeof output !== 'string') throw misuse(context, 'invalid_option', `output must be a string or null; got ${kindOf(output)}.`);
  const shown: LabelArg[] = Object.keys(input).length === 0 ? [tool] : [tool, { value: input, max: 40 }];
  return {
    kind: 'emit',
    label: { verb: context.verb, args: shown },
    events: mcpCallEvents({ itemId: memory.itemId(itemId, context), name: tool, arguments: JSON.stringify(input), output }),
  };
}

/** Remembers the request, for the `mcpResponseStep` that answers it. */
export function mcpApprovalRequestStep(
  serverLabel: unknown,
  name: string,
  args: unknown,
  options: McpApprovalRequestOptions,
  memory: ScriptMemory,
  context: StepContext,
): EmitStep {
  const server = checkServerLabel(serverLabel, context);
  const tool = toolNameOf(name, context);
  const input = checkArgs(args, context);
  const itemId = memory.itemId(stepOptions(options, MCP_APPROVAL_REQUEST_OPTIONS, context).itemId, context);
  memory.lastMcpRequest = { itemId, serverLabel: server, name: tool };
  return {
    kind: 'emit',
    label: { verb: context.verb, args: [JSON.stringify(server), tool, { value: input, max: 40 }] },
    events: mcpApprovalRequestEvents({ itemId, serverLabel: server, name: tool, arguments: input }),
  };
}

/** The session's answer to the latest approval request: approved, or rejected with `reason`. */
export function mcpResponseStep(approved: boolean, reason: string | undefined, memory: ScriptMemory, context: StepContext): ExpectStep {
  if (reason !== undefined) checkText(reason, 'the rejection reason', context);
  const request = memory.lastMcpRequest;
  if (!request) throw misuse(context, 'no_tool_call', 'there is no emitMcpApprovalRequest() before this step to answer.');
  const shown: LabelArg[] = [`${request.serverLabel}/${request.name}`, ...(reason === undefined ? [] : [{ value: reason, max: 60 }])];
  return { kind: 'expect', method: 'sendMcpResponse', pattern: { approvalRequest: request, approved, reason }, label: { verb: context.verb, args: shown } };
}

function checkArgs(args: unknown, context: StepContext): Record<string, unknown> {
  if (!isPlainObject(args)) throw misuse(context, 'invalid_arguments', `tool arguments must be an object; got ${kindOf(args)}.`);
  return args;
}
