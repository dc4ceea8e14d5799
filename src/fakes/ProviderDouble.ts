import type { Model, ModelProvider } from '@openai/agents';
import { propertyKey } from '../format/brief';
import { closest, listNames } from '../format/closest';
import { currentAgentName } from '../sdk/coupling';
import type { DoubleOptions } from '../vocabulary';
import { Ledger, LEDGER } from './ledger';

/** Where a provider sends each model request: scripts by agent name, and by model name. */
export interface ProviderRoutes {
  /** Scripts by the name of the agent that asks: `{ Triage: model().handsOffTo('Billing') }`. */
  agents?: Readonly<Record<string, Model>>;
  /** Scripts by the model name the agent is configured with; `''` is the SDK's default model. */
  models?: Readonly<Record<string, Model>>;
}

/**
 * A `ModelProvider` for agent graphs configured with model names: each request goes to the
 * script of the agent that asks (or of the model name it asks for). A request nobody routes
 * fails the run and is recorded, like every call a script did not plan.
 */
export class ProviderDouble implements ModelProvider {
  readonly #agents: ReadonlyMap<string, Model>;
  readonly #models: ReadonlyMap<string, Model>;
  readonly #ledger: Ledger;

  constructor(routes: ProviderRoutes, options: DoubleOptions = {}) {
    this.#agents = new Map(Object.entries(routes.agents ?? {}));
    this.#models = new Map(Object.entries(routes.models ?? {}));
    this.#ledger = new Ledger({ kind: 'modelProvider', name: options.name, verify: options.verify !== false, pending: () => [] });
  }

  /** The bookkeeping matchers and the after-each verification read. */
  get [LEDGER](): Ledger {
    return this.#ledger;
  }

  /** How messages name this provider: `modelProvider()` or `modelProvider("support")`. */
  get label(): string {
    return this.#ledger.label;
  }

  getModel(modelName?: string): Model {
    const agent = currentAgentName();
    const name = modelName ?? '';
    let route = 'no route';
    const callIndex = this.#ledger.record(() => `${asker(agent, name)} → ${route}`);
    const byAgent = agent === undefined ? undefined : this.#agents.get(agent);
    if (byAgent !== undefined) {
      route = `agents[${JSON.stringify(agent)}]`;
      return byAgent;
    }
    const byModel = this.#models.get(name);
    if (byModel !== undefined) {
      route = `models[${JSON.stringify(name)}]`;
      return byModel;
    }
    throw this.#unrouted(agent, name, callIndex);
  }

  /** Throws `IncompleteScriptError` when a request found no route. */
  assertComplete(): void {
    this.#ledger.assertComplete();
  }

  #unrouted(agent: string | undefined, modelName: string, callIndex: number): Error {
    const agents = [...this.#agents.keys()];
    const models = [...this.#models.keys()];
    const suggestion = agent === undefined ? closest(modelName, models) : closest(agent, agents);
    const key = agent ?? modelName;
    return this.#ledger.mismatch({
      kind: 'unrouted',
      callIndex,
      actual: asker(agent, modelName),
      expected: 'a route for it',
      why: `It routes the agents ${listNames(agents)} and the models ${listNames(models)}.${suggestion ? ` Did you mean "${suggestion}"?` : ''}`,
      fix: `Add a route: modelProvider({ ${agent === undefined ? 'models' : 'agents'}: { ${propertyKey(key)}: model().replies('…') } })`,
    });
  }
}

function asker(agent: string | undefined, modelName: string): string {
  const model = modelName === '' ? 'the default model' : `model "${modelName}"`;
  return agent === undefined ? `an agent asking for ${model}` : `agent "${agent}" (${model})`;
}
