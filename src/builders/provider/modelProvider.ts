import type { Agent } from '@openai/agents';
import { ProviderDouble, type ProviderRoutes } from '../../fakes/provider/ProviderDouble';
import { isWatching } from '../../fakes/core/registry';
import { installRoute, routeClash } from '../../fakes/provider/routing';
import type { DoubleOptions } from '../../vocabulary';
import { checkedOptions, type OptionFailure, type OptionKeys } from '../core/options';
import { unknownKeyProblem } from '../../format/unknownKey';
import { kindOf } from '../core/stepContext';
import { isModel } from '../core/validate';

export interface ModelProviderOptions extends ProviderRoutes, DoubleOptions {}

/** A `modelProvider()`: routes can be added at any time, and the default runner routed to it for one test. */
export class ProviderScript extends ProviderDouble {
  readonly #fail: OptionFailure;
  readonly #example: string;

  /** @internal Made by `modelProvider()`. */
  constructor(options: ModelProviderOptions, fail: OptionFailure, example: string) {
    super(checkedRoutes(options, fail, example, true), options);
    this.#fail = fail;
    this.#example = example;
  }

  /**
   * Adds routes, given as to `modelProvider()`: `provider.add({ agents: { Refunds: model()… } })`.
   * A route for an agent or model this provider routes already is refused: append turns to its script instead.
   */
  add(routes: ProviderRoutes): this {
    // modelProvider() checks its keys with its options (name, verify); add() takes routes only.
    const unknown = typeof routes === 'object' && routes !== null ? unknownKeyProblem(routes, ROUTE_KEYS) : undefined;
    if (unknown !== undefined) throw this.#fail(unknown, 'unknown_option');
    const checked = checkedRoutes(routes, this.#fail, this.#example, false);
    const agents = checked.agents === undefined ? [] : checked.agents instanceof Map ? [...checked.agents.keys()] : Object.keys(checked.agents);
    for (const agent of agents as (Agent<any, any> | string)[]) {
      if (this.routesAlready({ agent })) throw this.#fail(`agents[${keyName(agent)}] is routed already; append turns to its script instead.`, 'invalid_route');
    }
    for (const model of Object.keys(checked.models ?? {})) {
      if (this.routesAlready({ model })) throw this.#fail(`models[${JSON.stringify(model)}] is routed already; append turns to its script instead.`, 'invalid_route');
    }
    this.addRoutes(checked);
    return this;
  }

  /**
   * Routes the SDK's default runner to this provider until the test ends: `run()`, and every
   * `Runner` made without a `modelProvider`, including the runs an app starts itself (in a
   * guardrail, a helper, an agent used as a tool). Called outside a test (a `describe` body or
   * `beforeAll`), the routing lasts until the file ends. Needs a setup entry, which ends it.
   */
  install(): this {
    if (!isWatching()) {
      throw this.#fail(
        'install() needs the setup entry of your runner (agents-testkit/vitest or agents-testkit/jest), which ends the routing when the test ends; without one, pass the provider to a Runner: new Runner({ modelProvider }).',
        'no_setup_entry',
      );
    }
    const clash = routeClash(this);
    if (clash !== undefined) {
      throw this.#fail(
        `${clash.route} is routed already by a provider installed while concurrent tests run (${clash.tests.map((name) => JSON.stringify(name)).join(', ')}). ` +
          'Concurrent tests share the default runner, so each would answer the other\'s calls. Give each test its own runner, new Runner({ modelProvider: provider }), or run these tests one after another.',
        'invalid_route',
      );
    }
    installRoute(this);
    return this;
  }
}

/**
 * A `ModelProvider` that routes each model request to a script, by the agent that asks (its
 * object or its name) or by the model name it asks for. Route `run()` for one test with
 * `modelProvider({ agents: { Triage: … } }).install()`, or pass it to a runner:
 * `new Runner({ modelProvider: modelProvider({ agents: { Triage: … } }) })`.
 */
export function modelProvider(options: ModelProviderOptions): ProviderScript {
  const example = "{ agents: { Triage: model().replies('…') } }";
  // The options are the routes: options that are not an object are refused as routes that are not (checkedRoutes).
  const { fail: refuse } = checkedOptions('modelProvider', typeof options === 'object' && options !== null ? options : {}, PROVIDER_OPTIONS, example);
  return new ProviderScript(options, refuse, example);
}

const ROUTE_KEYS = { agents: true, models: true } satisfies OptionKeys<ProviderRoutes>;
const PROVIDER_OPTIONS = { ...ROUTE_KEYS, name: true, verify: true } satisfies OptionKeys<ModelProviderOptions>;

/** Checks routes; `atLeastOne` refuses routes that route nothing. */
function checkedRoutes(options: ProviderRoutes, refuse: OptionFailure, example: string, atLeastOne: boolean): ProviderRoutes {
  const fail = (problem: string) => refuse(problem, 'invalid_route');
  if (typeof options !== 'object' || options === null) throw fail(`expected routes like ${example}; got ${kindOf(options)}.`);
  let count = 0;
  const agents = options.agents;
  if (agents instanceof Map) {
    for (const [key, script] of agents as Map<unknown, unknown>) {
      if (!(typeof key === 'string' ? key.trim() !== '' : isAgentLike(key))) {
        throw fail(`agents must be keyed by agent objects or names; got the key ${kindOf(key)}.`);
      }
      if (typeof key !== 'string' && (key as Agent<any, any>).name.trim() === '') throw fail(EMPTY_AGENT_NAME);
      if (!isModel(script)) throw fail(`agents[${keyName(key as Agent<any, any> | string)}] must be a Model such as model().replies('…'); got ${kindOf(script)}.`);
      count += 1;
    }
  }
  for (const key of agents instanceof Map ? (['models'] as const) : (['agents', 'models'] as const)) {
    const routes = options[key];
    if (routes === undefined) continue;
    if (typeof routes !== 'object' || routes === null || Array.isArray(routes)) {
      const like = key === 'agents' ? "{ Triage: model().replies('…') }" : "{ 'gpt-5.4-mini': model().replies('…') }";
      throw fail(`${key} must map names to scripts, like ${like}; got ${kindOf(routes)}.`);
    }
    for (const [name, script] of Object.entries(routes)) {
      if (key === 'agents' && name.trim() === '') throw fail(EMPTY_AGENT_NAME);
      if (!isModel(script)) throw fail(`${key}[${JSON.stringify(name)}] must be a Model such as model().replies('…'); got ${kindOf(script)}.`);
      count += 1;
    }
  }
  if (atLeastOne && count === 0) throw fail("it routes nothing; pass { agents: { Name: model()… } } or { models: { 'gpt-5.4-mini': model()… } }.");
  return options;
}

// An agent route under an empty name answers no request: the SDK names every agent. (A model route
// under '' is the default model's: an agent with no model asks for ''.)
const EMPTY_AGENT_NAME = "an agent route has an empty name, which no agent asks under; key it by the agent's name or object, like { agents: { Triage: model()… } }.";

/** An SDK `Agent` from either build: the CJS and ESM classes differ, so it is recognised by shape. */
function isAgentLike(value: unknown): value is Agent<any, any> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Agent).name === 'string' &&
    typeof (value as Agent).on === 'function' &&
    typeof (value as Agent).asTool === 'function'
  );
}

function keyName(key: Agent<any, any> | string): string {
  return typeof key === 'string' ? JSON.stringify(key) : `agent "${key.name}"`;
}

