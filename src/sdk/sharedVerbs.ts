import { readBySdk } from './coupling';

/** What a shared name means to each reader: the session method for the SDK, the builder's verb for everyone else. */
export interface SharedVerbFaces {
  /** The session method the SDK calls, or `undefined` while the script has no step for it (the method looks absent). */
  forSdk(name: string): unknown;
  /** The builder's verb that writes a step. */
  forTest(name: string): unknown;
}

/** The key under which an object hands its shared-verb faces to the getters `defineSharedVerbs` installs. */
export const SHARED_VERB_FACES = Symbol('agents-testkit.shared-verb-faces');

/**
 * Installs a getter on `prototype` for each name that is both a builder verb and a session method
 * (`exec`, `readFile`, …). The SDK decides what a session supports by looking those names up, so
 * the getter asks who is reading (`readBySdk`): code under `@openai/agents*` finds the session
 * method only when the script has a step for it; the test finds the verb. A wrong guess fails
 * loudly — a verb called with the SDK's arguments, or a method missing for a scripted step —
 * never silently.
 */
export function defineSharedVerbs(prototype: object, names: readonly string[]): void {
  for (const name of names) {
    const get = function (this: { [SHARED_VERB_FACES]: SharedVerbFaces }): unknown {
      const faces = this[SHARED_VERB_FACES];
      return readBySdk(get) ? faces.forSdk(name) : faces.forTest(name);
    };
    Object.defineProperty(prototype, name, { get, configurable: true, enumerable: false });
  }
}
