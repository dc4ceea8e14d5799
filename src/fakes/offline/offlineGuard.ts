import * as bundledSdk from '@openai/agents';
import type { Agent, Model, ModelProvider } from '@openai/agents';
import { currentConfig } from '../../config';
import { UnscriptedModelError } from '../../errors/UnscriptedModelError';
import { currentAgentNameIn, defaultProviderLookup, type RunnerClass } from '../../sdk/coupling';
import type { DoubleReport } from '../../vocabulary';
import { track, type Verifiable } from '../core/registry';
import { answerFromRoutes } from '../provider/routing';

/**
 * One module graph of the SDK. Its CJS and ESM builds are two, each with its own default
 * provider, default runner, current span and `OpenAIProvider` class; a test file may use the one
 * the kit's setup entry did not load (Jest's native ESM loads the kit's CJS setup build).
 */
export interface SdkCopy {
  setDefaultModelProvider(provider: ModelProvider): void;
  setTracingDisabled(disabled: boolean): void;
  getCurrentSpan(): { spanData?: unknown } | null | undefined;
  OpenAIProvider: new (options?: { cacheResponsesWebSocketModels?: boolean }) => ModelProvider;
  Runner: RunnerClass;
  Agent: new (config: { name: string; model: string }) => Agent<any, any>;
  run(agent: Agent<any, any>, input: string): Promise<unknown>;
  /** The span classes, whose errors tell a tool failed (src/sdk/toolFailures.ts). */
  Span?: unknown;
  NoopSpan?: unknown;
  /** The Realtime classes, whose sessions tell a script of their errors (src/sdk/coupling/realtimeSessionErrors.ts). */
  realtime?: { RealtimeSession?: unknown };
}

/** The copy of the SDK this build of the kit imports. */
export const BUNDLED_SDK = bundledSdk as unknown as SdkCopy;

/** The model name of the one request that makes the SDK's default runner keep the kit's provider. */
const PRIME_MODEL = '\u0000agents-testkit: priming the default runner';
const PRIMED = new Error('agents-testkit primed the default runner');

/** Whether an agent is the one the kit runs to prime a default runner: not the app's, so coverage leaves it out. */
export function isPrimingAgent(agent: unknown): boolean {
  return (agent as { model?: unknown } | null)?.model === PRIME_MODEL;
}
/** What the kit's provider answers when it finds itself asked through the SDK's default: no one else is the default. */
const ITSELF = Object.freeze({ itself: true }) as unknown as Model;

/** The model name the kit asks the SDK's default provider for, to learn which provider that is (see `defaultOf`). */
const PROBE_MODEL = '\u0000agents-testkit: which provider is the default?';
const PROBED = Symbol.for('agents-testkit.probedDefault');

/** What answers a probe: the kit's provider itself, or an `OpenAIProvider` (which the kit's wrapper stops before it does anything). */
interface Probed {
  [PROBED]: true;
  who: 'kit' | 'openai';
  provider: ModelProvider;
}

interface GuardState {
  /** The kit's provider of each copy of the SDK, by that copy's `setDefaultModelProvider`. */
  providers: Map<unknown, KitProvider>;
  /** Copies whose default runner already keeps the kit's provider, by their `run`. */
  primed: WeakSet<object>;
  /** Above 0 while the kit itself asks an `OpenAIProvider` for a model (a cassette recording). */
  allowReal: number;
}

const KEY = Symbol.for('agents-testkit.offlineGuard');
const scope = globalThis as typeof globalThis & { [KEY]?: GuardState };
const state: GuardState = (scope[KEY] ??= { providers: new Map(), primed: new WeakSet(), allowReal: 0 });

/**
 * The SDK's default model provider while a setup entry is loaded, one per copy of the SDK. The
 * runner asks the default provider whenever an agent's model is a name or unset (`run()` and every
 * `Runner` without its own `modelProvider`), so this is where a forgotten script would otherwise
 * reach the network. It delegates: first to the providers the test installed
 * (`modelProvider({…}).install()`), then to a default a test set with `setDefaultModelProvider()`
 * since, then to the one the app set (`adopt`), and only then does it stop the request (or, with
 * `configure({ offline: false })`, hand it to a fresh `OpenAIProvider`, the SDK's own default).
 * The SDK's default runner keeps the first provider it resolves, so it must be this one, asked
 * before any test sets another: see `primeDefaultRunner`.
 */
