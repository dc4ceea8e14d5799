import { IncompleteScriptError } from '../../errors/IncompleteScriptError';
import { MismatchError, type MismatchSpec } from '../../errors/MismatchError';
import { numbered } from '../../format/numberedList';
import { isComplete, type DoubleKind, type DoubleReport } from '../../vocabulary';
import { noteActivity } from './activity';
import { noteMismatch, track } from './registry';
import { hookSdkCopiesRequiredNow } from './lateSdkCopies';

/** The key under which every double of the kit hands out its ledger; matchers find doubles by it. */
export const LEDGER = Symbol.for('agents-testkit.ledger');

/** A step not consumed yet: its zero-based position in the script and its label. */
export interface PendingStep {
  readonly index: number;
  readonly label: string;
  /** How many more steps this one line stands for (a long run of `times(n)` copies, reported once). */
  readonly more?: number;
}

/** What a double tells its ledger when it creates it. */
export interface LedgerSetup<View> {
  kind: DoubleKind;
  /** The user's name for the double, if any. */
  name: string | undefined;
  /** `false` keeps the double out of the after-each verification. */
  verify: boolean;
  /** The steps the double has not consumed yet, in script terms. */
  pending(): readonly PendingStep[];
  /** What the double cannot know about itself, said in every report. */
  notes?: readonly string[];
  /** What matchers read off this kind of double (its calls, the files it wrote …). */
  view?(): View;
  /** Words a call recorded as a number (`record(detail)`): a double that records every call can then keep no closure per call. */
  describeCall?(detail: number): string;
}

/** How a recorded call is described: now, when a report needs it, or by the double's `describeCall` then. */
type CallEntry = string | (() => string) | number;

/**
 * The bookkeeping every double shares: the label, registration for the after-each verification,
 * the recorded calls, the recorded mismatches, the pending steps, `assertComplete` and the report.
 * Each double of the kit holds one through its base class (./double.ts).
 */
export class Ledger<View = unknown> {
  readonly kind: DoubleKind;
  readonly name: string | undefined;
  readonly #setup: LedgerSetup<View>;
  #calls: CallEntry[] = [];
  /** The calls a mismatch was recorded on, by index (made with the first mismatch: most doubles have none). */
  #marked: Set<number> | undefined;
  readonly #mismatches: MismatchError[] = [];
  /** The agents an unnamed double serves (`Triage`), so that messages say which of several it is; worded only for the label. */
  #agents: string[] = [];
  /** The routes a provider installed the double for (`agents["Billing"]`): named until a run reaches it. */
  readonly #routes: string[] = [];
  /** The label as last worded; what it is made of changes only through `serve` and `serveRoute`. */
  #label: string | undefined;

  constructor(setup: LedgerSetup<View>) {
    this.kind = setup.kind;
    this.name = setup.name;
    this.#setup = setup;
    // A copy of the SDK the test loaded before making this double is hooked before the double meets its runs.
    hookSdkCopiesRequiredNow();
    if (setup.verify) track(this);
  }

