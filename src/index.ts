export { model, ModelScript, type ModelOptions, type Responder, type ModelReplyOptions } from './builders/model';
export { TurnBuilder, type ComputerAction, type ModelCallOptions } from './builders/turn';
export type { WebSearchSource, FileSearchResult, CodeInterpreterOutput } from './builders/hostedCalls';
export type { ToolRef, ToolArguments, CallOptions, HandoffTarget, DoubleOptions, DoubleReport } from './vocabulary';
export type { DerivedOutput, ModelCallStream } from './fakes/modelTurn';
export type { ModelCall, ToolOutput } from './fakes/modelCall';
export { cassette, type CassetteMode, type CassetteOptions, type RealModel } from './builders/cassette';
export { RECORD_IN_CI_ENV } from './builders/ciRecording';
export { CassetteModel, CASSETTE_MODE_ENV, type CassetteRedaction } from './fakes/CassetteModel';
export type {
  Cassette,
  CassetteV1,
  CassetteConversation,
  CassetteCall,
  RecordedRequest,
  RecordedResponse,
  RecordedUsage,
  RequestField,
} from './fakes/cassetteFile';
export { modelProvider, type ModelProviderOptions } from './builders/modelProvider';
export { ProviderDouble, type ProviderRoutes } from './fakes/ProviderDouble';
export { transcript } from './format/transcript';
export { streamEvents } from './format/streamEvents';
export { lifecycle } from './builders/lifecycle';
export { sweep, type SweepOptions, type SweepReport, type FaultKind } from './sweep/sweep';
export { SweepError, type SweepPoint } from './errors/SweepError';
export { UnknownPointError } from './errors/UnknownPointError';
export { InjectedFault } from './fakes/faults';
export { LifecycleRecorder, type LifecycleEvent, type LifecycleSource } from './fakes/LifecycleRecorder';
export { runSnapshotSerializer, type SnapshotSerializer } from './matchers/runSnapshotSerializer';
export { cassetteToScript, type CodegenOptions } from './codegen/cassetteToScript';
export { ScriptError, MismatchError, IncompleteScriptError, UnscriptedModelError, OfflineRequestError, RecordingInCIError } from './errors/index';
export type { ScriptErrorReason, MismatchKind } from './errors/index';
export { configure, type KitConfig, type KitOptions } from './config';
export type { AllowedHost } from './fakes/allowedHosts';
export type { RedactOptions } from './format/redactOptions';
export { asserting, type Asserting } from './fakes/predicate';
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
export {
  realtime,
  RealtimeScript,
  type RealtimeCallOptions,
  type ReplyOptions,
  type TextReplyOptions,
  type AudioReplyOptions,
  type GuardrailTripOptions,
  type ToolOutputOptions,
  type ResponseOptions,
  type McpApprovalRequestOptions,
  type McpCallOptions,
  type ResponseBuilder,
  type ResponseCallOptions,
} from './builders/realtime';
export type { RealtimeOptions } from './fakes/RealtimeDouble';
export type { RealtimeMcpTool } from './builders/realtimeEvents';
export type { RealtimeCall, RealtimeMethod, RealtimePayload } from './fakes/realtimeCall';
export type { CallPattern, CallPredicate, AudioTarget, RealtimeEventName, PartialDeep, ErrorMatch } from './fakes/realtimeStep';
export { pcm16, samplesOf, silence, tone, chunk, concatAudio, durationOf, type AudioOptions, type ToneOptions } from './builders/audio';
export type { AudioFormat } from './format/audioFormat';
export { SettleTimeoutError } from './errors/index';
export type { SentAudio } from './matchers/toHaveSentAudio';
export { transcriptOf } from './format/realtimeHistory';
export { mcp, McpScript, type McpOptions, type McpCallMatcher, type McpArgumentsPattern, type McpToolName } from './builders/mcp';
export { McpStep, type McpResponder } from './builders/mcpStep';
export type { McpToolDefinition, McpTools, McpToolRef, McpToolRefs, McpArguments, McpParameters } from './builders/mcpTools';
export type { McpDoubleOptions, McpServerSettings } from './fakes/McpDouble';
export type { McpCall, McpCallResult, McpContent, McpResult, McpToolListing, McpMethod } from './fakes/mcpPlan';
export { resume, type ResumeDecisions, type ResumeOptions, type ApprovalSelector, type PausedRun } from './builders/resume';
export type { ApprovalDecision, ToolRun, RunPhase } from './fakes/Conversation';
export { mcpCassette, type McpCassetteOptions } from './builders/mcpCassette';
export { McpCassette } from './fakes/McpCassette';
export type { McpCassetteData, McpConversation, McpRecordedCall } from './fakes/mcpCassetteFile';
