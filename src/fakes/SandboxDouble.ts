import type { ApplyPatchOperation, Editor } from '@openai/agents';
import { Manifest, type ExecCommandArgs, type SandboxSessionState } from '@openai/agents/sandbox';
import { MismatchError } from '../errors/MismatchError';
import { brief } from '../format/brief';
import type { DoubleOptions } from './ModelDouble';
import { track } from './registry';
import { assertComplete } from './completeness';
import { REPORT, type DoubleReport, type Verifiable } from './report';
import {
  SESSION_METHOD_MODES,
  describeCall,
  detach,
  fresh,
  isSessionMethod,
  verbOf,
  type PlannedSandboxStep,
  type SandboxCall,
  type ScriptedMethod,
  type SessionMethod,
} from './sandboxPlan';
import { resultFor, resultProblem } from './sandboxResults';
import { setupAnswer } from './sandboxSetup';
import { SandboxWorkspace, type FileWrite } from './sandboxWorkspace';

export interface SandboxDoubleOptions extends DoubleOptions {
  /** Session methods the SDK should find although no step names them; each call still needs a step. */
  supports?: readonly SessionMethod[];
  /** Files the workspace holds before the run, so that patches to them have a known result. */
  files?: Readonly<Record<string, string>>;
}

/** What the matchers read off a `sandbox()` script. */
export interface SandboxRecord {
  label: string;
  calls: readonly SandboxCall[];
  writes: readonly FileWrite[];
}

/** The key under which a sandbox double hands the matchers its record. */
export const SANDBOX_RECORD = Symbol.for('agents-testkit.sandbox-record');

interface CallEntry extends SandboxCall {
  /** What the call got, for reports: `step 1 exec("pwd").returns(…)`. */
  readonly outcome: string;
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
export class SandboxDouble implements Verifiable {
  readonly name: string | undefined;
  /** The session state the SDK reads and updates: an empty manifest, as on the SDK's scripted session. */
  state: SandboxSessionState = { manifest: new Manifest() };
  readonly #steps: PlannedSandboxStep[] = [];
  #used = 0;
  readonly #log: CallEntry[] = [];
  readonly #mismatches: MismatchError[] = [];
  readonly #present = new Set<SessionMethod>(ALWAYS_PRESENT);
  readonly #faces = new Map<SessionMethod, (...args: unknown[]) => unknown>();
  readonly #workspace: SandboxWorkspace;
  /** What `createEditor()` hands out when no step claims the call. */
  #editor: Editor;

  constructor(options: SandboxDoubleOptions = {}) {
    this.name = options.name;
    this.#workspace = new SandboxWorkspace(options.files);
    this.#editor = {
      createFile: (operation) => this.#callAsync('createFile', [operation]) as Promise<void>,
      updateFile: (operation) => this.#callAsync('updateFile', [operation]) as Promise<void>,
      deleteFile: (operation) => this.#callAsync('deleteFile', [operation]) as Promise<void>,
    };
    for (const method of options.supports ?? []) this.#install(method);
    if (options.verify !== false) track(this);
  }

  /** How messages name this double: `sandbox()` or `sandbox("ci")`. */
  get label(): string {
    return this.name === undefined ? 'sandbox()' : `sandbox(${JSON.stringify(this.name)})`;
  }

