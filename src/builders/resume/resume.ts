import { Agent, RunState, Runner, type RunResult, type RunToolApprovalItem } from '@openai/agents';
import { ScriptError, type ScriptErrorReason } from '../../errors/ScriptError';
import { attachConversation, Conversation, conversationOf, describeRun, type ApprovalDecision } from '../../fakes/resume/Conversation';
import { LifecycleRecorder } from '../../fakes/lifecycle/LifecycleRecorder';
import { conversationOfStored, rememberStored } from '../../fakes/resume/storedConversations';
import { parseArguments } from '../../format/modelInput';
import type { DoubleOptions, ToolRef } from '../../vocabulary';
import { checkedOptions, type OptionKeys } from '../core/options';
import { unknownKeyProblem } from '../../format/unknownKey';
import { kindOf } from '../core/stepContext';

/**
 * Which interruption a decision is about: a tool (object or name), one of the paused run's
 * `interruptions` (as the SDK's `state.approve(item)` takes it), or `{ tool?, callId? }`, with
 * `always` and a rejection `message`.
 */
export type ApprovalSelector = ToolRef | RunToolApprovalItem | { tool?: ToolRef; callId?: string; always?: boolean; message?: string };

/** What to decide about the interruptions of a paused run. Every interruption needs a decision. */
export interface ResumeDecisions {
  approve?: ApprovalSelector | readonly ApprovalSelector[];
  reject?: ApprovalSelector | readonly ApprovalSelector[];
}

export interface ResumeOptions extends DoubleOptions {
  /** The runner to resume with (its config and model provider); a fresh `Runner` otherwise. */
  runner?: Runner;
}

/** A run that stopped for approvals, as `run()` returns it, or the state string an app stored. */
export type PausedRun = { readonly state: { toString(): string }; readonly interruptions?: readonly unknown[] } | string;

const RESUME_OPTIONS = { name: true, verify: true, runner: true } satisfies OptionKeys<ResumeOptions>;

/**
 * Resumes a paused run the way an app does that keeps its run state in a database: the state
 * goes through `state.toString()` and `RunState.fromString(agent, …)`, the decisions are applied
 * to the restored interruptions (by tool, by call id, `always`), and the agent runs on — under the
 * same scripts, checked as one conversation: a call that runs twice across pause and resumes, an
 * approved call asked for again, or a rejected call that runs fails the test. `paused` may be a
 * state string stored earlier (an older SDK's too); resumes of one string in a test are one
 * conversation, as resumes of one result are. Resolves to the resumed run's result.
 */
