import type { Model } from '@openai/agents';
import { inTest } from '../core/registry';
import { concurrentTests } from '../../runner/concurrent';

/**
 * The providers a test routed the default runner to (`modelProvider({…}).install()`). The kit's
 * default provider asks them first. Kept on `globalThis`, like the registry, so that the kit's
 * CJS and ESM builds (one loaded by the setup entry, one by the test file) share one table.
 */

/** How the kit's default provider asks an installed provider; symbols shared by every copy of the kit. */
export const ROUTES = Symbol.for('agents-testkit.routes');
export const ANSWER = Symbol.for('agents-testkit.answer');
export const ROUTED = Symbol.for('agents-testkit.routed');

/** The names a provider routes, as its routes write them: `agents["Triage"]`, `models["gpt-5.4-mini"]`. */
export type RoutedNames = readonly string[];

export interface RoutingProvider {
  /** Whether a route answers this request, without recording anything. */
  [ROUTES](agent: string | undefined, modelName: string): boolean;
  /** Answers the request as `getModel` would, recording it: a route's script, or an unrouted mismatch thrown. */
  [ANSWER](agent: string | undefined, modelName: string): Model;
  /** The routes it has, by name; a copy of the kit from before this existed has none. */
  [ROUTED]?(): RoutedNames;
}

type Scope = 'test' | 'file';

interface RoutingState {
  installed: { provider: RoutingProvider; scope: Scope }[];
}

const KEY = Symbol.for('agents-testkit.routing');
const scope = globalThis as typeof globalThis & { [KEY]?: RoutingState };
const state: RoutingState = (scope[KEY] ??= { installed: [] });

/**
 * Routes the default runner to `provider` until the running test ends, or until the file ends when
 * no test is running (a `describe` body or `beforeAll`). Installing a provider twice is harmless.
 */
export function installRoute(provider: RoutingProvider): void {
  if (state.installed.some((entry) => entry.provider === provider)) return;
  state.installed.push({ provider, scope: inTest() ? 'test' : 'file' });
}

/** Two providers routing one name while concurrent tests run: each test's run could reach the other's script. */
export interface RouteClash {
  /** The route both providers have: `agents["Triage"]`. */
  route: string;
  /** The concurrent tests under way, the one installing among them. */
  tests: readonly string[];
}

/**
 * The route `provider` shares with a provider installed already, when concurrent tests are under
 * way: the default runner is one for the whole file, so the newest provider would answer both
 * tests' calls. Sequential tests never clash: a test's routes end with it.
 */
export function routeClash(provider: RoutingProvider): RouteClash | undefined {
  if (state.installed.some((entry) => entry.provider === provider)) return undefined;
  const tests = concurrentTests();
  if (tests.length < 2) return undefined;
  const mine = new Set(provider[ROUTED]?.() ?? []);
  for (const entry of state.installed) {
    const route = (entry.provider[ROUTED]?.() ?? []).find((name) => mine.has(name));
    if (route !== undefined) return { route, tests };
  }
  return undefined;
}

/** Ends the routes of a test (when it ends) or every route (when the file ends). */
export function endRoutes(ending: Scope): void {
  state.installed = ending === 'file' ? [] : state.installed.filter((entry) => entry.scope === 'file');
}

/** Whether any provider is installed. */
export function hasRoutes(): boolean {
  return state.installed.length > 0;
}

/**
 * The model an installed provider routes this request to, the newest installed first; when
 * providers are installed but none routes it, the newest records the request as unrouted and
 * throws. `undefined` when no provider is installed.
 */
export function answerFromRoutes(agent: string | undefined, modelName: string): Model | undefined {
  const newestFirst = [...state.installed].reverse();
  const newest = newestFirst[0];
  if (newest === undefined) return undefined;
  const routing = newestFirst.find((entry) => entry.provider[ROUTES](agent, modelName)) ?? newest;
  return routing.provider[ANSWER](agent, modelName);
}
