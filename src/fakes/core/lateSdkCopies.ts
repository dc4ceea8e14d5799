import { currentRun } from '../../sdk/runnerHook';

/**
 * Copies of the SDK a test loads itself, after its file loaded: `jest.resetModules()` or
 * `jest.isolateModules()` and then `require('./app')` evaluate the SDK afresh, and what the setup
 * entry put on the copies it met (runs followed, tool failures and timeouts noted, Realtime session
 * errors heard, the offline guard) is not on the new one. The setup entry says how to hook the
 * copies loaded by now; a double asks where it may meet such a copy first: when it is made (the
 * copies required by then), and when a model is called outside any run the kit follows or a
 * Realtime session connects (every copy loaded by then, ES modules included, before it answers).
 * Kept on `globalThis`: the kit's CJS and ESM builds may both be loaded in one file.
 */
export interface LateSdkCopyHooks {
  /** Hooks the copies the test file has required by now (CommonJS: found without waiting). */
  required(): void;
  /** Hooks every copy the test file has loaded by now. Never rejects. */
  loaded(): Promise<void>;
}

const KEY = Symbol.for('agents-testkit.late-sdk-copies');
const holder = globalThis as typeof globalThis & { [KEY]?: LateSdkCopyHooks };

/** Called by the setup entry. */
export function hookLateSdkCopiesWith(hooks: LateSdkCopyHooks): void {
  holder[KEY] = hooks;
}

/** Called when a double is made. Without a setup entry, nothing. */
export function hookSdkCopiesRequiredNow(): void {
  holder[KEY]?.required();
}

/** `opened` once every copy loaded by now is hooked (a Realtime session's connection). */
export function afterHookingSdkCopies<T>(opened: Promise<T>): Promise<T> {
  const hooks = holder[KEY];
  return hooks === undefined ? opened : opened.then((value) => hooks.loaded().then(() => value));
}

/**
 * A model's answer, once every copy loaded by now is hooked when the call comes from no run the
 * kit follows: the run of a copy met late, whose tools have yet to run. The rest of that run is
 * heard, but for what only its run's start or end tells (a timeout of a tool of its first turn, a
 * failed tool the run stopped at), which the kit learns of from its next runs only.
 */
export function answerAfterHookingSdkCopies<T>(answer: () => Promise<T>): Promise<T> {
  const hooks = holder[KEY];
  if (hooks === undefined || currentRun() !== undefined) return answer();
  return hooks.loaded().then(answer);
}

/** The streamed form of `answerAfterHookingSdkCopies`. */
export function streamAfterHookingSdkCopies<T>(stream: () => AsyncIterable<T>): AsyncIterable<T> {
  const hooks = holder[KEY];
  if (hooks === undefined || currentRun() !== undefined) return stream();
  return (async function* hooked() {
    await hooks.loaded();
    yield* stream();
  })();
}
