import type { Agent, Model, ModelProvider } from '@openai/agents';
import type { MismatchSpec } from '../../errors/MismatchError';
import { propertyKey } from '../../format/brief';
import { closest, listNames } from '../../format/closest';
import { currentAgentName } from '../../sdk/coupling';
import type { DoubleOptions } from '../../vocabulary';
import { followRuns, isRunning } from './agentRuns';
import { Double, identity } from '../core/double';
import { ledgerOf } from '../core/ledger';
import { ANSWER, ROUTED, ROUTES, type RoutedNames, type RoutingProvider } from './routing';

/**
 * Scripts by the agent that asks: a record by agent name (`{ Triage: model()… }`), or a `Map`
 * whose keys are agent objects or names (`new Map([[billing, model()…]])`).
 */
export type AgentRoutes = Readonly<Record<string, Model>> | ReadonlyMap<Agent<any, any> | string, Model>;

/** Where a provider sends each model request: scripts by agent (object or name), and by model name. */
export interface ProviderRoutes {
  /** Scripts by the agent that asks: `{ Triage: model().handsOffTo('Billing') }`, or a `Map` keyed by agent objects. */
  agents?: AgentRoutes;
  /** Scripts by the model name the agent is configured with; `''` is the SDK's default model. */
  models?: Readonly<Record<string, Model>>;
}

/** Where one request went: the script and how the call list names its route, or why none fits. */
type Lookup = { model: Model; route: string } | { miss: 'none' | 'other_object' | 'ambiguous'; named?: number };

/**
 * A `ModelProvider` for agent graphs configured with model names: each request goes to the
 * script of the agent that asks (by object or by name), or of the model name it asks for. A
 * request nobody routes fails the run and is recorded, like every call a script did not plan.
 *
 * A provider learns only the asking agent's name. For routes given by agent object it follows
 * those agents' runs (their `agent_start`, `agent_end` and `agent_handoff` events): the routed
 * object of that name whose run is under way is the one asking. An agent of the same name that is
 * not the routed object is unrouted, not misrouted. Two routed agents of one name running at the
 * same time cannot be told apart, and neither can a routed one and another of its name running
 * alongside it.
 */
export class ProviderDouble extends Double implements ModelProvider, RoutingProvider {
  readonly #byName = new Map<string, Model>();
  readonly #byObject = new Map<Agent<any, any>, Model>();
  readonly #byModel = new Map<string, Model>();

  constructor(routes: ProviderRoutes, options: DoubleOptions = {}) {
    super(identity('modelProvider', options, { pending: () => [] }));
    this.addRoutes(routes);
  }

  /** Adds routes (checked by the builder); a key routed already is refused there. */
  protected addRoutes(routes: ProviderRoutes): void {
    const agents = routes.agents;
    const entries = agents === undefined ? [] : isMap(agents) ? [...agents.entries()] : Object.entries(agents);
    for (const [key, script] of entries) {
      labelRoute(script, `agents[${JSON.stringify(typeof key === 'string' ? key : key.name)}]`);
      if (typeof key === 'string') {
        this.#byName.set(key, script);
      } else {
        followRuns(key);
        this.#byObject.set(key, script);
      }
    }
    for (const [name, script] of Object.entries(routes.models ?? {})) {
      labelRoute(script, `models[${JSON.stringify(name)}]`);
      this.#byModel.set(name, script);
    }
  }

  /** Whether a route already answers this agent (object or name) or this model name. */
  protected routesAlready(key: { agent: Agent<any, any> | string } | { model: string }): boolean {
    if ('model' in key) return this.#byModel.has(key.model);
    return typeof key.agent === 'string' ? this.#byName.has(key.agent) : this.#byObject.has(key.agent);
  }

  getModel(modelName?: string): Model {
    return this[ANSWER](currentAgentName(), modelName ?? '');
  }

  /** Throws `IncompleteScriptError` when a request found no route. */
  override assertComplete(): void {
    super.assertComplete();
  }