export async function resume<TAgent extends Agent<any, any>>(
  agent: TAgent,
  paused: PausedRun,
  decisions: ResumeDecisions,
  options: ResumeOptions = {},
): Promise<RunResult<any, TAgent>> {
  const { fail: refuse } = checkedOptions('resume', options, RESUME_OPTIONS, '{ runner: new Runner({ modelProvider }) }');
  // Every refusal of resume() is worded and built alike: `resume(): …`, with `double: 'resume()'`.
  const fail = (reason: ScriptErrorReason, problem: string): ScriptError => refuse(problem, reason);
  if (options.runner !== undefined && typeof (options.runner as { run?: unknown } | null)?.run !== 'function') {
    throw fail('invalid_option', `runner is the Runner to resume with, like new Runner({ modelProvider }); got ${kindOf(options.runner)}.`);
  }
  if (!(agent instanceof Agent) && (typeof agent !== 'object' || agent === null || typeof (agent as { name?: unknown }).name !== 'string')) {
    throw fail('invalid_option', `the first argument is the agent the run started with; got ${kindOf(agent)}.`);
  }
  const { stored, json } = storedState(paused, fail);
  let state: RunState<any, TAgent>;
  try {
    state = await RunState.fromString(agent, stored);
  } catch (error) {
    throw fail('invalid_state', `the SDK cannot restore the stored run state: ${(error as Error).message}`);
  }
  const interruptions = state.getInterruptions();
  // A state stored mid-turn (an app that stores it after every step) resumes without decisions.
  const finished = (json as { currentStep?: { type?: unknown } } | null)?.currentStep?.type === 'next_step_final_output';
  const decided = typeof decisions === 'object' && decisions !== null && (decisions.approve !== undefined || decisions.reject !== undefined);
  if (interruptions.length === 0 && (finished || decided)) {
    throw fail('not_paused', `the run did not stop for approvals${finished ? ' (it finished)' : ''}, so there is nothing to ${decided ? 'decide' : 'resume'}.`);
  }
  const plan = decide(interruptions, decisions, fail);

  // One conversation per paused run, whether it comes back as the result or as the string an app stored.
  const pausedResult = typeof paused === 'string' ? undefined : (paused as object);
  const conversation = (pausedResult && conversationOf(pausedResult)) ?? conversationOfStored(json, pausedResult) ?? new Conversation(options);
  if (pausedResult) attachConversation(pausedResult, conversation);
  rememberStored(json, conversation, pausedResult);
  conversation.serve(agent.name);
  conversation.ranBefore(ranIn(json));
  const number = conversation.startResume(plan.map(({ item, verdict, always }) => ({ verdict, always, ...callOf(item) })));
  for (const { item, verdict, always, message } of plan) {
    if (verdict === 'approve') state.approve(item, { alwaysApprove: always });
    else state.reject(item, { alwaysReject: always, ...(message === undefined ? {} : { message }) });
  }

  const runner = options.runner ?? new Runner();
  const recorder = new LifecycleRecorder([runner], { verify: false });
  let result: RunResult<any, TAgent>;
  try {
    result = await runner.run(agent, state);
  } finally {
    recorder.stop();
  }
  const started = recorder.events.flatMap((event) => (event.type === 'tool_start' ? [{ tool: event.tool as string, callId: event.callId, agent: event.agent }] : []));
  conversation.finishResume(number, started, result.interruptions.map((item) => callOf(item)));
  attachConversation(result, conversation);
  if (result.interruptions.length > 0) rememberPause(result, conversation);
  return result;
}

/** The state an app stores at this pause belongs to the conversation too (one it cannot store, it cannot resume). */
function rememberPause(result: RunResult<any, any>, conversation: Conversation): void {
  let stored: unknown;
  try {
    stored = JSON.parse(result.state.toString());
  } catch {
    return;
  }
  rememberStored(stored, conversation, result);
}

interface Planned {
  item: RunToolApprovalItem;
  verdict: ApprovalDecision['verdict'];
  always: boolean;
  message: string | undefined;
}

type Fail = (reason: ScriptErrorReason, problem: string) => ScriptError;

/** The stored state string, and its JSON. */
function storedState(paused: PausedRun, fail: Fail): { stored: string; json: unknown } {
  let stored: unknown;
  if (typeof paused === 'string') stored = paused;
  else if (typeof paused === 'object' && paused !== null && typeof (paused as { state?: { toString?: unknown } }).state?.toString === 'function') {
    stored = (paused as { state: { toString(): string } }).state.toString();
  } else {
    throw fail('not_paused', `expected the result of a run that stopped for approvals, or a stored state string; got ${kindOf(paused)}.`);
  }
  if (typeof stored !== 'string') throw fail('invalid_state', `state.toString() gave ${kindOf(stored)}, not a string an app could store.`);
  try {
    return { stored, json: JSON.parse(stored) as unknown };
  } catch (error) {
    throw fail('invalid_state', `the stored run state is not JSON (${(error as Error).message}).`);
  }
}