  /** Every call the session received, set-up calls included, as frozen snapshots. */
  get calls(): readonly SandboxCall[] {
    return Object.freeze(this.#log.map(snapshot));
  }

  /** The number of steps not consumed yet (a step still waiting for its outcome included). */
  get remainingSteps(): number {
    return this.#steps.length - this.#used + this.unfinishedSteps().length;
  }

  /** Throws `IncompleteScriptError` when steps are left or a call did not match the script. */
  assertComplete(): void {
    assertComplete(this);
  }

  [REPORT](): DoubleReport {
    return {
      label: this.label,
      pending: [
        ...this.#steps.slice(this.#used).map((step, offset) => `${this.#used + offset + 1}. ${step.label}`),
        ...this.unfinishedSteps(),
      ],
      mismatches: this.#mismatches.map((mismatch) => mismatch.message.split('\n')[0] as string),
      calls: this.#log.map((entry) => `${entry.index + 1}. ${describeCall(entry.method, entry.args)} → ${entry.outcome}`),
    };
  }

  [SANDBOX_RECORD](): SandboxRecord {
    return { label: this.label, calls: this.calls, writes: this.#workspace.writes };
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

  /** Appends a planned step; the builder's only way in. Returns its zero-based index. */
  protected appendStep(step: PlannedSandboxStep): number {
    this.#steps.push(step);
    if (isSessionMethod(step.method)) this.#install(step.method);
    // A writeStdin step is what makes the shell capability offer `write_stdin`.
    if (step.method === 'writeStdin') this.#install('supportsPty');
    return this.#steps.length - 1;
  }

  protected get stepCount(): number {
    return this.#steps.length;
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

  /** Throws when the script cannot be used yet (a step still waits for its outcome). */
  protected assertUsable(): void {}

  /** Steps written but not finished, numbered, for reports. */
  protected unfinishedSteps(): string[] {
    return [];
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
    const index = this.#log.length;
    const args = detach([...rawArgs]);
    try {
      this.assertUsable();
    } catch (error) {
      this.#record({ index, method, args, setup: false, step: undefined, mismatch: false, outcome: 'refused: the script has a step without outcome' });
      throw error;
    }
    const next = this.#steps[this.#used];
    const sameMethod = next !== undefined && next.method === method;
    const rejection = sameMethod ? next.check(args) : undefined;
    const setup = setupAnswer(method, args, { editor: this.#editor, interactive: this.#steps.some((step) => step.method === 'writeStdin') });
    if (setup && !(sameMethod && (rejection === undefined || !setup.shared))) {
      this.#record({ index, method, args, setup: true, step: undefined, mismatch: false, outcome: `${setup.label} (set-up)` });
      return setup.value;
    }
    if (next === undefined) {
      this.#record({ index, method, args, setup: false, step: undefined, mismatch: true, outcome: 'mismatch: no step left' });
      throw this.#mismatch(this.#ranOut(method, args, index));
    }
    const stepIndex = this.#used;
    this.#used += 1;
    if (!sameMethod || rejection !== undefined) {
      this.#record({ index, method, args, setup: false, step: stepIndex, mismatch: true, outcome: `mismatch with step ${stepIndex + 1} ${next.label}` });
      throw this.#mismatch(this.#unexpected(next, stepIndex, method, args, index, sameMethod ? rejection : undefined));
    }
    const entry: CallEntry = { index, method, args, setup: false, step: stepIndex, mismatch: false, outcome: `step ${stepIndex + 1} ${next.label}` };
    this.#record(entry);
    return this.#play(next, stepIndex, entry);
  }

  #play(step: PlannedSandboxStep, stepIndex: number, entry: CallEntry): unknown {
    const { outcome } = step;
    if (outcome.kind === 'fails') throw outcome.error;
    if (outcome.kind === 'returns') return this.#deliver(entry, resultFor(entry.method, fresh(outcome.value)));
    let produced: unknown;
    try {
      produced = outcome.respond(entry.args, snapshot(entry));
    } catch (error) {
      throw this.#responderFailed(step, stepIndex, entry, error);
    }
    if (isThenable(produced)) {
      if (SESSION_METHOD_MODES[entry.method as SessionMethod] === 'sync') {
        throw this.#invalid(step, stepIndex, entry, `${entry.method}() is synchronous, so its responder must not return a promise.`);
      }
      return Promise.resolve(produced).then(
        (value) => this.#checked(step, stepIndex, entry, value),
        (error: unknown) => {
          throw this.#responderFailed(step, stepIndex, entry, error);
        },
      );
    }
    return this.#checked(step, stepIndex, entry, produced);
  }

  /** A responder's value, checked the way `.returns()` checks a value when it is written. */
  #checked(step: PlannedSandboxStep, stepIndex: number, entry: CallEntry, value: unknown): unknown {
    const problem = resultProblem(entry.method, value);
    if (problem) throw this.#invalid(step, stepIndex, entry, `its responder returned a value the SDK cannot use: ${problem}`);
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

  #record(entry: CallEntry): void {
    this.#log.push(entry);
  }

  #mismatch(error: MismatchError): MismatchError {
    this.#mismatches.push(error);
    return error;
  }

  #flag(entry: CallEntry, outcome: string): void {
    const position = this.#log.indexOf(entry);
    if (position !== -1) this.#log[position] = { ...entry, mismatch: true, outcome };
  }

  #unexpected(
    step: PlannedSandboxStep,
    stepIndex: number,
    method: ScriptedMethod,
    args: readonly unknown[],
    index: number,
    reason: string | undefined,
  ): MismatchError {
    const actual = describeCall(method, args);
    return new MismatchError({
      kind: method === step.method ? 'wrong_arguments' : 'wrong_method',
      double: this.label,
      callIndex: index,
      stepIndex,
      expected: step.expects,
      actual,
      message:
        `${this.label} expected ${step.expects}, got ${actual} (call ${index + 1}, step ${stepIndex + 1})${reason ? `: ${reason}` : ''}.` +
        `\n${SWALLOWED}`,
    });
  }

  #ranOut(method: ScriptedMethod, args: readonly unknown[], index: number): MismatchError {
    const actual = describeCall(method, args);
    const total = this.#steps.length;
    return new MismatchError({
      kind: 'unexpected_call',
      double: this.label,
      callIndex: index,
      actual,
      message:
        `${this.label} expected no more calls, got ${actual} (call ${index + 1}): ` +
        `${total === 0 ? 'its script has no steps' : total === 1 ? 'its one step is used' : `all ${total} steps are used`}. ` +
        `Script another step, e.g. ${suggestion(method, args)}, if the workflow should go on.\n${SWALLOWED}`,
    });
  }

