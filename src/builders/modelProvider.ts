import { ProviderDouble, type ProviderRoutes } from '../fakes/ProviderDouble';
import type { DoubleOptions } from '../vocabulary';
import { checkedOptions } from './options';
import { kindOf } from './stepContext';
import { isModel } from './validate';

export interface ModelProviderOptions extends ProviderRoutes, DoubleOptions {}

/**
 * A `ModelProvider` that routes each model request to a script, by the name of the agent that
 * asks or by the model name it asks for: `new Runner({ modelProvider: modelProvider({ agents: { Triage: … } }) })`.
 */
export function modelProvider(options: ModelProviderOptions): ProviderDouble {
  const example = "{ agents: { Triage: model().replies('…') } }";
  // The options are the routes, so options that are not an object are routes that are not.
  const { fail: refuse } = checkedOptions('modelProvider', typeof options === 'object' && options !== null ? options : {}, example);
  const fail = (problem: string) => refuse(problem, 'invalid_route');
  if (typeof options !== 'object' || options === null) throw fail(`expected routes like ${example}; got ${kindOf(options)}.`);
  let count = 0;
  for (const key of ['agents', 'models'] as const) {
    const routes = options[key];
    if (routes === undefined) continue;
    if (typeof routes !== 'object' || routes === null || Array.isArray(routes)) {
      throw fail(`${key} must map names to scripts, like { ${key === 'agents' ? 'Triage' : "'gpt-5.4-mini'"}: model().replies('…') }; got ${kindOf(routes)}.`);
    }
    for (const [name, script] of Object.entries(routes)) {
      if (!isModel(script)) throw fail(`${key}[${JSON.stringify(name)}] must be a Model such as model().replies('…'); got ${kindOf(script)}.`);
      count += 1;
    }
  }
  if (count === 0) throw fail("it routes nothing; pass { agents: { Name: model()… } } or { models: { 'gpt-5.4-mini': model()… } }.");
  return new ProviderDouble(options, options);
}
