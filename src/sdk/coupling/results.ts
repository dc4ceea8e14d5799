/**
 * What the kit reads of a model request and of a run's result or state. Part of the SDK coupling (see index.ts).
 */
import { RunResult, type ModelRequest, type RunItem } from '@openai/agents';

// ── Model requests ───────────────────────────────────────────────────────────────────────────────

/** A model request as users see it: without the runner's own `_internal` bookkeeping. */
export type PublicRequest = Readonly<Omit<ModelRequest, '_internal'>>;

/** The name of the runner's own field of a model request, left out of what users see. */
export const INTERNAL_REQUEST_FIELD = '_internal';

const KEEP_RAW_USAGE = Object.freeze({ preserveRawUsage: true });
const NO_SETTINGS = Object.freeze({});

/**
 * What the SDK's `ScriptedModel` reads of a request whose step does not read the call (a queued
 * response, a responder or stream that ignores its argument, a stream of events): its abort
 * signal, and whether to keep raw usage. The kit's doubles hand it only that for such steps: it
 * copies each request it gets twice (its record, and the record a responder gets), a property
 * definition per key, which was the largest part of a scripted turn's own cost (bench/README.md,
 * issue 27). Steps that read the call, and error steps (whose retry advice the SDK looks up by the
 * request), get the request itself.
 */
export function scriptedModelPart(request: ModelRequest): ModelRequest {
  const modelSettings = request.modelSettings?.preserveRawUsage === true ? KEEP_RAW_USAGE : NO_SETTINGS;
  return { modelSettings, signal: request.signal } as ModelRequest;
}

// ── Run results ──────────────────────────────────────────────────────────────────────────────────

/** What the kit reads of a `RunResult` or `StreamedRunResult`. */
export interface RunResultShape {
  input: string | unknown[];
  newItems: RunItem[];
  interruptions?: unknown[];
  state?: { _currentStep?: { type?: string }; usage?: { requests?: number } };
  lastAgent?: { name?: string };
  finalOutput?: unknown;
  toTextStream?: unknown;
  error?: unknown;
  cancelled?: boolean;
  /** The run's public context, which knows which calls were approved or rejected. */
  runContext?: { isToolApproved?(approval: { toolName: string; callId: string }): boolean | undefined };
  /** What the tool input guardrails decided, call by call but naming no call: a `rejectContent` message is what the model got instead of the tool's output. */
  toolInputGuardrailResults?: unknown;
  /** The same for the tool output guardrails: a `rejectContent` message is what the model got instead of the output. */
  toolOutputGuardrailResults?: unknown;
}

/**
 * The messages a run's tool guardrails (`input` or `output`) rejected with (`rejectContent`), in the
 * order they ran. The SDK's results name no call, tool or agent: a call is known by its output being
 * one of them. Reads only what it recognises: a result of another shape rejects nothing.
 */
export function toolGuardrailRejections(result: unknown, kind: 'input' | 'output'): string[] {
  const messages: string[] = [];
  try {
    const results = (result as Record<string, unknown> | null | undefined)?.[kind === 'input' ? 'toolInputGuardrailResults' : 'toolOutputGuardrailResults'];
    for (const entry of Array.isArray(results) ? results : []) {
      const behavior = (entry as { output?: { behavior?: { type?: unknown; message?: unknown } | null } } | null)?.output?.behavior;
      if (behavior?.type === 'rejectContent' && typeof behavior.message === 'string') messages.push(behavior.message);
    }
  } catch {
    // A getter of a result in a state the SDK did not expect: nothing read.
  }
  return messages;
}

/** Whether `output` is one of the rejection `messages`, which it then takes off: each message stands for one call. */
export function claimRejection(messages: string[], output: unknown): boolean {
  const at = typeof output === 'string' ? messages.indexOf(output) : -1;
  if (at !== -1) messages.splice(at, 1);
  return at !== -1;
}

/**
 * Recognises a run result by shape: the SDK's CJS and ESM builds are different classes, so
 * `instanceof` would reject half of the users.
 */
export function isRunResult(value: unknown): value is RunResultShape {
  if (typeof value !== 'object' || value === null) return false;
  try {
    return Array.isArray((value as RunResultShape).newItems) && 'finalOutput' in value;
  } catch {
    return false;
  }
}

export function isStreamedResult(result: RunResultShape): boolean {
  return typeof result.toTextStream === 'function';
}

/**
 * What a run that threw had done until then, as a result to read like any other: the SDK's own
 * errors (`MaxTurnsExceededError`, the tripwire errors, …) carry the run's state, and a
 * `RunResult` reads its items off a state. `undefined` for an error without one (an error the
 * model or a tool threw as is). The state is recognised by shape, as it may come from the other
 * build of the SDK.
 */
export function resultOfFailedRun(error: unknown): RunResultShape | undefined {
  const state = (error as { state?: { _generatedItems?: unknown } } | null)?.state;
  if (typeof state !== 'object' || state === null || !Array.isArray(state._generatedItems)) return undefined;
  return new RunResult(state as ConstructorParameters<typeof RunResult>[0]) as unknown as RunResultShape;
}

/** Whether a run ended: a streamed result is readable only once its loop is done. */
export function hasFinished(result: RunResultShape): boolean {
  if (result.error !== null && result.error !== undefined) return true;
  if (result.cancelled === true) return true;
  // The result has no public "done" flag; the run state's current step says whether the loop ended.
  const step = result.state?._currentStep?.type;
  if (step === undefined) return true;
  return step === 'next_step_final_output' || step === 'next_step_interruption';
}

/** Hosted tool calls carry their tool in the item type, not in a name. */
export const HOSTED_CALL_NAMES: Readonly<Record<string, string>> = {
  apply_patch_call: 'apply_patch',
  shell_call: 'shell',
  computer_call: 'computer',
};
