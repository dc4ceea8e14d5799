export { model, ModelScript, type ModelOptions, type Responder, type ModelReplyOptions } from './builders/model/model';
export { TurnBuilder, type ComputerAction, type ModelCallOptions, type ModelHandoffOptions } from './builders/model/turn';
export type {
  WebSearchSource,
  FileSearchResult,
  CodeInterpreterOutput,
  WebSearchOptions,
  FileSearchOptions,
  CodeRunOptions,
  ImageGenerationOptions,
  HostedMcpCallOptions,
} from './builders/model/hostedCalls';
export type { ToolRef, ToolArguments, CallOptions, HandoffTarget, DoubleOptions, DoubleReport } from './vocabulary';
export type { DerivedOutput, ModelCallStream } from './fakes/model/turn';
export type { ModelCall, ToolOutput } from './fakes/model/call';
export { cassette, type CassetteMode, type CassetteOptions, type RealModel } from './builders/cassette/cassette';
export { RECORD_IN_CI_ENV } from './builders/cassette/ciRecording';
export { CassetteModel, CASSETTE_MODE_ENV, type CassetteRedaction } from './fakes/cassette/CassetteModel';
export type {
  Cassette,
  CassetteV1,
  CassetteConversation,
  CassetteCall,
  RecordedRequest,
  RecordedResponse,
  RecordedUsage,
  RequestField,
} from './fakes/cassette/file';
export { modelProvider, type ModelProviderOptions } from './builders/provider/modelProvider';
export { ProviderDouble, type ProviderRoutes } from './fakes/provider/ProviderDouble';
export { transcript } from './format/transcript';
export { streamEvents } from './format/streamEvents';
export { lifecycle } from './builders/lifecycle/lifecycle';
export { traces } from './builders/traces/traces';
export { TraceRecorder, type RecordedTrace, type TreeOptions } from './fakes/traces/TraceRecorder';
export type {
  SpanKind,
  RecordedSpan,
  SpanOfKind,
  AgentSpan,
  GenerationSpan,
  FunctionSpan,
  HandoffSpan,
  GuardrailSpan,
  CustomSpan,
  OtherSpan,
  SpanError,
} from './fakes/traces/spans';
export { sweep, type SweepOptions, type SweepReport, type FaultKind } from './sweep/sweep';
export { SweepError, type SweepPoint } from './errors/SweepError';
export { UnknownPointError } from './errors/UnknownPointError';
export { InjectedFault } from './fakes/core/faults';
export { LifecycleRecorder, type LifecycleEvent, type LifecycleSource } from './fakes/lifecycle/LifecycleRecorder';
export { runSnapshotSerializer, type SnapshotSerializer } from './matchers/runSnapshotSerializer';
export { cassetteToScript, type CodegenOptions } from './codegen/cassetteToScript';
export { ScriptError, MismatchError, IncompleteScriptError, UnscriptedModelError, OfflineRequestError, RecordingInCIError, ConfigureError } from './errors/index';
export type { ScriptErrorReason, MismatchKind } from './errors/index';
// Thrown by the coverage reporters (bad options) and `agents-testkit coverage merge` (bad parts).
export { CoverageOptionsError, CoverageMergeError, type CoverageMergeReason } from './errors/index';
export { configure, type KitConfig, type KitOptions } from './config';
export type { AllowedHost } from './fakes/offline/allowedHosts';
export type { RedactOptions } from './format/redactOptions';
export { asserting, type Asserting } from './fakes/core/predicate';
export { matchers, type MatcherState, type MatcherResult } from './matchers/index';
export type { AgentsMatchers, ExpectedArguments, DeepPartial, SpanPartial, SpanPattern } from './matchers/types';
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
} from './builders/sandbox/sandbox';
export { SandboxStep, type ReturnsArgs } from './builders/sandbox/step';
export type { SandboxCall, ScriptedMethod, SessionMethod, EditorMethod } from './fakes/sandbox/plan';
export { realtime, RealtimeScript, type ResponseBuilder, type ResponseCallOptions } from './builders/realtime/realtime';
export type {
  RealtimeCallOptions,
  ReplyOptions,
  TextReplyOptions,
  AudioReplyOptions,
  GuardrailTripOptions,
  ToolOutputOptions,
  ResponseOptions,
  McpApprovalRequestOptions,
  McpCallOptions,
  UserItemOptions,
} from './builders/realtime/options';
export type { RealtimeOptions } from './fakes/realtime/RealtimeDouble';
export type { RealtimeMcpTool } from './builders/realtime/events';
export type { RealtimeCall, RealtimeMethod, RealtimePayload } from './fakes/realtime/call';
export type { CallPattern, CallPredicate, AudioTarget, RealtimeEventName, PartialDeep, ErrorMatch } from './fakes/realtime/step';
export { pcm16, samplesOf, silence, tone, chunk, concatAudio, durationOf, type AudioOptions, type ToneOptions } from './builders/realtime/audio';
export type { AudioFormat } from './format/audioFormat';
export { SettleTimeoutError } from './errors/index';
export type { SentAudio } from './matchers/toHaveSentAudio';
export { transcriptOf } from './format/realtimeHistory';
export { mcp, McpScript, type McpOptions, type McpCallMatcher, type McpArgumentsPattern, type McpToolName } from './builders/mcp/mcp';
export { McpStep, type McpResponder } from './builders/mcp/step';
export type { McpToolDefinition, McpTools, McpToolRef, McpToolRefs, McpArguments, McpParameters } from './builders/mcp/tools';
export type { McpDoubleOptions, McpServerSettings } from './fakes/mcp/McpDouble';
export type { McpCall, McpCallResult, McpContent, McpResult, McpToolListing, McpMethod } from './fakes/mcp/plan';
export { resume, type ResumeDecisions, type ResumeOptions, type ApprovalSelector, type PausedRun } from './builders/resume/resume';
export type { ApprovalDecision, ToolRun, RunPhase } from './fakes/resume/Conversation';
export { mcpCassette, type McpCassetteOptions } from './builders/cassette/mcpCassette';
export { McpCassette } from './fakes/cassette/McpCassette';
export type { McpCassetteData, McpConversation, McpRecordedCall } from './fakes/cassette/mcpFile';
export type { Provenance as CassetteProvenance } from './fakes/cassette/provenance';
