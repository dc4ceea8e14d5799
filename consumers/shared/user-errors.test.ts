import { Agent, run } from '@openai/agents';
import { cassette, configure, ConfigureError, mcp, model, modelProvider, realtime } from 'agents-testkit';

// What a user gets wrong, refused where it is written, with the fix, from the packed package.
test('configure() refuses a misspelled setting, naming the one meant', () => {
  expect(() => configure({ offlne: false } as never)).toThrow(ConfigureError);
  expect(() => configure({ offlne: false } as never)).toThrow(/offline/);
  expect(() => configure(null as never)).toThrow(ConfigureError);
});

test('cassette() refuses a URL that is not a file, with the fix', () => {
  expect(() => cassette('https://example.com/weather.json')).toThrow(/not a URL/);
});

test('a route with an empty agent name is refused', () => {
  expect(() => modelProvider({ agents: { '': model({ verify: false }).replies('Hi.') } })).toThrow();
});

test('a matcher given a run that was not awaited says so', () => {
  const pending = run(new Agent({ name: 'Helper', model: model().replies('Hi.') }), 'Hello');
  let message = '';
  try {
    expect(pending).toHaveCalledTool('refund');
  } catch (error) {
    message = (error as Error).message;
  }
  expect(message).toMatch(/not awaited/);
  return pending;
});

test('a kit message reads as plain text under every runner, as the runners print their own', async () => {
  const result = await run(new Agent({ name: 'Helper', model: model().replies('Hi.') }), 'Hello');
  expect(() => expect(result).toHaveCalledTool('refund')).toThrow('refund');
  let message = '';
  try {
    expect(result).toHaveCalledTool('refund');
  } catch (error) {
    message = (error as Error).message;
  }
  expect(message).not.toMatch(/\u001b\[/);
});

test('a misspelled option is refused where it is written, naming the one meant', () => {
  // Ignored, `redcat` would leave the recording's secrets unredacted.
  expect(() => cassette('fixtures/weather.json', { redcat: { headers: [] } } as never)).toThrow(/"redcat" is not one of its options\. Did you mean redact\?/);
  expect(() => model({ verfy: false } as never)).toThrow(/"verfy" is not one of its options\. Did you mean verify\?/);
  expect(() => modelProvider({ agents: {}, model: {} } as never)).toThrow(/Did you mean models\?/);
  // Ignored, a misspelled redaction hook would never run, and what it scrubs would be written.
  expect(() => cassette('fixtures/weather.json', { redact: { requset: (request: unknown) => request } } as never)).toThrow(/redact: "requset" is not one of its options\. Did you mean request\?/);
});

test("a step's misspelled option is refused at that step", () => {
  // Ignored, `comit` stopped checking that the audio buffer is committed, and a session that never commits passed.
  expect(() => realtime({ verify: false }).expectAudio({ ms: 200, comit: true } as never)).toThrow(/"comit" is not one of its options\. Did you mean commit\?/);
  expect(() => model({ verify: false }).calls('refund', {}, { toolFail: true } as never)).toThrow(/step 1, calls\(\): "toolFail" is not one of its options\. Did you mean toolFails\?/);
});

test("a misspelled key of the SDK's own option objects is refused, naming the one meant", () => {
  // Ignored by the SDK, `blockedToolName` left the tool offered, and an agent that deletes files passed.
  const tools = { delete_file: { inputSchema: { type: 'object', properties: {} } } };
  expect(() => mcp({ name: 'files', tools, toolFilter: { blockedToolName: ['delete_file'] } } as never)).toThrow(/toolFilter: "blockedToolName" is not one of its fields\. Did you mean blockedToolNames\?/);
  // Ignored, `sugested` left the failure without the retry it was meant to advise.
  expect(() => model({ verify: false }).fails(new Error('busy'), { sugested: true } as never)).toThrow(/retry advice: "sugested" is not one of its fields\. Did you mean suggested\?/);
  expect(() => realtime({ verify: false }).emitUsage({ inputToken: 3 } as never)).toThrow(/usage: "inputToken" is not one of its fields\. Did you mean inputTokens\?/);
});

test('a matcher given more arguments than it takes fails with a matcher error, also under .not', async () => {
  const result = await run(new Agent({ name: 'Helper', model: model().replies('Hi.') }), 'Hello');
  // Ignored, the `{ times: 2 }` would have let the assertion pass on any number of calls.
  const loose = expect(result) as unknown as { not: { toHaveCalledTool(...args: unknown[]): void } };
  expect(() => loose.not.toHaveCalledTool('refund', {}, { times: 2 })).toThrow(/toHaveCalledTool takes at most 2 arguments; got 3/);
});

// Must FAIL, naming: tool value must be a tool object or a tool name
test('an agent handed to a tool matcher is refused: the tool it is used as is agent.asTool(…)', async () => {
  const expert = new Agent({ name: 'Expert', model: model().replies('Forty-two.') });
  const asked = expert.asTool({ toolName: 'ask_expert', toolDescription: 'Asks the expert' });
  const agent = new Agent({ name: 'Host', model: model().calls(asked, { input: 'Meaning?' }).thenReplies('42.'), tools: [asked] });

  const result = await run(agent, 'Ask the expert.');

  expect(result).not.toHaveCalledTool(expert as never);
});

test('toHaveRespectedApprovals on a run resume() did not make: a matcher error naming the result in one line, not its RunState', async () => {
  const result = await run(new Agent({ name: 'Support', model: model().replies('Hi.') }), 'Hi');

  let message = '';
  try {
    expect(result).toHaveRespectedApprovals();
  } catch (error) {
    message = (error as Error).message;
  }

  expect(message).toContain('received value must be a run result that resume() returned');
  expect(message).toContain('Received: a RunResult (1 new item, last agent "Support")');
  expect(message.split('\n').length).toBeLessThan(10);
});
