import type { RunItem } from '@openai/agents';

// Hosted tool calls carry their tool in the item type, not in a name.
export const HOSTED_CALL_NAMES: Record<string, string> = {
  apply_patch_call: 'apply_patch',
  shell_call: 'shell',
  computer_call: 'computer',
};

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

/** Whether a run ended: a streamed result is readable only once its loop is done. */
export function hasFinished(result: RunResultShape): boolean {
  if (result.error !== null && result.error !== undefined) return true;
  if (result.cancelled === true) return true;
  // The result has no public "done" flag; the run state's current step says whether the loop ended.
  const step = result.state?._currentStep?.type;
  if (step === undefined) return true;
  return step === 'next_step_final_output' || step === 'next_step_interruption';
}
