import type { ApplyPatchOperation, ApplyPatchResult, ToolOutputImage } from '@openai/agents';
import type {
  ExecCommandArgs,
  ListDirectoryArgs,
  ReadFileArgs,
  SandboxDirectoryEntry,
  SandboxSession,
  ViewImageArgs,
  WriteStdinArgs,
} from '@openai/agents/sandbox';
import type { ScriptedSandboxCallFor } from '@openai/agents/testing';
import { SandboxDouble, type SandboxDoubleOptions } from '../../fakes/sandbox/SandboxDouble';
import { verbOf } from '../../fakes/sandbox/describeCall';
import { SESSION_METHOD_MODES, isSessionMethod, type SandboxCall, type ScriptedMethod, type SessionMethod } from '../../fakes/sandbox/plan';
import { defineSharedVerbs, SHARED_VERB_FACES, type SharedVerbFaces } from '../../sdk/sharedVerbs';
import { brief } from '../../format/brief';
import { closest } from '../../format/closest';
import { judge, type Asserting, type Rejection } from '../../fakes/core/predicate';
import { checkedOptions, isTimeout, MAX_TIMEOUT_MS, type OptionKeys } from '../core/options';
import { SandboxStep } from './step';
import { kindOf, misuse, type StepContext } from '../core/stepContext';

export interface SandboxOptions extends SandboxDoubleOptions {}

type SessionFn<M extends SessionMethod> = Extract<NonNullable<SandboxSession[M]>, (...args: any[]) => any>;

/** What a session method resolves to: `string` for `execCommand`, `boolean` for `pathExists`, … */
export type SessionResult<M extends SessionMethod> = Awaited<ReturnType<SessionFn<M>>>;

/** The arguments a session method is called with, in parameter order. */
export type SessionArgs<M extends SessionMethod> = Parameters<SessionFn<M>>;

/**
 * What a verb matches a call by: the exact command or path, a RegExp tested against it, a
 * predicate on the call's arguments that accepts it by returning `true` (a forgotten `return` is a
 * mistake the script reports, never a yes), or a check made of assertions, `asserting((args) => …)`.
 */
export type CallMatcher<Args> = string | RegExp | ((args: Args) => boolean) | Asserting<[Args]>;

/** `pathExists(path, runAs?)`, as a predicate sees it. */
export interface PathArgs {
  path: string;
  runAs?: string;
}

/** What an editor operation returns: nothing ("Patch applied."), the output text, or `{ status, output }`. */
export type EditResult = ApplyPatchResult | string | void;

export type CreateFileOperation = Extract<ApplyPatchOperation, { type: 'create_file' }>;
export type UpdateFileOperation = Extract<ApplyPatchOperation, { type: 'update_file' }>;
export type DeleteFileOperation = Extract<ApplyPatchOperation, { type: 'delete_file' }>;

/** A step written by a named verb: its responder gets the call's arguments and the recorded call. */
export type VerbStep<Result, Args> = SandboxStep<Result, (args: Args, call: SandboxCall) => Result | PromiseLike<Result>, SandboxScript>;

/** A step written by `expect(method)`: its responder gets the recorded call, as on the SDK's scripted session. */
export type ExpectStep<M extends SessionMethod> = SandboxStep<
  SessionResult<M>,
  (call: ScriptedSandboxCallFor<M>) => SessionResult<M> | PromiseLike<SessionResult<M>>,
  SandboxScript
>;

/**
 * A verb named like a session method. The test writes steps with it; the SDK, which looks the name
 * up to decide what the session supports, finds the session method only when the script has a
 * step for it (see `src/sdk/sharedVerbs.ts`).
 */
export type SharedVerb<M extends SessionMethod, Args, Result> = ((matcher: CallMatcher<Args>) => VerbStep<Result, Args>) & SessionFn<M>;

