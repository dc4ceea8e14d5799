/** Where a builder call writes, and the error that refuses it: kept with `ScriptError`, which the fakes throw too. */
export { misuse, type StepContext } from '../../errors/ScriptError';

/** What a value is, for "got …" in misuse messages (kept here for the builders that import it). */
export { kindOf } from '../../format/kindOf';