/** Matches every interruption with exactly one decision; a decision for nothing, or an interruption without one, is refused. */
function decide(items: readonly RunToolApprovalItem[], decisions: ResumeDecisions, fail: Fail): Planned[] {
  if (typeof decisions !== 'object' || decisions === null) {
    throw fail('invalid_option', `decisions are { approve?, reject? }, each a tool, a tool name, { tool?, callId?, always?, message? } or a list of them; got ${kindOf(decisions)}.`);
  }
  const unknownKey = Object.keys(decisions).find((key) => key !== 'approve' && key !== 'reject');
  if (unknownKey !== undefined) throw fail('invalid_option', `decisions are { approve?, reject? }; "${unknownKey}" is neither.`);
  const listed = (value: ResumeDecisions['approve']): readonly ApprovalSelector[] => (value === undefined ? [] : Array.isArray(value) ? value : [value as ApprovalSelector]);
  const selectors = [
    ...listed(decisions.approve).map((selector) => ({ verdict: 'approve' as const, selector })),
    ...listed(decisions.reject).map((selector) => ({ verdict: 'reject' as const, selector })),
  ];
  const shown = items.map((item) => describeRun(callOf(item)));
  for (const { verdict, selector } of selectors) {
    checkSelector(selector, verdict, fail);
    if (!items.some((item) => fits(item, selector))) {
      const named = isTool(selector) && !isInterruption(selector) ? selector.name : undefined;
      const hint = items.some((item) => nameOf(item) === named) ? ` The agent's own tool named "${named}" is another object: pass the tool the agent was built with, or its name.` : '';
      throw fail('unknown_approval', `${verdict} ${describeSelector(selector)} fits none of the approvals the run stopped for: ${shown.join('; ')}.${hint}`);
    }
  }
  return items.map((item, index) => {
    const fitting = selectors.filter(({ selector }) => fits(item, selector));
    const verdicts = new Set(fitting.map(({ verdict }) => verdict));
    if (verdicts.size === 0) {
      throw fail('undecided_approval', `the run stopped for approval of ${shown[index]}, and no decision is about it; approve or reject it (by tool, name or { callId }).`);
    }
    if (verdicts.size > 1) throw fail('invalid_option', `${shown[index]} is both approved and rejected; decide it once.`);
    const selector = fitting[0]?.selector;
    const detail = typeof selector === 'object' && selector !== null && !('type' in selector) ? (selector as { always?: boolean; message?: string }) : {};
    return { item, verdict: fitting[0]!.verdict, always: fitting.some(({ selector: one }) => typeof one === 'object' && one !== null && (one as { always?: boolean }).always === true), message: detail.message };
  });
}

const SELECTOR_KEYS = { tool: true, callId: true, always: true, message: true } satisfies OptionKeys<Exclude<ApprovalSelector, ToolRef | RunToolApprovalItem>>;

function checkSelector(selector: ApprovalSelector, verdict: string, fail: Fail): void {
  if (typeof selector === 'string') {
    if (selector.trim() === '') throw fail('invalid_option', `${verdict}: a tool name is empty.`);
    return;
  }
  if (typeof selector !== 'object' || selector === null) throw fail('invalid_option', `${verdict}: expected a tool, a tool name or { tool?, callId?, always?, message? }; got ${kindOf(selector)}.`);
  if (isInterruption(selector) || isTool(selector)) return;
  const unknown = unknownKeyProblem(selector, SELECTOR_KEYS);
  if (unknown !== undefined) throw fail('unknown_option', `${verdict}: ${unknown}`);
  const { tool, callId, always, message } = selector as { tool?: unknown; callId?: unknown; always?: unknown; message?: unknown };
  if (tool === undefined && callId === undefined) throw fail('invalid_option', `${verdict}: { … } names a tool, a callId, or both.`);
  if (callId !== undefined && (typeof callId !== 'string' || callId === '')) throw fail('invalid_option', `${verdict}: callId must be a non-empty string; got ${kindOf(callId)}.`);
  if (always !== undefined && typeof always !== 'boolean') throw fail('invalid_option', `${verdict}: always must be a boolean; got ${kindOf(always)}.`);
  if (message !== undefined && (verdict !== 'reject' || typeof message !== 'string')) throw fail('invalid_option', `${verdict}: message is the text a rejection sends the model, a string on reject only.`);
  if (tool !== undefined) checkSelector(tool as ApprovalSelector, verdict, fail);
}

