import { OpenAIProvider, setDefaultModelProvider, type Model, type ModelProvider } from '@openai/agents';
import { currentConfig } from '../config';
import { UnscriptedModelError } from '../errors/UnscriptedModelError';
import { currentAgentName } from '../sdk/coupling';
import type { DoubleReport } from '../vocabulary';
import { track, type Verifiable } from './registry';

/**
 * The SDK's default model provider while a setup entry is loaded. The runner asks the default
 * provider whenever an agent's model is a name or unset (`run()` and every `Runner` without its
 * own `modelProvider`), so this is where a forgotten script would otherwise reach the network.
 */
export class OfflineGuard implements ModelProvider {
  #real: OpenAIProvider | undefined;

  getModel(modelName?: string): Model | Promise<Model> {
    if (currentConfig().offline === false) {
      // What `@openai/agents` installs as its default provider when it loads.
      this.#real ??= new OpenAIProvider({ cacheResponsesWebSocketModels: false });
      return this.#real.getModel(modelName);
    }
    const error = new UnscriptedModelError({ agent: currentAgentName(), modelName: modelName ?? '' });
    track(new BlockedCall(error));
    throw error;
  }
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

/** Makes the guard the SDK's default model provider (once per module graph of the SDK). */
export function installOfflineGuard(): void {
  setDefaultModelProvider(new OfflineGuard());
}