export class KitProvider implements ModelProvider {
  readonly #sdk: SdkCopy;
  readonly #currentDefault: () => ModelProvider;
  #real: ModelProvider | undefined;
  #forwarding = false;
  /** The provider the app set as the SDK's default itself (at module scope, in a setup file): the app's, used as it is. */
  #app: ModelProvider | undefined;
  /** Whether the kit took an `OpenAIProvider` for the SDK's own where it cannot tell (see `installOfflineGuard`). */
  tookLateOpenAIProvider = false;

  constructor(sdk: SdkCopy) {
    this.#sdk = sdk;
    this.#currentDefault = defaultProviderLookup(sdk.Runner);
  }

  getModel(modelName?: string): Model | Promise<Model> {
    if (this.#forwarding) return ITSELF;
    const name = modelName ?? '';
    if (name === PRIME_MODEL) throw PRIMED;
    if (name === PROBE_MODEL) throw probed('kit', this);
    const agent = currentAgentNameIn(() => this.#sdk.getCurrentSpan());
    const routed = answerFromRoutes(agent, name);
    if (routed !== undefined) return routed;
    const forwarded = this.#forward(modelName);
    if (forwarded !== ITSELF) return forwarded;
    if (this.#app !== undefined) return this.#app.getModel(modelName);
    if (currentConfig().offline === false) {
      // What `@openai/agents` installs as its default provider when it loads.
      this.#real ??= new this.#sdk.OpenAIProvider({ cacheResponsesWebSocketModels: false });
      return this.#real.getModel(modelName);
    }
    return block(agent, name, 'default', this.tookLateOpenAIProvider);
  }

  /** Makes `provider` the app's own default, which answers what no route and no test's default does. */
  adopt(provider: ModelProvider): void {
    this.#app = provider;
  }

  /** Asks whatever is the SDK's default provider now; `ITSELF` when that is this provider. */
  #forward(modelName: string | undefined): Model | Promise<Model> {
    this.#forwarding = true;
    try {
      return this.#currentDefault().getModel(modelName);
    } finally {
      this.#forwarding = false;
    }
  }
}

/** Stops one request, and records it so that the test fails even if the run's error is swallowed. */
function block(agent: string | undefined, modelName: string, via: 'default' | 'app', tookLateOpenAIProvider = false): never {
  const error = new UnscriptedModelError({ agent, modelName, via, tookLateOpenAIProvider });
  track(new BlockedCall(error));
  throw error;
}

/** One model request the guard stopped, kept so that the test fails even if the run's error is swallowed. */
class BlockedCall implements Verifiable {
  readonly #error: UnscriptedModelError;

  constructor(error: UnscriptedModelError) {
    this.#error = error;
  }

  report(): DoubleReport {
    const { agent, modelName } = this.#error;
    return {
      label: 'the offline guard',
      pending: [],
      mismatches: [this.#error.message.split('\n')[0] as string],
      calls: [`1. ${agent === undefined ? 'an agent' : `agent "${agent}"`} asked for ${modelName === '' ? 'the default model' : `model "${modelName}"`} → blocked`],
      notes: ['Give the agent a script (model: model()…), or turn the guard off with configure({ offline: false }).'],
    };
  }
}

/**
 * Puts the kit's provider in front of one copy of the SDK: makes it the copy's default provider,
 * turns the copy's tracing off, and makes its `OpenAIProvider` class answer to
 * `configure({ offline: 'strict' })`. Called when the setup entry loads and again once the test
 * file has loaded (`when: 'loaded'`), so that a provider the app set with `setDefaultModelProvider()`
 * in between (at module scope, the SDK's documented way) is the app's: the kit adopts it and asks it
 * whatever no route answers, rather than replacing it. The provider the kit stands in front of is
 * the SDK's own, the `OpenAIProvider` that was the default when the kit first met the copy. A copy
 * first met after the test file loaded (the test file's ES module build under Jest's native ESM)
 * may hold an `OpenAIProvider` the app set; the kit cannot tell it from the SDK's own, and the first
 * run it stops says so.
 */
export function installOfflineGuard(sdk: SdkCopy = BUNDLED_SDK, when: 'setup' | 'loaded' = 'setup'): KitProvider {
  let provider = state.providers.get(sdk.setDefaultModelProvider);
  const firstMeeting = provider === undefined;
  if (provider === undefined) {
    provider = new KitProvider(sdk);
    state.providers.set(sdk.setDefaultModelProvider, provider);
    guardAppProviders(sdk);
  }
  const found = defaultOf(sdk);
  if (found.who === 'app' || (found.who === 'openai' && !firstMeeting)) provider.adopt(found.provider);
  else if (found.who === 'openai' && when === 'loaded') provider.tookLateOpenAIProvider = true;
  sdk.setDefaultModelProvider(provider);
  sdk.setTracingDisabled(true);
  return provider;
}

/**
 * Which provider is a copy's default now. The SDK keeps it to itself; a fresh lookup (a provider
 * that asks the default at its first request) asks it for a model the kit's provider and the
 * `OpenAIProvider` wrapper recognise and refuse on the spot. Any other provider is the app's: it
 * is asked for that model once (what it answers is dropped), and the lookup, now holding it, is
 * the app's provider from then on.
 */
function defaultOf(sdk: SdkCopy): { who: 'kit' | 'openai' | 'app'; provider: ModelProvider } | { who: 'none' } {
  const lookup = defaultProviderLookup(sdk.Runner)();
  try {
    const answer = lookup.getModel(PROBE_MODEL) as unknown;
    if (answer instanceof Promise) answer.catch(() => undefined);
  } catch (error) {
    if (isProbed(error)) return error;
    // `getDefaultModelProvider()` throws when no default was ever set.
    if (/No default model provider set/.test(String((error as Error | undefined)?.message))) return { who: 'none' };
  }
  return { who: 'app', provider: lookup };
}

function probed(who: Probed['who'], provider: ModelProvider): Probed {
  return { [PROBED]: true, who, provider };
}

function isProbed(value: unknown): value is Probed {
  return typeof value === 'object' && value !== null && (value as Partial<Probed>)[PROBED] === true;
}

/** Whether the kit's provider is installed in this copy of the SDK. */
export function isGuarded(sdk: SdkCopy): boolean {
  return state.providers.has(sdk.setDefaultModelProvider);
}

/** Makes the kit's provider every copy's default again (a test may have set its own with `setDefaultModelProvider`). */
export function restoreDefaults(): void {
  for (const [setDefault, provider] of state.providers) (setDefault as SdkCopy['setDefaultModelProvider'])(provider);
}

/**
 * Makes the copy's default runner (the one `run()` uses) resolve its provider now, while the
 * kit's provider is the default: the runner keeps the first provider it resolves, and a test that
 * later calls `setDefaultModelProvider(…)` or `.install()` must still be heard. One request with a
 * name only the kit's provider knows; it fails at once, before any model is called.
 */
export async function primeDefaultRunner(sdk: SdkCopy = BUNDLED_SDK): Promise<void> {
  if (state.primed.has(sdk.run)) return;
  state.primed.add(sdk.run);
  installOfflineGuard(sdk);
  await sdk.run(new sdk.Agent({ name: 'agents-testkit', model: PRIME_MODEL }), '').catch(() => undefined);
}

/**
 * `configure({ offline: 'strict' })`: a model that an app's own `new OpenAIProvider()` hands out
 * is stopped as well. Wraps `getModel` of the copy's `OpenAIProvider` class once; with any other
 * setting the wrapper only passes the call on (and answers the kit's probe, see `defaultOf`).
 */
function guardAppProviders(sdk: SdkCopy): void {
  const prototype = sdk.OpenAIProvider.prototype as ModelProvider & { [WRAPPED]?: true };
  if (prototype[WRAPPED] || typeof prototype.getModel !== 'function') return;
  const original = prototype.getModel;
  prototype.getModel = function getModel(this: ModelProvider, modelName?: string) {
    if (modelName === PROBE_MODEL) throw probed('openai', this);
    if (currentConfig().offline === 'strict' && state.allowReal === 0) {
      block(currentAgentNameIn(() => sdk.getCurrentSpan()), modelName ?? '', 'app');
    }
    return original.call(this, modelName);
  };
  Object.defineProperty(prototype, WRAPPED, { value: true });
}

const WRAPPED = Symbol.for('agents-testkit.guardsOpenAIProvider');

/** Runs `fn` (synchronous) with the kit's own requests for a real model let through: a cassette that records. */
export function allowingRealModels<T>(fn: () => T): T {
  state.allowReal += 1;
  try {
    return fn();
  } finally {
    state.allowReal -= 1;
  }
}
