import { redactText } from '../../format/secrets';
import { inSomeSdkRun } from '../../sdk/coupling';
import { currentRun } from '../../sdk/runnerHook';

/**
 * Copies of the SDK a test loads itself, after its file loaded: `jest.resetModules()` and then
 * `require('./app')` evaluate the SDK afresh (so does `vi.resetModules()` where Vitest inlines it),
 * and what the setup entry put on the copies it met (runs followed, tool failures and timeouts
 * noted, Realtime session errors heard, the offline guard) is not on the new one. (One loaded in
 * `jest.isolateModules()` is gone from the registry once the callback returned: nothing finds it.)
 * The setup entry says how to hook the
 * copies loaded by now; a double asks where it may meet such a copy first: when it is made (the
 * copies required by then), and when a model is called outside any run the kit follows or a
 * Realtime session connects (every copy loaded by then, ES modules included, before it answers).
 * Kept on `globalThis`: the kit's CJS and ESM builds may both be loaded in one file.
 */
export interface LateSdkCopyHooks {
  /** Hooks the copies the test file has required by now (CommonJS: found without waiting). */
  required(): void;
  /** Hooks every copy the test file has loaded by now; resolves with whether one was new. Never rejects. */
  loaded(): Promise<boolean>;
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
 * heard, but for what only its start or end tells (a timeout of a tool of its first turn, a failed
 * tool the run stops at), which the kit hears from that copy's next runs only: the console says so,
 * once per double. So it does when no copy was new: the run is of a copy the kit cannot reach. A
 * test that calls the model itself, outside any run, is told nothing.
 */
export function answerAfterHookingSdkCopies<T>(answer: () => Promise<T>, double: Labelled): Promise<T> {
  const hooks = holder[KEY];
  if (hooks === undefined || currentRun() !== undefined) return answer();
  const inRun = inSomeSdkRun();
  return hooks.loaded().then((met) => {
    if (inRun) warnOnce(double, met);
    return answer();
  });
}

/** The streamed form of `answerAfterHookingSdkCopies`. */
export function streamAfterHookingSdkCopies<T>(stream: () => AsyncIterable<T>, double: Labelled): AsyncIterable<T> {
  const hooks = holder[KEY];
  if (hooks === undefined || currentRun() !== undefined) return stream();
  const inRun = inSomeSdkRun();
  return (async function* hooked() {
    const met = await hooks.loaded();
    if (inRun) warnOnce(double, met);
    yield* stream();
  })();
}

/** What names a double in messages (its ledger). */
interface Labelled {
  readonly label: string;
}

const warned = new WeakSet<Labelled>();

function warnOnce(double: Labelled, met: boolean): void {
  if (warned.has(double)) return;
  warned.add(double);
  const what = met
    ? 'a copy of @openai/agents the kit met only at this call (a module the test loaded itself)'
    : 'a copy of @openai/agents the kit cannot reach (one loaded in jest.isolateModules(), or a second install of the SDK)';
  const fix = met
    ? 'Make the script after loading the app: a CommonJS copy is met when a double is made.'
    : 'Load the app with jest.resetModules() and require(), and install one copy of @openai/agents.';
  console.warn(
    redactText(
      `agents-testkit: ${double.label} was called from a run of ${what}. A tool failure behind the tool's own errorFunction is heard there, but not ` +
        `${met ? 'a timeout of a tool of the run\'s first turn, nor a failed tool the run stops at' : 'its tools\' timeouts, a failed tool a run stops at, nor its Realtime sessions\' errors'}. ${fix}`,
    ),
  );
}
