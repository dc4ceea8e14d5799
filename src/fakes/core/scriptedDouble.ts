import { Double } from './double';
import type { LedgerSetup } from './ledger';
import { StepQueue, type OpenStepLike } from './stepQueue';

/**
 * A double that plays one outcome per step in one global order (`sandbox()`, `mcp()`): its
 * script is a step queue (./stepQueue.ts) whose unused steps are what the ledger reports as
 * pending, and the builder writes it through the protected members here — a step is opened while
 * its verb is written (calls are refused meanwhile), then closed by appending it with its outcome.
 * What a call is, and how it plays a step, is each double's own.
 */
export abstract class ScriptedDouble<Step extends { readonly label: string }, Open extends OpenStepLike, View = unknown> extends Double<View> {
  readonly #script = new StepQueue<Step, Open>();

  protected constructor(setup: Omit<LedgerSetup<View>, 'pending'>) {
    super(withPending(setup, () => this.#script.pending()));
  }

  /** The number of steps not consumed yet (a step still waiting for its outcome included). */
  get remainingSteps(): number {
    return this.#script.remaining;
  }

  /** The planned steps, the one the next call plays, and the refusals while a step is open. */
  protected get script(): StepQueue<Step, Open> {
    return this.#script;
  }

  /** Appends a planned step; the builder's only way in. */
  protected appendStep(step: Step): void {
    this.#script.append(step);
  }

  protected get stepCount(): number {
    return this.#script.all.length;
  }

  /** Notes the step the builder is writing: calls are refused until `closeStep()` (a test bug, not a mismatch). */
  protected openStep(open: Open): void {
    this.#script.open(open);
  }

  /** Ends the step `openStep()` noted by appending it with its outcome. */
  protected closeStep(step: Step): void {
    this.#script.close();
    this.appendStep(step);
  }

  /** The step the builder is writing, if any. */
  protected get openedStep(): Open | undefined {
    return this.#script.opened;
  }
}

/** The setup with its `pending` set: the setup is the literal the double made for this call (a spread copy took V8's slow path). */
function withPending<View>(setup: Omit<LedgerSetup<View>, 'pending'>, pending: LedgerSetup<View>['pending']): LedgerSetup<View> {
  const full = setup as LedgerSetup<View>;
  full.pending = pending;
  return full;
}
