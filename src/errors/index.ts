export { ScriptError, type ScriptErrorReason } from './ScriptError';
export { RecordingInCIError } from './RecordingInCIError';
export { MismatchError, type MismatchKind } from './MismatchError';
export { IncompleteScriptError } from './IncompleteScriptError';
export { UnscriptedModelError } from './UnscriptedModelError';
export { OfflineRequestError } from './OfflineRequestError';
export { SettleTimeoutError } from './SettleTimeoutError';
export { CoverageOptionsError } from './CoverageOptionsError';
export { ConfigureError } from './ConfigureError';
