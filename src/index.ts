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
  realtime,
  RealtimeScript,
  type RealtimeCallOptions,
  type ReplyOptions,
  type TextReplyOptions,
  type AudioReplyOptions,
  type GuardrailTripOptions,
} from './builders/realtime';
export type { RealtimeOptions } from './fakes/RealtimeDouble';
export type { RealtimeCall, RealtimeMethod, RealtimePayload } from './fakes/realtimeCall';
export type { CallPattern, AudioTarget, RealtimeEventName, PartialDeep } from './fakes/realtimeStep';
export { pcm16, samplesOf, silence, tone, chunk, concatAudio, durationOf, type AudioOptions, type ToneOptions } from './builders/audio';
export type { AudioFormat } from './format/audioFormat';
export { SettleTimeoutError } from './errors/index';
export type { SentAudio } from './matchers/toHaveSentAudio';
export { transcriptOf } from './format/realtimeHistory';
