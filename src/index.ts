export { model, ModelScript, type ModelOptions, type Responder } from './builders/model';
export { TurnBuilder } from './builders/turn';
export type { ToolRef, ToolArguments, CallOptions } from './builders/toolTypes';
export type { HandoffTarget, DerivedOutput, ModelCallStream } from './fakes/modelTurn';
export type { DoubleOptions } from './fakes/ModelDouble';
export type { ModelCall, ToolOutput } from './fakes/modelCall';
export type { DoubleReport } from './fakes/report';
export { cassette, type CassetteMode, type CassetteOptions, type RealModel } from './builders/cassette';
export { CassetteModel, CASSETTE_MODE_ENV, type CassetteRedaction } from './fakes/CassetteModel';
export type { Cassette, CassetteCall, RecordedRequest, RecordedResponse, RecordedUsage, RequestField } from './fakes/cassetteFile';
export { modelProvider, type ModelProviderOptions } from './builders/modelProvider';
export { ProviderDouble, type ProviderRoutes } from './fakes/ProviderDouble';
export { transcript } from './format/transcript';
export { runSnapshotSerializer, type SnapshotSerializer } from './matchers/runSnapshotSerializer';
export { cassetteToScript, type CodegenOptions } from './codegen/cassetteToScript';
export { ScriptError, MismatchError, IncompleteScriptError, UnscriptedModelError } from './errors/index';
export type { ScriptErrorReason, MismatchKind } from './errors/index';
export { configure, type KitConfig } from './config';
export { matchers, type MatcherState, type MatcherResult } from './matchers/index';
export type { AgentsMatchers, ExpectedArguments, DeepPartial } from './matchers/types';
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
