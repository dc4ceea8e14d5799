// A record run through the SDK's real Responses model (against a loopback server) of an app that
// puts an api-key and a Bearer JWT in providerData, with a tool whose output holds credentials, a
// reply that holds tokens and an environment credential in the input: the cassette keeps none of
// them, and neither does anything the runner prints, failure messages included.
import { Agent, run, tool } from '@openai/agents';
import { cassette, model, transcript } from 'agents-testkit';
import { z } from 'zod';
import { functionCall, message, startResponsesServer, type ResponsesServer } from './responsesServer';
import { HEADERS, REPLY, TOOL_OUTPUT } from './secrets';

const lookupAccount = tool({
  name: 'lookup_account',
  description: 'Looks an account up',
  parameters: z.object({ id: z.string() }),
  execute: async () => TOOL_OUTPUT,
});

let server: ResponsesServer;
beforeAll(async () => {
  server = await startResponsesServer([[functionCall('lookup_account', { id: 'A-1' })], [message(REPLY)]]);
});
afterAll(() => server.close());

const question = () => `Check account A-1 (service token ${process.env.SUPPORT_SERVICE_TOKEN})`;
const agentWith = (script: Agent['model']) => new Agent({ name: 'Support', instructions: 'Help.', model: script, tools: [lookupAccount], modelSettings: { providerData: { headers: HEADERS } } });

test('the support conversation records and replays', async () => {
  const result = await run(agentWith(cassette('support.json', { model: () => server.model('gpt-5.4-mini') })), question());

  expect(result).toHaveCalledTool(lookupAccount, { id: 'A-1' });
  console.log(transcript(result));
});

// Must FAIL, naming: toHaveToolOutput
test('a failure message prints the run without its secrets', async () => {
  const script = model().calls(lookupAccount, { id: 'A-1' }).thenReplies(REPLY);
  const result = await run(agentWith(script), question());

  expect(result).toHaveToolOutput(lookupAccount, 'something else');
});