interface VerbSpec {
  method: ScriptedMethod;
  /** The argument the string or RegExp form matches. */
  field: string;
  /** What it is called in messages. */
  noun: string;
  /** The arguments a predicate and a responder see. */
  view(args: readonly unknown[]): unknown;
  /** Whether an empty string is a meaningful match (`writeStdin('')` polls). */
  emptyAllowed?: boolean;
}

const first = (args: readonly unknown[]): unknown => args[0];

const VERBS = {
  exec: { method: 'execCommand', field: 'cmd', noun: 'command', view: first },
  readFile: { method: 'readFile', field: 'path', noun: 'path', view: first },
  listDir: { method: 'listDir', field: 'path', noun: 'path', view: first },
  viewImage: { method: 'viewImage', field: 'path', noun: 'path', view: first },
  writeStdin: { method: 'writeStdin', field: 'chars', noun: 'characters', view: first, emptyAllowed: true },
  pathExists: { method: 'pathExists', field: 'path', noun: 'path', view: (args) => ({ path: args[0], runAs: args[1] }) },
  createFile: { method: 'createFile', field: 'path', noun: 'path', view: first },
  updateFile: { method: 'updateFile', field: 'path', noun: 'path', view: first },
  deleteFile: { method: 'deleteFile', field: 'path', noun: 'path', view: first },
} satisfies Record<string, VerbSpec>;

type VerbName = keyof typeof VERBS;

/** The verbs that share their name with a session method. */
const SHARED = ['exec', 'readFile', 'listDir', 'viewImage', 'writeStdin', 'pathExists'] as const;
type SharedName = (typeof SHARED)[number];

/**
 * A scripted sandbox session: every verb opens one step, its outcome ends it and returns the
 * script, which is itself the `SandboxSession` to run an agent with:
 * `run(agent, input, { sandbox: { session: sandbox().exec('pwd').returns('/workspace\n') } })`.
 */
export class SandboxScript extends SandboxDouble {
  /** The shell capability runs a command (`execCommand`): the exact command, a RegExp, or a predicate on its arguments. */
  declare readonly exec: SharedVerb<'exec', ExecCommandArgs, string>;
  /** A file read (the memory and skills capabilities read files): the path, a RegExp, or a predicate. */
  declare readonly readFile: SharedVerb<'readFile', ReadFileArgs, string | Uint8Array>;
  /** A directory listing (skills discovery): the path, a RegExp, or a predicate. */
  declare readonly listDir: SharedVerb<'listDir', ListDirectoryArgs, SandboxDirectoryEntry[]>;
  /** The filesystem capability's `view_image`: the path, a RegExp, or a predicate. */
  declare readonly viewImage: SharedVerb<'viewImage', ViewImageArgs, ToolOutputImage>;
  /** Input to a running command (the shell's `write_stdin`); scripting it makes the shell interactive. */
  declare readonly writeStdin: SharedVerb<'writeStdin', WriteStdinArgs, string>;
  /** A path check (memory and lazy skills check paths): the path, a RegExp, or a predicate on `{ path, runAs }`. */
  declare readonly pathExists: SharedVerb<'pathExists', PathArgs, boolean>;

  readonly #verbFaces = new Map<string, (...args: unknown[]) => unknown>();

  constructor(options?: SandboxOptions) {
    super(checkedSandboxOptions(options));
  }

  /** The model's patch creates a file (an `apply_patch` operation through the script's editor). */
  createFile(path: CallMatcher<CreateFileOperation>): VerbStep<EditResult, CreateFileOperation> {
    return this.#verb('createFile', path) as VerbStep<EditResult, CreateFileOperation>;
  }

  /** The model's patch updates (or moves) a file. */
  updateFile(path: CallMatcher<UpdateFileOperation>): VerbStep<EditResult, UpdateFileOperation> {
    return this.#verb('updateFile', path) as VerbStep<EditResult, UpdateFileOperation>;
  }

  /** The model's patch deletes a file. */
  deleteFile(path: CallMatcher<DeleteFileOperation>): VerbStep<EditResult, DeleteFileOperation> {
    return this.#verb('deleteFile', path) as VerbStep<EditResult, DeleteFileOperation>;
  }

