export { model, ModelScript, type ModelOptions, type Responder } from './builders/model';
export { TurnBuilder } from './builders/turn';
export type { ToolRef, ToolArguments, CallOptions } from './builders/toolTypes';
export type { HandoffTarget, DerivedOutput, ModelCallStream } from './fakes/modelTurn';
export type { DoubleOptions } from './fakes/ModelDouble';
export type { ModelCall, ToolOutput } from './fakes/modelCall';
export type { DoubleReport } from './fakes/report';
export { ScriptError, MismatchError, IncompleteScriptError } from './errors/index';
export type { ScriptErrorReason, MismatchKind } from './errors/index';
export { configure, type KitConfig } from './config';
export {
  sandbox,
  SandboxScript,
  type SandboxOptions,
  type CallMatcher,
  type PathArgs,
  type EditResult,
  type CreateFileOperation,
  type UpdateFileOperation,
  type DeleteFileOperation,
  type VerbStep,
  type ExpectStep,
  type SharedVerb,
  type SessionResult,
  type SessionArgs,
} from './builders/sandbox';
export { SandboxStep, type ReturnsArgs } from './builders/sandboxStep';
export type { SandboxCall, ScriptedMethod, SessionMethod, EditorMethod } from './fakes/sandboxPlan';
