import type { ApplyPatchOperation, Editor } from '@openai/agents';
import { Manifest, type ExecCommandArgs, type SandboxSessionState } from '@openai/agents/sandbox';
import { MismatchError, type MismatchSpec } from '../../errors/MismatchError';
import type { StepContext } from '../../errors/ScriptError';
import { shellToolCall } from '../../sdk/coupling';
import type { DoubleOptions } from '../../vocabulary';
import { bounded, DEFAULT_RESPONDER_TIMEOUT_MS } from '../core/bounded';
import { injectFault } from '../core/faults';
import { notePlannedFailure } from '../core/plannedFailures';
import { identity } from '../core/double';
import { ScriptedDouble } from '../core/scriptedDouble';
import { isUnplannedError } from '../core/predicate';
import { responderThrew, responderTimedOut } from '../core/responderFindings';
import { describeCall, verbOf } from './describeCall';
import {
  SESSION_METHOD_MODES,
  detach,
  fresh,
  isSessionMethod,
  type PlannedSandboxStep,
  type SandboxCall,
  type ScriptedMethod,
  type SessionMethod,
} from './plan';
import { resultFor, resultProblem } from './results';
import { setupAnswer } from './setup';
import { SandboxWorkspace, type FileWrite } from './workspace';

export interface SandboxDoubleOptions extends DoubleOptions {
  /** Session methods the SDK should find although no step names them; each call still needs a step. */
  supports?: readonly SessionMethod[];
  /** Files the workspace holds before the run, so that patches to them have a known result. */
  files?: Readonly<Record<string, string>>;
  /** How long a responder's promise may take before the call fails as a mismatch. Default 2000 ms. */
  timeoutMs?: number;
}

/** What the matchers read off a `sandbox()` script. */
export interface SandboxRecord {
  label: string;
  calls: readonly SandboxCall[];
  writes: readonly FileWrite[];
}

interface CallEntry {
  readonly index: number;
  readonly method: ScriptedMethod;
  readonly args: readonly unknown[];
  readonly setup: boolean;
  readonly step: number | undefined;
  mismatch: boolean;
  /** What the call got, for reports: `step 1 exec("pwd").returns(…)`. */
  outcome: string;
}

/** A step the builder has opened and not yet ended with an outcome. */
export interface OpenStep {
  /** Where the step was written; `verb` is the bare verb, so messages read `exec(): …`. */
  context: StepContext;
  /** The step as written so far: `exec("pwd")`. */
  label: string;
}

/**
 * The session methods every `sandbox()` session has, because the SDK's default capabilities
 * cannot set up without them: the shell needs `execCommand`, the filesystem `createEditor` (and
 * `viewImage` when the model views an image), and a provided session receives manifest additions
 * through `applyManifest`. Every other method exists only once the script has a step for it.
 */
const ALWAYS_PRESENT: readonly SessionMethod[] = ['execCommand', 'createEditor', 'applyManifest', 'viewImage'];

/**
 * A `SandboxSession` that plays planned steps in one global order and records every call. A call
 * the script did not plan is thrown into the caller *and* kept: the SDK turns errors inside a
 * capability tool into a tool output and runs on, so the record is what makes the test fail.
 * The SDK's `scriptedSandboxSession` is not built upon: it takes all its steps when it is created
 * (a script here grows at any time, also between runs), hides them (a set-up call must look at the
 * next step to know whether the user claimed it), and keeps no trace of a mismatch.
 */
export class SandboxDouble extends ScriptedDouble<PlannedSandboxStep, OpenStep, SandboxRecord> {
  readonly name: string | undefined;
  /** The session state the SDK reads and updates: an empty manifest, as on the SDK's scripted session. */
  state: SandboxSessionState = { manifest: new Manifest() };
  readonly #log: CallEntry[] = [];
  readonly #present = new Set<SessionMethod>(ALWAYS_PRESENT);
  readonly #faces = new Map<SessionMethod, (...args: unknown[]) => unknown>();
  readonly #workspace: SandboxWorkspace;
  /** What `createEditor()` hands out when no step claims the call. */
  #editor: Editor;
  readonly #timeoutMs: number;

