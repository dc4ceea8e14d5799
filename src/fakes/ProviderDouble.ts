import type { Model, ModelProvider } from '@openai/agents';
import { MismatchError } from '../errors/MismatchError';
import { propertyKey } from '../format/brief';
import { closest, listNames } from '../format/closest';
import { currentAgentName } from './currentAgent';
import { track } from './registry';
import { assertComplete, mismatchLines } from './completeness';
import { REPORT, type DoubleReport, type Verifiable } from './report';

/** Where a provider sends each model request: scripts by agent name, and by model name. */
export interface ProviderRoutes {
  /** Scripts by the name of the agent that asks: `{ Triage: model().handsOffTo('Billing') }`. */
  agents?: Readonly<Record<string, Model>>;
  /** Scripts by the model name the agent is configured with; `''` is the SDK's default model. */
  models?: Readonly<Record<string, Model>>;
}

interface CallRecord {
  agent: string | undefined;
  modelName: string;
  route: string | undefined;
}

/**
 * A `ModelProvider` for agent graphs configured with model names: each request goes to the
 * script of the agent that asks (or of the model name it asks for). A request nobody routes
 * fails the run and is recorded, like every call a script did not plan.
 */
export class ProviderDouble implements ModelProvider, Verifiable {
  readonly label: string;
  readonly #agents: ReadonlyMap<string, Model>;
  readonly #models: ReadonlyMap<string, Model>;
  readonly #log: CallRecord[] = [];
  readonly #mismatches: MismatchError[] = [];

  constructor(routes: ProviderRoutes, options: { name?: string; verify?: boolean } = {}) {
    this.label = options.name === undefined ? 'modelProvider()' : `modelProvider(${JSON.stringify(options.name)})`;
    this.#agents = new Map(Object.entries(routes.agents ?? {}));
    this.#models = new Map(Object.entries(routes.models ?? {}));
    if (options.verify !== false) track(this);
  }

  getModel(modelName?: string): Model {
    const agent = currentAgentName();
    const name = modelName ?? '';
    const record: CallRecord = { agent, modelName: name, route: undefined };
    this.#log.push(record);
    const byAgent = agent === undefined ? undefined : this.#agents.get(agent);
    if (byAgent !== undefined) {
      record.route = `agents[${JSON.stringify(agent)}]`;
      return byAgent;
    }
    const byModel = this.#models.get(name);
    if (byModel !== undefined) {
      record.route = `models[${JSON.stringify(name)}]`;
      return byModel;
    }
    const error = this.#unrouted(agent, name, this.#log.length - 1);
    this.#mismatches.push(error);
    throw error;
  }

  /** Throws `IncompleteScriptError` when a request found no route. */
  assertComplete(): void {
    assertComplete(this);
  }

  [REPORT](): DoubleReport {
    return {
      label: this.label,
      pending: [],
      mismatches: mismatchLines(this.#mismatches),
      calls: this.#log.map(
        (call, index) => `${index + 1}. ${asker(call.agent, call.modelName)} → ${call.route ?? 'no route (mismatch)'}`,
      ),
    };
  }

  #unrouted(agent: string | undefined, modelName: string, callIndex: number): MismatchError {
    const agents = [...this.#agents.keys()];
    const models = [...this.#models.keys()];
    const suggestion = agent === undefined ? closest(modelName, models) : closest(agent, agents);
    const key = agent ?? modelName;
    return new MismatchError({
      kind: 'unrouted',
      double: this.label,
      callIndex,
      expected: `a route for ${asker(agent, modelName)}`,
      actual: asker(agent, modelName),
      message:
        `${this.label} has no script for ${asker(agent, modelName)}, at request #${callIndex + 1}. ` +
        `It routes the agents ${listNames(agents)} and the models ${listNames(models)}.` +
        `${suggestion ? ` Did you mean "${suggestion}"?` : ''}\n` +
        `Add a route: modelProvider({ ${agent === undefined ? 'models' : 'agents'}: { ${propertyKey(key)}: model().replies('…') } }).`,
    });
  }
}

function asker(agent: string | undefined, modelName: string): string {
  const model = modelName === '' ? 'the default model' : `model "${modelName}"`;
  return agent === undefined ? `an agent asking for ${model}` : `agent "${agent}" (${model})`;
}