  /**
   * A call of any `SandboxSession` method (`start`, `materializeEntry`, …), optionally checked by a
   * predicate on its arguments in parameter order, as on the SDK's scripted session.
   */
  expect<M extends SessionMethod>(method: M, match?: ((...args: SessionArgs<M>) => boolean) | Asserting<SessionArgs<M>>): ExpectStep<M> {
    const context = this.#context('expect');
    if (!isSessionMethod(method)) {
      const suggestion = typeof method === 'string' ? closest(method, Object.keys(SESSION_METHOD_MODES)) : undefined;
      throw misuse(
        context,
        'unknown_method',
        `expected a SandboxSession method name; got ${kindOf(method)}.${suggestion ? ` Did you mean "${suggestion}"?` : ''}`,
      );
    }
    if (match !== undefined && typeof match !== 'function') {
      throw misuse(context, 'invalid_matcher', `the second argument checks the call's arguments and must be a function; got ${kindOf(match)}.`);
    }
    const label = `expect(${JSON.stringify(method)}${match ? `, ${match.name || 'fn'}` : ''})`;
    const check = (args: readonly unknown[]): Rejection | undefined =>
      match === undefined ? undefined : judge(match, args);
    return this.#start(
      context,
      method,
      label,
      `${method}${match ? ` matching ${match.name || 'a predicate'}` : ''}`,
      check,
      (respond: (call: ScriptedSandboxCallFor<M>) => unknown) => (_args: readonly unknown[], call: SandboxCall) =>
        respond(Object.freeze({ index: call.index, method, args: call.args }) as ScriptedSandboxCallFor<M>),
    ) as ExpectStep<M>;
  }

  /** @internal What the shared verbs' getters (`defineSharedVerbs`) hand each reader. */
  get [SHARED_VERB_FACES](): SharedVerbFaces {
    return {
      forSdk: (name) => (this.presentToSdk(name as SharedName) ? this.sessionFace(name as SharedName) : undefined),
      forTest: (name) => {
        let face = this.#verbFaces.get(name);
        if (!face) {
          // Code other than the SDK that calls the session with the SDK's arguments still reaches the session.
          face = (...args: unknown[]) =>
            name !== 'pathExists' && isArgumentsObject(args[0]) ? this.sessionFace(name as SharedName)(...args) : this.#verb(name as SharedName, args[0]);
          this.#verbFaces.set(name, face);
        }
        return face;
      },
    };
  }

  #context(verb: string): StepContext {
    const context = { double: this.label, stepIndex: this.stepCount, verb };
    const open = this.openedStep;
    if (open) {
      throw misuse(open.context, 'missing_outcome', `${open.label} has no outcome; end it with .returns(…), .fails(…) or .responds(…) before writing the next step.`);
    }
    return context;
  }

  #verb(name: VerbName, matcher: unknown): SandboxStep<unknown, never, SandboxScript> {
    const spec: VerbSpec = VERBS[name];
    const context = this.#context(name);
    const shown = describeMatcher(matcher);
    if (typeof matcher === 'string') {
      if (matcher.trim() === '' && !spec.emptyAllowed) {
        throw misuse(
          context,
          name === 'exec' ? 'empty_command' : 'empty_path',
          `the ${spec.noun} is empty; pass the exact ${spec.noun}, a RegExp, or a predicate on the call's arguments.`,
        );
      }
    } else if (!(matcher instanceof RegExp) && typeof matcher !== 'function') {
      throw misuse(
        context,
        'invalid_matcher',
        `expected the ${spec.noun} (a string), a RegExp, or a predicate on the call's arguments; got ${kindOf(matcher)}.`,
      );
    }
    const label = `${name}(${shown})`;
    const expects = `${verbOf(spec.method)} ${typeof matcher === 'function' ? `matching ${matcher.name || 'a predicate'}` : shown}`;
    const check = (args: readonly unknown[]): Rejection | undefined => {
      const view = spec.view(args);
      if (typeof matcher === 'function') return judge(matcher as (value: unknown) => unknown, [view]);
      const value = (view as Record<string, unknown> | undefined)?.[spec.field] ?? (spec.emptyAllowed ? '' : undefined);
      if (typeof matcher === 'string') return value === matcher ? undefined : DIFFERENT;
      const pattern = matcher as RegExp;
      pattern.lastIndex = 0;
      return typeof value === 'string' && pattern.test(value) ? undefined : DIFFERENT;
    };
    return this.#start(context, spec.method, label, expects, check, (respond: (view: unknown, call: SandboxCall) => unknown) =>
      (args: readonly unknown[], call: SandboxCall) => respond(spec.view(args), call),
    );
  }

  #start<Respond extends (...args: never[]) => unknown>(
    context: StepContext,
    method: ScriptedMethod,
    label: string,
    expects: string,
    check: (args: readonly unknown[]) => Rejection | undefined,
    adapt: (respond: Respond) => (args: readonly unknown[], call: SandboxCall) => unknown,
  ): SandboxStep<unknown, Respond, SandboxScript> {
    this.openStep({ context, label });
    return new SandboxStep<unknown, Respond, SandboxScript>({ ...context, verb: label }, method, adapt, (outcome, outcomeLabel) => {
      this.closeStep({ method, label: `${label}.${outcomeLabel}`, expects, check, outcome });
      return this;
    });
  }
}