  #responderFailed(step: PlannedSandboxStep, stepIndex: number, entry: CallEntry, error: unknown): unknown {
    // A responder may fail on purpose (that is its outcome), but a failed assertion inside it is a
    // finding the SDK would otherwise swallow along with the tool error.
    if (!isAssertionError(error)) return error;
    this.#flag(entry, `failed an assertion in step ${stepIndex + 1} ${step.label}`);
    return this.#mismatch(
      new MismatchError({
        kind: 'failed_assertion',
        double: this.label,
        callIndex: entry.index,
        stepIndex,
        expected: step.label,
        actual: describeCall(entry.method, entry.args),
        message:
          `${this.label} step ${stepIndex + 1} ${step.label} failed an assertion on ${describeCall(entry.method, entry.args)} ` +
          `(call ${entry.index + 1}): ${firstLine(error)}\n${SWALLOWED}`,
      }),
    );
  }

  #invalid(step: PlannedSandboxStep, stepIndex: number, entry: CallEntry, problem: string): MismatchError {
    this.#flag(entry, `invalid result from step ${stepIndex + 1} ${step.label}`);
    return this.#mismatch(
      new MismatchError({
        kind: 'invalid_step',
        double: this.label,
        callIndex: entry.index,
        stepIndex,
        expected: step.label,
        actual: describeCall(entry.method, entry.args),
        message: `${this.label} step ${stepIndex + 1} ${step.label} answered ${describeCall(entry.method, entry.args)} (call ${entry.index + 1}) badly: ${problem}\n${SWALLOWED}`,
      }),
    );
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

/** Failed `expect()` and `assert` calls, under Vitest, Jest and node:assert. */
function isAssertionError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name } = error as { name?: unknown };
  return name === 'AssertionError' || name === 'JestAssertionError' || 'matcherResult' in error;
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : brief(error);
  return (text.split('\n').find((line) => line.trim() !== '') ?? text).trim();
}
