import { misuse, type StepContext } from '../../errors/ScriptError';
import type { PendingStep } from './ledger';

/** A step the builder has begun and not yet given its outcome. */
export interface OpenStepLike {
  readonly label: string;
  readonly context: StepContext;
}

/**
 * The script of a double that plays one outcome per step in one global order (`sandbox()`,
 * `mcp()`): the planned steps, how many calls used, and the step the builder is still writing,
 * during which calls are refused (a test bug, not a mismatch).
 */
export class StepQueue<Step extends { readonly label: string }, Open extends OpenStepLike> {
  readonly #steps: Step[] = [];
  #used = 0;
  #open: Open | undefined;

  /** Every planned step, used or not. */
  get all(): readonly Step[] {
    return this.#steps;
  }

  /** The step the next call plays, if any is left. */
  get next(): Step | undefined {
    return this.#steps[this.#used];
  }

  /** The zero-based index of the step the next call plays (equal to the number of steps used). */
  get nextIndex(): number {
    return this.#used;
  }

  /** The step the builder is writing, if any. */
  get opened(): Open | undefined {
    return this.#open;
  }

  /** Steps not consumed yet, the one still waiting for its outcome included. */
  get remaining(): number {
    return this.#steps.length - this.#used + (this.#open ? 1 : 0);
  }

  /** Appends a planned step. */
  append(step: Step): void {
    this.#steps.push(step);
  }

  open(step: Open): void {
    this.#open = step;
  }

  /** Forgets the open step; the double appends it, with its outcome, itself. */
  close(): void {
    this.#open = undefined;
  }

  /** Consumes the next step; returns its index. */
  take(): number {
    this.#used += 1;
    return this.#used - 1;
  }

  /** The error a call meets while a step has no outcome yet (`undefined` when none is open). */
  refusal(callee: 'server' | 'session'): Error | undefined {
    const open = this.#open;
    if (open === undefined) return undefined;
    return misuse(open.context, 'missing_outcome', `${open.label} has no outcome, and the ${callee} was called; end it with .returns(…), .fails(…) or .responds(…).`);
  }

  /** Why a call found no step left, for the mismatch sentence. */
  ranOut(): string {
    const total = this.#steps.length;
    return total === 0 ? 'The script has no steps' : total === 1 ? 'Its one step is used' : `All ${total} steps are used`;
  }

  /** What the ledger reports as pending: the unused steps, then the one without an outcome. */
  pending(): PendingStep[] {
    const open = this.#open;
    return [
      ...this.#steps.slice(this.#used).map((step, offset) => ({ index: this.#used + offset, label: step.label })),
      ...(open ? [{ index: open.context.stepIndex, label: `${open.label} (no outcome: end it with .returns(…), .fails(…) or .responds(…))` }] : []),
    ];
  }
}