  constructor(options: SandboxDoubleOptions = {}) {
    super(
      identity('sandbox', options, {
        view: () => ({ label: this.label, calls: this.calls, writes: this.#workspace.writes }),
      }),
    );
    this.name = options.name;
    this.#workspace = new SandboxWorkspace(options.files);
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_RESPONDER_TIMEOUT_MS;
    this.#editor = {
      createFile: (operation) => this.#callAsync('createFile', [operation]) as Promise<void>,
      updateFile: (operation) => this.#callAsync('updateFile', [operation]) as Promise<void>,
      deleteFile: (operation) => this.#callAsync('deleteFile', [operation]) as Promise<void>,
    };
    for (const method of options.supports ?? []) this.#install(method);
  }

  /** Every call the session received, set-up calls included, as frozen snapshots. */
  get calls(): readonly SandboxCall[] {
    return Object.freeze(this.#log.map(snapshot));
  }

  /** The shell capability runs the model's `exec_command` here; each call is a step (`exec(cmd)`). */
  execCommand(args: ExecCommandArgs): Promise<string> {
    return this.#callAsync('execCommand', [args]) as Promise<string>;
  }

  /** Answered for the user: the filesystem capability asks twice while it sets up. */
  createEditor(runAs?: string): Editor {
    return this.#call('createEditor', [runAs]) as Editor;
  }

  /** Answered for the user: the agent's manifest additions (memory and skills directories) arrive here. */
  applyManifest(manifest: Manifest, runAs?: string): Promise<void> {
    return this.#callAsync('applyManifest', [manifest, runAs]) as Promise<void>;
  }

  /** Appends a planned step, and offers the SDK the session method it plays. */
  protected override appendStep(step: PlannedSandboxStep): void {
    super.appendStep(step);
    if (isSessionMethod(step.method)) this.#install(step.method);
    // A writeStdin step is what makes the shell capability offer `write_stdin`.
    if (step.method === 'writeStdin') this.#install('supportsPty');
  }

  /** Whether the SDK should find `method` on the session. */
  protected presentToSdk(method: SessionMethod): boolean {
    return this.#present.has(method);
  }

  /** The function the SDK calls for `method`; one per method, so its identity is stable. */
  protected sessionFace(method: SessionMethod): (...args: unknown[]) => unknown {
    let face = this.#faces.get(method);
    if (!face) {
      face = SESSION_METHOD_MODES[method] === 'sync' ? (...args) => this.#call(method, args) : (...args) => this.#callAsync(method, args);
      this.#faces.set(method, face);
    }
    return face;
  }

  #install(method: SessionMethod): void {
    this.#present.add(method);
    // The builder's verbs (readFile, …) are getters on the prototype that consult `presentToSdk`.
    if (method in this) return;
    Object.defineProperty(this, method, { value: this.sessionFace(method), writable: true, configurable: true, enumerable: false });
  }

  #callAsync(method: ScriptedMethod, args: readonly unknown[]): Promise<unknown> {
    try {
      return Promise.resolve(this.#call(method, args));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** Plays one call: a set-up answer, the next step's outcome, or a recorded mismatch. */
  #call(method: ScriptedMethod, rawArgs: readonly unknown[]): unknown {
    const args = detach([...rawArgs]);
    const refusal = this.script.refusal('session');
    if (refusal) {
      this.#record(method, args, false, undefined, 'refused: the script has a step without outcome');
      throw refusal;
    }
    const next = this.script.next;
    const sameMethod = next !== undefined && next.method === method;
    const rejection = sameMethod ? next.check(args) : undefined;
    const setup = setupAnswer(method, args, { editor: this.#editor, interactive: this.script.all.some((step) => step.method === 'writeStdin') });
    if (setup && !(sameMethod && (rejection === undefined || !setup.shared))) {
      this.#record(method, args, true, undefined, `${setup.label} (set-up)`);
      return setup.value;
    }
    const fault = injectFault('sandbox', (n) => [`sandbox call ${n} (${describeCall(method, args)}) fails`]);
    if (fault) {
      this.#record(method, args, false, undefined, `${fault.point} (injected)`);
      throw fault.error;
    }
    if (next === undefined) {
      const entry = this.#record(method, args, false, undefined, 'no step left');
      throw this.#mismatch(entry, this.#ranOut(entry));
    }
    const stepIndex = this.script.take();
    const entry = this.#record(method, args, false, stepIndex, `step ${stepIndex + 1} ${next.label}`);
    if (!sameMethod || rejection !== undefined) {
      throw this.#mismatch(entry, {
        kind: !sameMethod ? 'wrong_method' : (rejection?.kind ?? 'wrong_arguments'),
        expected: next.expects,
        why: sameMethod ? rejection?.reason : undefined,
      });
    }
    return this.#play(next, entry);
  }

  #play(step: PlannedSandboxStep, entry: CallEntry): unknown {
    const { outcome } = step;
    if (outcome.kind === 'fails') throw this.#plannedFailure(entry, outcome.error);
    if (outcome.kind === 'returns') return this.#deliver(entry, resultFor(entry.method, fresh(outcome.value)));
    let produced: unknown;
    try {
      produced = outcome.respond(entry.args, snapshot(entry));
    } catch (error) {
      throw this.#responderFailed(step, entry, error);
    }
    if (isThenable(produced)) {
      if (SESSION_METHOD_MODES[entry.method as SessionMethod] === 'sync') {
        throw this.#invalid(step, entry, `${entry.method}() is synchronous, so its responder must not return a promise`);
      }
      return bounded(produced, this.#timeoutMs, () => this.#timedOut(step, entry)).then(
        (value) => this.#checked(step, entry, value),
        (error: unknown) => {
          throw error instanceof MismatchError ? error : this.#responderFailed(step, entry, error);
        },
      );
    }
    return this.#checked(step, entry, produced);
  }

  /** A responder's value, checked the way `.returns()` checks a value when it is written. */
  #checked(step: PlannedSandboxStep, entry: CallEntry, value: unknown): unknown {
    const problem = resultProblem(entry.method, value);
    if (problem) throw this.#invalid(step, entry, `Its responder returned a value the SDK cannot use: ${problem}`);
    return this.#deliver(entry, resultFor(entry.method, value));
  }

