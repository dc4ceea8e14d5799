// The app under test: it sets its own default model provider at module scope, the SDK's documented
// way, so that every agent whose model is a name runs on the app's own gateway.
import { Agent, run, setDefaultModelProvider, Usage, type Model, type ModelProvider, type ModelRequest, type ModelResponse } from '@openai/agents';

/** The app's gateway: here, one that answers every request with the model's name, offline. */
class GatewayProvider implements ModelProvider {
  getModel(name?: string): Model {
    const reply = (): ModelResponse => ({
      usage: new Usage(),
      output: [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: `Answered by the gateway (${name}).` }] }],
    });
    return {
      getResponse: async (_request: ModelRequest) => reply(),
      getStreamedResponse: async function* () {
        yield { type: 'response_done', response: { id: 'gateway', usage: { requests: 1, inputTokens: 0, outputTokens: 0, totalTokens: 0 }, output: reply().output } } as never;
      },
    };
  }
}

setDefaultModelProvider(new GatewayProvider());

export const assistant = new Agent({ name: 'Assistant', model: 'gpt-5.4-mini', instructions: 'Answer briefly.' });

export async function answer(question: string): Promise<string> {
  return String((await run(assistant, question)).finalOutput);
}
