// Fake timers before the kit loaded hide no drift: a turn the agent never took still fails its test.
import { Agent, run } from '@openai/agents';
import { model } from 'agents-testkit';

// Must FAIL, naming: model("orders")
// Must FAIL, naming: It has shipped.
test('the agent answers without the second turn its script planned', async () => {
  const agent = new Agent({ name: 'Orders', model: model({ name: 'orders' }).replies('Which order?').thenReplies('It has shipped.') });
  expect((await run(agent, 'Where is my order?')).finalOutput).toBe('Which order?');
});