  [ROUTED](): RoutedNames {
    const agents = new Set([...this.#byName.keys(), ...[...this.#byObject.keys()].map((agent) => agent.name)]);
    return [...[...agents].map((name) => `agents[${JSON.stringify(name)}]`), ...[...this.#byModel.keys()].map((name) => `models[${JSON.stringify(name)}]`)];
  }

  [ROUTES](agent: string | undefined, modelName: string): boolean {
    return 'model' in this.#lookup(agent, modelName);
  }

  [ANSWER](agent: string | undefined, modelName: string): Model {
    let route = 'no route';
    const callIndex = this.ledger.record(() => `${asker(agent, modelName)} → ${route}`);
    const found = this.#lookup(agent, modelName);
    if ('model' in found) {
      route = found.route;
      return found.model;
    }
    throw this.#unrouted(agent, modelName, callIndex, found);
  }

  #lookup(agent: string | undefined, modelName: string): Lookup {
    if (agent !== undefined) {
      const named = [...this.#byObject].filter(([object]) => object.name === agent);
      const running = named.filter(([object]) => isRunning(object));
      const [only] = running;
      if (only !== undefined && running.length === 1) return { model: only[1], route: `agents[agent "${agent}", by object]` };
      if (running.length > 1) return { miss: 'ambiguous', named: running.length };
      const byName = this.#byName.get(agent);
      if (byName !== undefined) return { model: byName, route: `agents[${JSON.stringify(agent)}]` };
      const byModel = this.#byModel.get(modelName);
      if (byModel !== undefined) return { model: byModel, route: `models[${JSON.stringify(modelName)}]` };
      return { miss: named.length > 0 ? 'other_object' : 'none' };
    }
    const byModel = this.#byModel.get(modelName);
    if (byModel !== undefined) return { model: byModel, route: `models[${JSON.stringify(modelName)}]` };
    return { miss: 'none' };
  }

  #unrouted(agent: string | undefined, modelName: string, callIndex: number, found: Exclude<Lookup, { model: Model }>): Error {
    const names = [...this.#byName.keys()];
    const agents = [...names.map((name) => `"${name}"`), ...[...this.#byObject.keys()].map((object) => `"${object.name}" (by object)`)];
    const models = [...this.#byModel.keys()];
    const actual = asker(agent, modelName);
    const routes = `It routes the agents ${agents.length === 0 ? 'nothing' : joined(agents)} and the models ${listNames(models)}.`;
    // The three ways a call finds no route differ only in what they say.
    return this.ledger.mismatch({ kind: 'unrouted', callIndex, actual, ...this.#unroutedSentence(agent, modelName, found, routes) });
  }

  #unroutedSentence(agent: string | undefined, modelName: string, found: Exclude<Lookup, { model: Model }>, routes: string): Pick<MismatchSpec, 'expected' | 'why' | 'fix'> {
    if (found.miss === 'ambiguous') {
      return {
        expected: 'one route for it',
        why: `${found.named} agents named "${agent}" that it routes by object were running at once, and a provider learns only the asking agent's name`,
        fix: 'Give the agents distinct names, or run them one after the other',
      };
    }
    if (found.miss === 'other_object') {
      return {
        expected: 'a route for it',
        why: `It routes an agent named "${agent}" by object, and the agent that asked is another agent of that name. ${routes}`,
        fix: `Route the agent that ran: modelProvider({ agents: new Map([[thatAgent, model().replies('…')]]) })`,
      };
    }
    const names = [...this.#byName.keys(), ...[...this.#byObject.keys()].map((object) => object.name)];
    const suggestion = agent === undefined ? closest(modelName, [...this.#byModel.keys()]) : closest(agent, names);
    const key = agent ?? modelName;
    return {
      expected: 'a route for it',
      why: `${routes}${suggestion ? ` Did you mean "${suggestion}"?` : ''}`,
      fix: `Add a route: modelProvider({ ${agent === undefined ? 'models' : 'agents'}: { ${propertyKey(key)}: model().replies('…') } })`,
    };
  }
}

function isMap(value: AgentRoutes): value is ReadonlyMap<Agent<any, any> | string, Model> {
  return value instanceof Map;
}

function joined(items: readonly string[]): string {
  return items.length === 1 ? (items[0] as string) : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function asker(agent: string | undefined, modelName: string): string {
  const model = modelName === '' ? 'the default model' : `model "${modelName}"`;
  return agent === undefined ? `an agent asking for ${model}` : `agent "${agent}" (${model})`;
}

/** A script of the kit's own is named by its route until a run reaches it; a model of the app's own is left alone. */
function labelRoute(script: Model, route: string): void {
  ledgerOf(script)?.serveRoute(route);
}