defineSharedVerbs(SandboxScript.prototype, SHARED);

/** A scripted sandbox session: `run(agent, input, { sandbox: { session: sandbox().exec('pwd').returns('/workspace\n') } })`. */
export function sandbox(options?: SandboxOptions): SandboxScript {
  return new SandboxScript(options);
}

/** A call whose command or path is another than the step's: the expected and actual values say it all. */
const DIFFERENT: Rejection = { kind: 'wrong_arguments', reason: '' };

function describeMatcher(matcher: unknown): string {
  if (typeof matcher === 'function') return matcher.name || 'fn';
  return brief(matcher, 60);
}

function isArgumentsObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !(value instanceof RegExp) && !Array.isArray(value);
}

const SANDBOX_OPTIONS = { name: true, verify: true, supports: true, files: true, timeoutMs: true } satisfies OptionKeys<SandboxOptions>;

function checkedSandboxOptions(raw: SandboxOptions | undefined): SandboxOptions {
  const { options, fail } = checkedOptions('sandbox', raw, SANDBOX_OPTIONS, "{ name: 'ci' }");
  const { supports, files, timeoutMs } = options;
  if (timeoutMs !== undefined && !isTimeout(timeoutMs)) {
    throw fail(`timeoutMs is how long a responder may take, a positive number of milliseconds up to ${MAX_TIMEOUT_MS}; got ${kindOf(timeoutMs)}.`);
  }
  if (supports !== undefined) {
    if (!Array.isArray(supports)) throw fail(`supports lists session method names, like ['pathExists']; got ${kindOf(supports)}.`);
    for (const method of supports as unknown[]) {
      if (isSessionMethod(method)) continue;
      const suggestion = typeof method === 'string' ? closest(method, Object.keys(SESSION_METHOD_MODES)) : undefined;
      throw fail(`supports lists SandboxSession methods; ${kindOf(method)} is not one.${suggestion ? ` Did you mean "${suggestion}"?` : ''}`);
    }
  }
  if (files !== undefined) {
    if (typeof files !== 'object' || files === null || Array.isArray(files)) {
      throw fail(`files maps paths to contents, like { 'README.md': '# Hello' }; got ${kindOf(files)}.`);
    }
    for (const [path, content] of Object.entries(files)) {
      if (typeof content !== 'string') throw fail(`files[${JSON.stringify(path)}] must be the file's content as a string; got ${kindOf(content)}.`);
    }
  }
  return options;
}
