import type { ScriptedSandboxMethod } from '@openai/agents/testing';
import type { Rejection } from '../core/predicate';

/** The session methods a script can plan steps for (every method of the SDK's `SandboxSession`). */
export type SessionMethod = ScriptedSandboxMethod;

/** The operations of the editor the kit hands the filesystem capability for `apply_patch`. */
export type EditorMethod = 'createFile' | 'updateFile' | 'deleteFile';

export type ScriptedMethod = SessionMethod | EditorMethod;

/**
 * How each session method is called, as the SDK's own scripted session has it: a sync method
 * throws its failure, an async one returns a rejected promise. Typed against the installed SDK,
 * so a method added upstream fails the type check here instead of going missing.
 */
export const SESSION_METHOD_MODES: Readonly<Record<SessionMethod, 'sync' | 'async'>> = {
  start: 'async',
  running: 'async',
  registerPreStopHook: 'sync',
  runPreStopHooks: 'async',
  preStop: 'async',
  stop: 'async',
  shutdown: 'async',
  delete: 'async',
  createEditor: 'sync',
  exec: 'async',
  execCommand: 'async',
  writeStdin: 'async',
  viewImage: 'async',
  readFile: 'async',
  listDir: 'async',
  pathExists: 'async',
  directoryExists: 'async',
  materializeEntry: 'async',
  applyManifest: 'async',
  persistWorkspace: 'async',
  hydrateWorkspace: 'async',
  setArchiveLimits: 'sync',
  resolveExposedPort: 'async',
  supportsPty: 'sync',
  close: 'async',
};

export function isSessionMethod(name: unknown): name is SessionMethod {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(SESSION_METHOD_MODES, name);
}

/** One call the session received, as `sb.calls` lists it: a frozen snapshot. */
export interface SandboxCall {
  /** The zero-based position of the call in `sb.calls`. */
  readonly index: number;
  /** The session method, or the editor operation (`createFile`, `updateFile`, `deleteFile`). */
  readonly method: ScriptedMethod;
  /** Detached invocation-time arguments, in parameter order. */
  readonly args: readonly unknown[];
  /** A set-up call the kit answered itself (editor creation, capability probes), not a step. */
  readonly setup: boolean;
  /** The zero-based step the call consumed, if it consumed one. */
  readonly step: number | undefined;
  /** The script did not plan this call; it is recorded as a mismatch. */
  readonly mismatch: boolean;
}

/** What a planned step does once a call reaches it. */
export type PlannedOutcome =
  | { kind: 'returns'; value: unknown }
  | { kind: 'fails'; error: unknown }
  | { kind: 'responds'; respond: (args: readonly unknown[], call: SandboxCall) => unknown };

/** One planned step: a method, a check of the call's arguments, and one outcome. */
export interface PlannedSandboxStep {
  method: ScriptedMethod;
  /** The step as written, without its number: `exec("pwd").returns("/workspace\n")`. */
  label: string;
  /** What the step expects, for "expected … got …": `exec "pwd"`. */
  expects: string;
  /** Why the step rejects these arguments, or `undefined` when it accepts them. */
  check(args: readonly unknown[]): Rejection | undefined;
  outcome: PlannedOutcome;
}

/**
 * A detached, frozen copy of call arguments: plain objects, arrays and byte arrays are copied so
 * that later mutation by the SDK cannot rewrite the record; runtime objects (a `Manifest`, a
 * callback) keep their identity, as in the SDK's own recorded calls.
 */
export function detach<T>(value: T): T {
  if (Array.isArray(value)) return Object.freeze(value.map((item) => detach(item))) as T;
  if (value instanceof Uint8Array) return new Uint8Array(value) as T;
  if (isPlainObject(value)) {
    const copy: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) copy[key] = detach(inner);
    return Object.freeze(copy) as T;
  }
  return value;
}

/** A fresh, mutable copy of a scripted result, so one call's mutation cannot leak into the next. */
export function fresh<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => fresh(item)) as T;
  if (value instanceof Uint8Array) return new Uint8Array(value) as T;
  if (isPlainObject(value)) {
    const copy: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) copy[key] = fresh(inner);
    return copy as T;
  }
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