function fits(item: RunToolApprovalItem, selector: ApprovalSelector): boolean {
  if (typeof selector === 'string') return nameOf(item) === selector;
  if (isInterruption(selector)) return nameOf(item) === nameOf(selector) && callOf(item).callId === callOf(selector).callId;
  if (isTool(selector)) return isOwnTool(item, selector);
  const { tool, callId } = selector as { tool?: ToolRef; callId?: string };
  if (callId !== undefined && callOf(item).callId !== callId) return false;
  return tool === undefined || fits(item, tool);
}

/** A tool object fits by identity when the interruption's agent offers it; by name when the agent has no tool of that name (an MCP server's). */
function isOwnTool(item: RunToolApprovalItem, tool: { name: string }): boolean {
  if (nameOf(item) !== tool.name) return false;
  const own = (item.agent?.tools ?? []).find((candidate: { name?: string }) => candidate.name === tool.name);
  return own === undefined || own === tool;
}

/** An interruption of a paused run, from either build of the SDK (their classes differ): an approval item with its raw call. */
function isInterruption(value: unknown): value is RunToolApprovalItem {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'tool_approval_item' && typeof (value as { rawItem?: unknown }).rawItem === 'object';
}

function isTool(value: unknown): value is { name: string; type: string } {
  return typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string' && typeof (value as { type?: unknown }).type === 'string';
}

function describeSelector(selector: ApprovalSelector): string {
  if (typeof selector === 'string') return `"${selector}"`;
  if (isInterruption(selector)) return `the interruption ${nameOf(selector)}, call ${callOf(selector).callId ?? '?'}`;
  if (isTool(selector)) return `the tool ${selector.name}`;
  const { tool, callId } = selector as { tool?: ToolRef; callId?: string };
  return [tool === undefined ? undefined : describeSelector(tool), callId === undefined ? undefined : `call ${callId}`].filter(Boolean).join(', ');
}

function nameOf(item: RunToolApprovalItem): string {
  return item.name ?? item.toolName ?? 'unknown tool';
}

/** The call an interruption is about: its tool, call id (a hosted MCP request's id), agent and arguments. */
function callOf(item: RunToolApprovalItem): { tool: string; callId: string | undefined; agent: string; args: unknown; hosted?: true } {
  const raw = item.rawItem as { type?: unknown; callId?: unknown; id?: unknown; providerData?: { id?: unknown; arguments?: unknown } };
  if (raw.type === 'hosted_tool_call') {
    const args = raw.providerData?.arguments;
    const id = raw.providerData?.id ?? raw.id;
    return { tool: nameOf(item), callId: typeof id === 'string' ? id : undefined, agent: item.agent?.name ?? '?', args: typeof args === 'string' ? parseArguments(args) : undefined, hosted: true };
  }
  const callId = typeof raw.callId === 'string' ? raw.callId : typeof raw.providerData?.id === 'string' ? raw.providerData.id : typeof raw.id === 'string' ? raw.id : undefined;
  const args = item.arguments;
  return { tool: nameOf(item), callId, agent: item.agent?.name ?? '?', args: typeof args === 'string' ? parseArguments(args) : undefined };
}

/** The calls a stored state's items say ran: the function calls that have an output. */
function ranIn(stored: unknown): { tool: string; callId: string | undefined; agent: string }[] {
  const items = (stored as { generatedItems?: unknown } | null)?.generatedItems;
  if (!Array.isArray(items)) return [];
  return items.flatMap((item: { type?: unknown; rawItem?: { type?: unknown; name?: unknown; callId?: unknown }; agent?: { name?: unknown } }) => {
    const raw = item?.rawItem;
    if (item?.type !== 'tool_call_output_item' || raw?.type !== 'function_call_result' || typeof raw.callId !== 'string') return [];
    return [{ tool: String(raw.name), callId: raw.callId, agent: String(item.agent?.name ?? '?') }];
  });
}
