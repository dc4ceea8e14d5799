// Nobody set a provider here: the SDK's own OpenAI provider is the default, and the guard stands in
// front of it.
import { Agent, run } from '@openai/agents';

// Must FAIL, naming: Agent "Unscripted" would call the real model "gpt-5.4"
// Must FAIL, naming: agents-testkit keeps tests offline
test("the SDK's own OpenAI provider is still blocked", async () => {
  await run(new Agent({ name: 'Unscripted', model: 'gpt-5.4' }), 'Hi');
});