  /**
   * How messages name the double: `sandbox("ci")` when the user named it; otherwise its kind and
   * what it serves, once known — `model() for agent "Triage"` — so that a graph of unnamed
   * scripts still says which one a message is about.
   */
  get label(): string {
    return (this.#label ??= this.#wordLabel());
  }

  #wordLabel(): string {
    if (this.name !== undefined) return `${this.kind}(${JSON.stringify(this.name)})`;
    if (this.#agents.length > 0) return `${this.kind}() for ${listed(this.#agents.map((agent) => `agent ${JSON.stringify(agent)}`))}`;
    if (this.#routes.length > 0) return `${this.kind}() for route ${listed(this.#routes)}`;
    return `${this.kind}()`;
  }

  /** Notes an agent the double serves (one that called it): the label then says `for agent "Triage"`. */
  serveAgent(agent: string): void {
    if (this.#agents.includes(agent)) return;
    // Most doubles serve one agent: a literal of one, where a push grew a store of 17 slots.
    if (this.#agents.length === 0) this.#agents = [agent];
    else this.#agents.push(agent);
    this.#label = undefined;
  }

  /**
   * Notes a route a provider gave the double (`agents["Billing"]`, `models["gpt-5"]`), which names
   * it while no run has reached it: a script left unplayed is otherwise a bare `model()`.
   */
  serveRoute(route: string): void {
    if (this.#routes.includes(route)) return;
    this.#routes.push(route);
    this.#label = undefined;
  }

  /**
   * Records a call, described now or when a report needs it (a function, or a number the setup's
   * `describeCall` words); returns its zero-based index.
   */
  record(describe: CallEntry): number {
    noteActivity();
    // The first call as a literal of one: pushed onto an empty array, it grew a store of 17 slots.
    if (this.#calls.length === 0) {
      this.#calls = [describe];
      return 0;
    }
    return this.#calls.push(describe) - 1;
  }

  /** The number of calls recorded so far: the index the next call will get. */
  get callCount(): number {
    return this.#calls.length;
  }

  /** Words a mismatch in the one shape every double uses, records it, and marks its call. */
  mismatch(spec: Omit<MismatchSpec, 'double'>): MismatchError {
    const error = new MismatchError({ ...spec, double: this.label });
    this.#mismatches.push(error);
    if (spec.anchor === undefined && spec.callIndex >= 0 && spec.callIndex < this.#calls.length) (this.#marked ??= new Set()).add(spec.callIndex);
    // A mismatch after the double was verified (a run still going when its test ended) is late:
    // the registry keeps it for the next verification point.
    noteMismatch(this, error.message.split('\n')[0] as string);
    return error;
  }

  /** Every mismatch recorded, in the order they came. */
  get mismatches(): readonly MismatchError[] {
    return this.#mismatches;
  }

  /** What matchers read off this kind of double. */
  view(): View {
    if (!this.#setup.view) throw new Error(`${this.label} has no view for matchers`);
    return this.#setup.view();
  }

  report(): DoubleReport {
    const pending = this.#setup.pending();
    const more = pending.reduce((sum, step) => sum + (step.more ?? 0), 0);
    // The after-each verification asks every double for a report, passing or not: the calls are
    // described only when a message reads them, as they stood now (the calls recorded so far, the
    // mismatches marked so far).
    const [entries, count, marked] = [this.#calls, this.#calls.length, new Set(this.#marked ?? [])];
    const setup = this.#setup;
    let calls: readonly string[] | undefined;
    return {
      label: this.label,
      pending: pending.map((step) => numbered(step.index, step.label)),
      ...(more > 0 ? { pendingCount: pending.length + more } : {}),
      // Reports list one line per mismatch; the full message is on the error itself.
      mismatches: this.#mismatches.map((mismatch) => mismatch.message.split('\n')[0] as string),
      get calls(): readonly string[] {
        return (calls ??= entries.slice(0, count).map((describe, index) => {
          const text = typeof describe === 'function' ? describe() : typeof describe === 'number' ? describeNumbered(setup, describe) : describe;
          return numbered(index, `${text}${marked.has(index) ? ' (mismatch)' : ''}`);
        }));
      },
      ...(this.#setup.notes ? { notes: this.#setup.notes } : {}),
    };
  }

  /** Throws `IncompleteScriptError` when steps are left or a call did not match the script. */
  assertComplete(): void {
    const report = this.report();
    if (!isComplete(report)) throw new IncompleteScriptError([report]);
  }
}

function describeNumbered(setup: LedgerSetup<unknown>, detail: number): string {
  if (!setup.describeCall) throw new Error(`a ${setup.kind} double recorded a call as a number but cannot word it`);
  return setup.describeCall(detail);
}

function listed(entries: readonly string[]): string {
  return entries.length === 1 ? (entries[0] as string) : `${entries.slice(0, -1).join(', ')} and ${entries.at(-1)}`;
}

/** Anything that reports on itself: a kit double's ledger, or an adapter of an SDK double. */
export interface Reporting {
  report(): DoubleReport;
}

/** The ledger of a double of this kit (from either of its builds), or `undefined`. */
export function ledgerOf<View = unknown>(value: unknown): Ledger<View> | undefined {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return undefined;
  const ledger = (value as { [LEDGER]?: unknown })[LEDGER];
  return typeof ledger === 'object' && ledger !== null && typeof (ledger as Reporting).report === 'function'
    ? (ledger as Ledger<View>)
    : undefined;
}