  /** Hands a result back; an editor operation that succeeded also changes the workspace. */
  #deliver(entry: CallEntry, value: unknown): unknown {
    if (entry.method === 'createFile' || entry.method === 'updateFile' || entry.method === 'deleteFile') {
      if ((value as { status?: unknown } | undefined)?.status !== 'failed') this.#workspace.apply(entry.args[0] as ApplyPatchOperation);
    }
    if (entry.method === 'createEditor') this.#editor = value as Editor;
    return value;
  }

  #record(method: ScriptedMethod, args: readonly unknown[], setup: boolean, step: number | undefined, outcome: string): CallEntry {
    const entry: CallEntry = { index: this.ledger.callCount, method, args, setup, step, mismatch: false, outcome };
    this.ledger.record(() => `${describeCall(entry.method, entry.args)} → ${entry.outcome}`);
    this.#log.push(entry);
    return entry;
  }

  /** Records a mismatch of the call `entry`, worded from the parts of it that differ by case. */
  #mismatch(entry: CallEntry, spec: Pick<MismatchSpec, 'kind' | 'expected' | 'why' | 'fix'>): MismatchError {
    entry.mismatch = true;
    return this.ledger.mismatch({
      ...spec,
      callIndex: entry.index,
      ...(entry.step === undefined ? {} : { stepIndex: entry.step }),
      actual: describeCall(entry.method, entry.args),
      note: SWALLOWED,
    });
  }

  #ranOut(entry: CallEntry): Pick<MismatchSpec, 'kind' | 'expected' | 'why' | 'fix'> {
    return {
      kind: 'unexpected_call',
      expected: 'no more calls',
      why: this.script.ranOut(),
      fix: `Script another step, e.g. ${suggestion(entry.method, entry.args)}, if the workflow should go on`,
    };
  }

  /** A failure the script planned, noted for the model whose call of the shell tool it fails. */
  #plannedFailure(entry: CallEntry, error: unknown): unknown {
    const call = shellToolCall(entry.method, entry.args);
    if (call) notePlannedFailure(call);
    return error;
  }

  #responderFailed(step: PlannedSandboxStep, entry: CallEntry, error: unknown): unknown {
    // A responder may fail on purpose (that is its outcome), but a failed assertion or a bug inside
    // it is a finding the SDK would otherwise swallow along with the tool error.
    if (!isUnplannedError(error)) return this.#plannedFailure(entry, error);
    const found = responderThrew(entry.step as number, step.label, error);
    entry.outcome = found.outcome;
    return this.#mismatch(entry, found.spec);
  }

  #timedOut(step: PlannedSandboxStep, entry: CallEntry): MismatchError {
    const found = responderTimedOut(entry.step as number, step.label, this.#timeoutMs, 'sandbox');
    entry.outcome = found.outcome;
    return this.#mismatch(entry, found.spec);
  }

  #invalid(step: PlannedSandboxStep, entry: CallEntry, problem: string): MismatchError {
    entry.outcome = `invalid result from step ${(entry.step as number) + 1} ${step.label}`;
    return this.#mismatch(entry, { kind: 'invalid_step', expected: step.label, why: problem });
  }
}

const SWALLOWED =
  'The SDK may turn this error into a tool output and carry on; the script keeps it, so the test still fails.';

/** `.exec("ls").returns("…")`: the step that would have planned this call. */
function suggestion(method: ScriptedMethod, args: readonly unknown[]): string {
  const described = describeCall(method, args);
  const verb = verbOf(method);
  if (described.startsWith(`${verb} `) && method !== 'writeStdin') {
    return `.${verb}(${described.slice(verb.length + 1)}).returns(…)`;
  }
  return `.expect(${JSON.stringify(method)}).returns(…)`;
}

function snapshot({ index, method, args, setup, step, mismatch }: CallEntry): SandboxCall {
  return Object.freeze({ index, method, args, setup, step, mismatch });
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as PromiseLike<unknown>).then === 'function';
}
