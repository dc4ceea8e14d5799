// One probe per place the kit depends on something the SDK does not promise (src/sdk/coupling/).
// When an SDK release changes one of them, the probe that names it fails here, with the reason,
// instead of a double somewhere quietly no longer catching drift.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  Agent,
  createGenerationSpan,
  defineToolInputGuardrail,
  getAllMcpTools,
  getCurrentSpan,
  getGlobalTraceProvider,
  withCustomSpan,
  withTrace,
  getTransferMessage,
  handoff,
  hostedMcpTool,
  NoopSpan,
  run,
  RunContext,
  Runner,
  setDefaultModelProvider,
  Span,
  TraceProvider,
  tool,
  toolNamespace,
  ToolGuardrailFunctionOutputFactory,
  type InputGuardrail,
  type Model,
  type ModelProvider,
  type ModelRequest,
  Usage,
  OpenAIResponsesModel,
  webSearchTool,
} from '@openai/agents';
import { filesystem, memory, shell, SandboxAgent } from '@openai/agents/sandbox';
import { ScriptedModel, assistantMessage, functionCall, modelResponder, modelResponse } from '@openai/agents/testing';
import { z } from 'zod';
import { sandbox } from 'agents-testkit';
import { restoreDefaults } from '../src/fakes/offline/offlineGuard';
import { currentRun, onEveryRun } from '../src/sdk/runnerHook';
import {
  currentAgentName,
  currentAgentNameIn,
  DEFAULT_TOOL_ERROR_TEXT,
  defaultProviderLookup,
  handoffToolName,
  hasFinished,
  isRunResult,
  isSameToolGuardrail,
  isSdkToolErrorText,
  isStreamedResult,
  hostedCallRequest,
  hostedMcpServerLabel,
  mcpPrefixedToolName,
  onMcpToolsListed,
  MEMORY_SUMMARY_MARKER,
  onAgentRuns,
  readBySdk,
  SDK_TOOL_ERROR_TEXTS,
  currentTraceProvider,
  isNoopTracingParent,
  modelTracingParent,
  newTraceProvider,
  readSpan,
  readTrace,
  sdkRejectionListeners,
  takeTraceProviderSlot,
  shellToolCall,
  TOOL_APPROVAL_REJECTION_MESSAGE,
  TOOL_FAILURE_SPAN_MESSAGE,
  toolFailureOf,
  transferMessageFor,
  INTERNAL_REQUEST_FIELD,
  scriptedModelPart,
  modelOfProviderData,
  sdkVersion,
  inSomeSdkRun,
  topLevelCollisions,
} from '../src/sdk/coupling';
import { describe, expect, plainMcpServer, sdkLoadedNow, test } from './support';
import { message, startResponsesServer } from './support/responsesServer';

/** The outputs the SDK handed the model for its function calls, from the model's last request. */
function toolOutputsSeenBy(model: ScriptedModel): string[] {
  const input = model.lastCall?.request.input;
  if (!Array.isArray(input)) return [];
  return input.flatMap((item) => {
    if (item.type !== 'function_call_result') return [];
    const output = item.output as unknown;
    return [typeof output === 'string' ? output : String((output as { text?: unknown }).text)];
  });
}

/** Runs an agent with `tool` whose model calls it with `args`, then answers "Done.". */
async function outputOfCall(probe: Parameters<typeof tool>[0] extends never ? never : ReturnType<typeof tool>, args: string) {
  const model = new ScriptedModel([[functionCall(probe.name, args, { callId: 'call_probe' })], [assistantMessage('Done.')]]);
  await run(new Agent({ name: 'Probe', model, tools: [probe] }), 'Go');
  return toolOutputsSeenBy(model);
}

describe('who is calling', () => {
  test('readBySdk: a property read inside an SDK module is read by the SDK; one read here is not', () => {
    const seen: boolean[] = [];
    const reader = {};
    const get = function (): string {
      seen.push(readBySdk(get));
      return 'Billing';
    };
    Object.defineProperty(reader, 'name', { get, configurable: true });
    void (reader as { name: string }).name;
    getTransferMessage(reader as Agent);
    expect(seen).toEqual([false, true]);
  });

  test("currentAgentName: with tracing off, a model provider still learns which agent asks (the runner's turn span)", async () => {
    const asked: (string | undefined)[] = [];
    const provider: ModelProvider = {
      getModel(): Model {
        asked.push(currentAgentName());
        return new ScriptedModel([[assistantMessage('Hi.')]]);
      },
    };
    await new Runner({ modelProvider: provider }).run(new Agent({ name: 'Triage', model: 'gpt-5.4-mini' }), 'Hi');
    expect(asked).toEqual(['Triage']);
  });
});

describe('runs', () => {
  test('inSomeSdkRun: a model called by a run of a copy of the SDK the kit never met is under its trace; a test calling a model itself is not', async () => {
    const seen: boolean[] = [];
    const model = new ScriptedModel([[assistantMessage('Hi.')]]);
    const respond = model.getResponse.bind(model);
    model.getResponse = (request) => (seen.push(inSomeSdkRun()), respond(request));
    const other = sdkLoadedNow();

    await other.run(new other.Agent({ name: 'Other', model }), 'Hi');

    expect({ outside: inSomeSdkRun(), inTheOtherCopysRun: seen }).toEqual({ outside: false, inTheOtherCopysRun: [true] });
  });

  test("onEveryRun: run()'s default runner and a Runner of one's own both go through Runner.prototype.run", async () => {
    const started: unknown[] = [];
    const stop = onEveryRun((agent) => void started.push((agent as Agent).name));
    try {
      await run(new Agent({ name: 'Default', model: new ScriptedModel([[assistantMessage('Hi.')]]) }), 'Hi');
      await new Runner().run(new Agent({ name: 'Own', model: new ScriptedModel([[assistantMessage('Hi.')]]) }), 'Hi');
    } finally {
      stop();
    }
    await run(new Agent({ name: 'After', model: new ScriptedModel([[assistantMessage('Hi.')]]) }), 'Hi');
    expect(started).toEqual(['Default', 'Own']);
  });

  test('currentRun: a model called by a run sees the object its listeners were told of; a nested run has its own, a streamed run keeps its own', async () => {
    const told: object[] = [];
    const seen: [string, object | undefined][] = [];
    const spy = (name: string, steps: ConstructorParameters<typeof ScriptedModel>[0]) => {
      const inner = new ScriptedModel(steps);
      return { getResponse: (request: never) => (seen.push([name, currentRun()]), inner.getResponse(request)), getStreamedResponse: (request: never) => (seen.push([name, currentRun()]), inner.getStreamedResponse(request)) };
    };
    const stop = onEveryRun((_agent, _runner, run) => void told.push(run));
    try {
      const inner = new Agent({ name: 'Inner', model: spy('inner', [[assistantMessage('Inner done.')]]) });
      const outer = new Agent({ name: 'Outer', model: spy('outer', [[functionCall('ask', { input: 'Hi' }, { callId: 'call_1' })], [assistantMessage('Done.')]]), tools: [inner.asTool({ toolName: 'ask', toolDescription: 'Asks' })] });
      await run(outer, 'Hi');
      const streamed = await run(new Agent({ name: 'Streamed', model: spy('streamed', [[assistantMessage('Hi.')]]) }), 'Hi', { stream: true });
      for await (const _event of streamed);
    } finally {
      stop();
    }
    expect(told).toHaveLength(3);
    expect(seen.map(([name, run]) => [name, told.indexOf(run as object)])).toEqual([['outer', 0], ['inner', 1], ['outer', 0], ['streamed', 2]]);
    expect(currentRun()).toBeUndefined();
  });

  test("a tool's invoke is a property the runner calls, and its default error function's text is DEFAULT_TOOL_ERROR_TEXT", async () => {
    const failing = tool({ name: 'failing', description: 'Throws', parameters: z.object({}), execute: async () => { throw new Error('x'); } });
    expect(Object.getOwnPropertyDescriptor(failing, 'invoke')?.writable).toBe(true);
    const [output] = await outputOfCall(failing, '{}');
    expect(output).toBe(DEFAULT_TOOL_ERROR_TEXT);
  });
});

describe('model requests and run results', () => {
  test('INTERNAL_REQUEST_FIELD: the runner still adds its own `_internal` field to every model request', async () => {
    const model = new ScriptedModel([[assistantMessage('Hi.')]]);
    await run(new Agent({ name: 'Probe', model }), 'Hi');
    const request = model.lastCall?.request as object;
    expect(Object.keys(request)).toContain(INTERNAL_REQUEST_FIELD);
  });

  test('scriptedModelPart: ScriptedModel answers a step that ignores the call the same from the part as from the whole request', async () => {
    const recorded = new ScriptedModel([[assistantMessage('Hi.')]]);
    await run(new Agent({ name: 'Probe', model: recorded, modelSettings: { preserveRawUsage: true } }), 'Hi');
    const whole = recorded.lastCall?.request as ModelRequest;
    const rawUsage = { input_tokens: 3, vendor: { cost: 1 } };
    const steps = () => [
      [assistantMessage('Plain.')],
      modelResponse({ output: [assistantMessage('With usage.')], usage: new Usage({ requests: 1, inputTokens: 3 }), rawUsage } as never),
      modelResponder(() => [assistantMessage('Responder.')]),
    ];
    for (const settings of [{ preserveRawUsage: true }, {}]) {
      const request = { ...whole, modelSettings: settings } as ModelRequest;
      const fromWhole = new ScriptedModel(steps());
      const fromPart = new ScriptedModel(steps());
      for (let index = 0; index < 3; index += 1) {
        expect(await fromPart.getResponse(scriptedModelPart(request))).toEqual(await fromWhole.getResponse(request));
      }
      const streamedWhole = new ScriptedModel(steps());
      const streamedPart = new ScriptedModel(steps());
      for (let index = 0; index < 3; index += 1) {
        const events = async (stream: AsyncIterable<unknown>) => {
          const all: unknown[] = [];
          for await (const event of stream) all.push(event);
          return all;
        };
        expect(await events(streamedPart.getStreamedResponse(scriptedModelPart(request)))).toEqual(await events(streamedWhole.getStreamedResponse(request)));
      }
    }
    const controller = new AbortController();
    controller.abort();
    await expect(new ScriptedModel([[assistantMessage('Never.')]]).getResponse(scriptedModelPart({ ...whole, signal: controller.signal }))).rejects.toThrow(/abort/i);
  });

  test('isRunResult and hasFinished: a result has newItems and finalOutput; a streamed one says it finished through state._currentStep', async () => {
    const model = new ScriptedModel([[assistantMessage('Hi.')]]);
    const result = await run(new Agent({ name: 'Probe', model }), 'Hi', { stream: true });
    expect(isRunResult(result)).toBe(true);
    expect(isStreamedResult(result)).toBe(true);
    const step = () => (result as unknown as { state: { _currentStep?: { type?: string } } }).state._currentStep?.type;
    expect(step()).not.toBe('next_step_final_output');
    expect(hasFinished(result)).toBe(false);
    await result.completed;
    expect(step()).toBe('next_step_final_output');
    expect(hasFinished(result)).toBe(true);
  });
});

describe('handoffs', () => {
  test('handoffToolName: a bare agent name gets the tool name the SDK gives an agent of that name', () => {
    const billing = new Agent({ name: 'Billing Team' });
    expect(handoffToolName('Billing Team')).toBe(handoff(billing).toolName);
    expect(handoffToolName(billing)).toBe(handoff(billing).toolName);
    expect(handoffToolName('custom_transfer', ['custom_transfer'])).toBe('custom_transfer');
  });

  test('transferMessageFor: the output the SDK sends for a handoff', () => {
    const billing = new Agent({ name: 'Billing' });
    expect(transferMessageFor('Billing')).toBe(getTransferMessage(billing));
    expect(transferMessageFor(handoff(billing))).toBe(getTransferMessage(billing));
  });
});

describe('texts the SDK hands the model instead of throwing', () => {
  test('a tool that throws: the default error function text', async () => {
    const failing = tool({
      name: 'failing',
      description: 'Throws',
      parameters: z.object({}),
      execute: async () => {
        throw new Error('boom');
      },
    });
    const [output] = await outputOfCall(failing, '{}');
    expect(output).toMatch(SDK_TOOL_ERROR_TEXTS[0] as RegExp);
    expect(isSdkToolErrorText(output)).toBe(true);
  });

  test('arguments that are not JSON get the parsing error text; arguments that do not fit the schema, the error function text', async () => {
    const typed = tool({ name: 'typed', description: 'Typed', parameters: z.object({ city: z.string() }), execute: async () => 'ok' });
    const [notJson] = await outputOfCall(typed, '{city:');
    const [wrongShape] = await outputOfCall(typed, '{"town":"Oslo"}');
    const [extraKey] = await outputOfCall(typed, '{"city":"Oslo","extra":1}');
    expect(notJson).toMatch(SDK_TOOL_ERROR_TEXTS[1] as RegExp);
    expect(wrongShape).toMatch(SDK_TOOL_ERROR_TEXTS[0] as RegExp);
    // zod strips a key the schema does not have, so the tool runs: only the kit's schema check sees it.
    expect(extraKey).toBe('ok');
  });

  test('a tool that times out: the timeout text', async () => {
    const slow = tool({
      name: 'slow',
      description: 'Slow',
      parameters: z.object({}),
      timeoutMs: 5,
      execute: () => new Promise((resolve) => setTimeout(() => resolve('late'), 200)),
    });
    const [output] = await outputOfCall(slow, '{}');
    expect(output).toMatch(SDK_TOOL_ERROR_TEXTS[2] as RegExp);
  });

  test("a tool that throws under its own errorFunction: the model gets that function's text, and the tool's function span, a NoopSpan with tracing off, gets setError(TOOL_FAILURE_SPAN_MESSAGE) naming the tool and holding the arguments", async () => {
    const seen: { span: unknown; error: unknown }[] = [];
    const failing = tool({
      name: 'failing',
      description: 'Throws',
      parameters: z.object({ city: z.string() }),
      execute: async () => {
        throw new Error('boom');
      },
      errorFunction: () => 'Sorry, it broke.',
    });
    const proto = NoopSpan.prototype as unknown as { setError(error: unknown): void };
    const original = proto.setError;
    proto.setError = function (this: unknown, error: unknown) {
      seen.push({ span: this, error });
      return original.call(this, error);
    };
    try {
      const [output] = await outputOfCall(failing, '{"city":"Oslo"}');
      expect(output).toBe('Sorry, it broke.');
      expect(isSdkToolErrorText(output)).toBe(false);
    } finally {
      proto.setError = original;
    }
    expect(seen).toHaveLength(1);
    expect(seen[0]?.span).toBeInstanceOf(NoopSpan);
    expect(seen[0]?.error).toMatchObject({ message: TOOL_FAILURE_SPAN_MESSAGE });
    expect(toolFailureOf(seen[0]?.span, seen[0]?.error)).toEqual({ tool: 'failing', input: '{"city":"Oslo"}' });
    // Span is the class of recorded spans; NoopSpan overrides its setError (both are wrapped).
    expect(Object.prototype.hasOwnProperty.call(Span.prototype, 'setError')).toBe(true);
    expect(Object.prototype.hasOwnProperty.call(NoopSpan.prototype, 'setError')).toBe(true);
  });

  test("watchToolTimeouts: a run reads a tool's timeoutErrorFunction off the tool object its agent's getAllTools offered, when the call times out, with the call in details", async () => {
    const calls: unknown[] = [];
    const slowTool = tool({
      name: 'slow_lookup',
      description: 'Slow',
      parameters: z.object({ city: z.string() }),
      timeoutMs: 5,
      execute: () => new Promise((resolve) => setTimeout(() => resolve('late'), 200)),
      timeoutErrorFunction: () => 'Set at construction.',
    });
    expect(Object.prototype.hasOwnProperty.call(Agent.prototype, 'getAllTools')).toBe(true);
    expect((await new Agent({ name: 'Slow', tools: [slowTool] }).getAllTools({} as never))[0]).toBe(slowTool);
    // Replaced after the tool was made: the SDK must read the property when the call times out.
    (slowTool as { timeoutErrorFunction?: unknown }).timeoutErrorFunction = (_context: unknown, error: unknown, details?: { toolCall?: { arguments?: string } }) => {
      calls.push({ error: (error as Error).name, input: details?.toolCall?.arguments });
      return 'Too slow today.';
    };

    const [output] = await outputOfCall(slowTool, '{"city":"Oslo"}');

    expect(output).toBe('Too slow today.');
    expect(calls).toEqual([{ error: 'ToolTimeoutError', input: '{"city":"Oslo"}' }]);
  });

  test('a rejected approval: the rejection text', async () => {
    const refund = tool({ name: 'refund', description: 'Refunds', parameters: z.object({}), needsApproval: true, execute: async () => 'done' });
    const model = new ScriptedModel([[functionCall('refund', '{}', { callId: 'call_refund' })], [assistantMessage('Not refunded.')]]);
    const agent = new Agent({ name: 'Probe', model, tools: [refund] });
    const paused = await run(agent, 'Refund');
    const approval = paused.interruptions[0];
    if (!approval) throw new Error('the run did not pause for approval');
    paused.state.reject(approval);
    await run(agent, paused.state);
    expect(toolOutputsSeenBy(model)).toEqual([TOOL_APPROVAL_REJECTION_MESSAGE]);
  });
});

describe('tool name collisions', () => {
  const weather = (answer: string) => tool({ name: 'get_weather', description: 'Weather', parameters: z.object({ city: z.string() }), execute: async () => answer });

  test('the SDK offers the model the last of two tools of one name, runs it, and goes on; getAllTools() gives both', async () => {
    const model = new ScriptedModel([[functionCall('get_weather', { city: 'Oslo' }, { callId: 'call_1' })], [assistantMessage('Done.')]]);
    const agent = new Agent({ name: 'Weather', model, tools: [weather('live'), weather('stale')] });
    const warn = console.warn;
    console.warn = () => {};
    try {
      await run(agent, 'Hi');
    } finally {
      console.warn = warn;
    }
    const requests = model.calls.map((call) => (call as { request: ModelRequest }).request);
    expect(requests[0]?.tools.map((offered) => offered.name)).toEqual(['get_weather']);
    expect(JSON.stringify(requests[1]?.input)).toContain('stale');
    expect(topLevelCollisions(await agent.getAllTools(new RunContext({})))).toEqual(new Map([['get_weather', 2]]));
  });

  test('topLevelCollisions: namespaced and deferred tools are kept apart, as the SDK keeps them', () => {
    const [first, second] = toolNamespace({ name: 'forecasts', description: 'Forecasts', tools: [weather('a'), tool({ name: 'get_wind', description: 'Wind', parameters: z.object({}), execute: async () => '' })] });
    expect(topLevelCollisions([weather('top'), first, second])).toBeUndefined();
    expect(topLevelCollisions([weather('top'), { ...weather('deferred'), deferLoading: true }])).toBeUndefined();
    expect(topLevelCollisions([weather('one'), weather('two'), weather('three')])).toEqual(new Map([['get_weather', 3]]));
  });
});

describe('guardrails', () => {
  test('isSameToolGuardrail: a tool keeps a defined guardrail as it is, and wraps a { name, run } one keeping its run; an agent keeps its own as they are', () => {
    const allow = async () => ToolGuardrailFunctionOutputFactory.allow();
    const defined = defineToolInputGuardrail({ name: 'defined', run: allow });
    const plain = { name: 'plain', run: async () => ToolGuardrailFunctionOutputFactory.allow() };
    const guarded = tool({ name: 'guarded', description: 'Guarded', parameters: z.object({}), inputGuardrails: [defined, plain], execute: async () => 'ok' }) as unknown as { inputGuardrails: object[] };

    expect(guarded.inputGuardrails[0]).toBe(defined);
    expect(guarded.inputGuardrails[1]).not.toBe(plain);
    expect(isSameToolGuardrail(guarded.inputGuardrails[0]!, defined)).toBe(true);
    expect(isSameToolGuardrail(guarded.inputGuardrails[1]!, plain)).toBe(true);
    expect(isSameToolGuardrail(guarded.inputGuardrails[1]!, { name: 'plain', run: async () => ToolGuardrailFunctionOutputFactory.allow() })).toBe(false);

    const input: InputGuardrail = { name: 'input', execute: async () => ({ tripwireTriggered: false, outputInfo: {} }) };
    expect(new Agent({ name: 'Probe', inputGuardrails: [input] }).inputGuardrails[0]).toBe(input);
  });

  test("a run's results name a guardrail by kind and name only; an output guardrail's result carries its agent", async () => {
    const input: InputGuardrail = { name: 'input', execute: async () => ({ tripwireTriggered: false, outputInfo: {} }) };
    const agent = new Agent({ name: 'Probe', model: new ScriptedModel([[assistantMessage('Hi.')]]), inputGuardrails: [input], outputGuardrails: [{ name: 'output', execute: async () => ({ tripwireTriggered: false, outputInfo: {} }) }] });
    const result = await run(agent, 'Hi');

    expect(result.inputGuardrailResults.map((entry) => entry.guardrail)).toEqual([{ type: 'input', name: 'input' }]);
    expect(result.outputGuardrailResults.map((entry) => [entry.guardrail, entry.agent])).toEqual([[{ type: 'output', name: 'output' }, agent]]);
  });
});

describe('hosted tools', () => {
  test("hostedCallRequest: the SDK's Responses adapter keeps a web search's query in the call's providerData", async () => {
    // A client that answers like the Responses API: a web search, then a message.
    const response = {
      id: 'resp_1',
      object: 'response',
      created_at: 0,
      model: 'gpt-test',
      status: 'completed',
      usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 },
      output: [
        { type: 'web_search_call', id: 'ws_1', status: 'completed', action: { type: 'search', query: 'weather in Oslo' } },
        { type: 'message', id: 'msg_1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Sunny.', annotations: [] }] },
      ],
    };
    const client = { baseURL: 'http://127.0.0.1:9/v1', apiKey: 'test', responses: { create: () => Promise.resolve(response) } };
    const model = new OpenAIResponsesModel(client as unknown as ConstructorParameters<typeof OpenAIResponsesModel>[0], 'gpt-test');
    const result = await run(new Agent({ name: 'Probe', model, tools: [webSearchTool()] }), 'Weather?');

    const call = result.newItems.map((item) => item.rawItem as { type?: string; providerData?: unknown }).find((raw) => raw.type === 'hosted_tool_call');
    expect(call).toMatchObject({ name: 'web_search_call' });
    expect(hostedCallRequest(call!)).toEqual({ query: 'weather in Oslo' });
    expect(hostedCallRequest({ providerData: { action: { type: 'open_page', url: 'https://example.com' } } })).toBeUndefined();
  });
});

describe('sandbox capabilities', () => {
  test("the memory capability reads its summary with a shell command that carries the marker, when the session has no readFile", async () => {
    const sb = sandbox({ verify: false });
    const model = new ScriptedModel([[assistantMessage('Hi.')]]);
    await run(new SandboxAgent({ name: 'Probe', model, capabilities: [shell(), filesystem(), memory({ generate: false })] }), 'Hi', { sandbox: { session: sb } });
    const commands = sb.calls.filter((call) => call.method === 'execCommand').map((call) => (call.args[0] as { cmd: string }).cmd);
    expect(commands.some((cmd) => cmd.includes(MEMORY_SUMMARY_MARKER))).toBe(true);
  });

  test("shellToolCall: exec_command and write_stdin hand the session their arguments, and a session's error becomes the tool's failure", async () => {
    const sb = sandbox({ verify: false }).exec('python3').returns('Process running with session ID 7\n').writeStdin('exit()\n').fails(new Error('gone'));
    const model = new ScriptedModel([
      [functionCall('exec_command', { cmd: 'python3' }, { callId: 'call_exec' })],
      [functionCall('write_stdin', { session_id: 7, chars: 'exit()\n' }, { callId: 'call_stdin' })],
      [assistantMessage('Done.')],
    ]);
    await run(new SandboxAgent({ name: 'Probe', model, capabilities: [shell()] }), 'Go', { sandbox: { session: sb } });

    const [exec, stdin] = sb.calls.filter((call) => !call.setup);
    expect(shellToolCall(exec!.method, exec!.args)?.tools).toEqual(['exec_command']);
    expect(shellToolCall(exec!.method, exec!.args)?.fits({ cmd: 'python3' })).toBe(true);
    expect(shellToolCall(exec!.method, exec!.args)?.fits({ cmd: 'python' })).toBe(false);
    expect(shellToolCall(stdin!.method, stdin!.args)?.tools).toEqual(['write_stdin']);
    expect(shellToolCall(stdin!.method, stdin!.args)?.fits({ session_id: 7, chars: 'exit()\n' })).toBe(true);
    expect(shellToolCall(stdin!.method, stdin!.args)?.fits({ session_id: 8, chars: 'exit()\n' })).toBe(false);
    expect(toolOutputsSeenBy(model)).toEqual(['Process running with session ID 7\n', DEFAULT_TOOL_ERROR_TEXT]);
    expect(shellToolCall('readFile', [{ path: 'a.md' }])).toBeUndefined();
  });
});

describe('MCP servers', () => {
  test("mcpPrefixedToolName: the names the SDK gives MCP tools with includeServerInToolNames, short, odd and long", async () => {
    const long = 'a_tool_with_a_name_long_enough_to_need_the_hash_suffix_of_the_sdk_x';
    const names = ['read_file', 'read-file.v2', 'lire_fichier_é', long];
    const server = plainMcpServer('My Files-1', names);
    const tools = await getAllMcpTools({ mcpServers: [server], includeServerInToolNames: true });
    expect(names.map((name) => mcpPrefixedToolName(server.name, name))).toEqual(tools.map((tool) => tool.name));
  });

  test('onMcpToolsListed: each turn the SDK lists MCP tools through agent.getMcpTools, filters applied, named as the model is offered them', async () => {
    const server = plainMcpServer('files', ['read_file', 'write_file', 'delete_file'], { toolFilter: { blockedToolNames: ['delete_file'] } });
    const model = new ScriptedModel([[assistantMessage('Hi.')]]);
    const agent = new Agent({ name: 'Probe', model, mcpServers: [server], mcpConfig: { includeServerInToolNames: true } });
    const heard: string[][] = [];
    const release = onMcpToolsListed(agent, (names) => heard.push(names));
    await run(agent, 'Hi');
    release();

    const offered = (model.lastCall?.request.tools ?? []).map((tool) => (tool as { name?: string }).name);
    expect(heard).toEqual([['mcp_files__read_file', 'mcp_files__write_file']]);
    expect(offered).toEqual(heard[0]);
    expect(server.listed).toBe(1);
    expect(Object.getOwnPropertyNames(agent)).not.toContain('getMcpTools');
  });

  test('hostedMcpServerLabel: a hosted MCP tool carries its server label in providerData', () => {
    expect(hostedMcpServerLabel(hostedMcpTool({ serverLabel: 'gitmcp', serverUrl: 'https://gitmcp.example/mcp' }))).toBe('gitmcp');
    expect(hostedMcpServerLabel(tool({ name: 'x', description: '', parameters: z.object({}), execute: () => '' }))).toBeUndefined();
  });
});

describe('the default model provider and the runs of an agent', () => {
  /** A provider that answers every request with one reply, and says who it is. */
  const answering = (text: string): ModelProvider => ({ getModel: () => new ScriptedModel([[assistantMessage(text)]]) });

  test('defaultProviderLookup: a Runner without a provider keeps the first default it resolves; a fresh lookup asks the default now', async () => {
    const agent = new Agent({ name: 'Probe', model: 'gpt-5.4-mini' });
    const runner = new Runner();
    const lookup = defaultProviderLookup(Runner);
    try {
      setDefaultModelProvider(answering('first'));
      expect((await runner.run(agent, 'Hi')).finalOutput).toBe('first');
      setDefaultModelProvider(answering('second'));
      // Why the kit's provider must be the one run()'s runner keeps, and forwards through a fresh lookup.
      expect((await runner.run(agent, 'Hi')).finalOutput).toBe('first');
      const fresh = await lookup().getModel('gpt-5.4-mini');
      expect((await new Runner({ model: fresh }).run(new Agent({ name: 'Probe' }), 'Hi')).finalOutput).toBe('second');
    } finally {
      restoreDefaults();
    }
  });

  test('currentAgentNameIn: the current span of a given copy of the SDK names the agent asking', async () => {
    const asked: (string | undefined)[] = [];
    const provider: ModelProvider = {
      getModel(): Model {
        asked.push(currentAgentNameIn(getCurrentSpan));
        return new ScriptedModel([[assistantMessage('Hi.')]]);
      },
    };
    await new Runner({ modelProvider: provider }).run(new Agent({ name: 'Billing', model: 'gpt-5.4-mini' }), 'Hi');
    expect(asked).toEqual(['Billing']);
    expect(currentAgentNameIn(() => undefined)).toBeUndefined();
  });

  test('onAgentRuns: agent_start comes before the provider is asked for that agent; agent_handoff and agent_end when it stops', async () => {
    const events: string[] = [];
    const billing = new Agent({ name: 'Billing', model: 'billing-model' });
    const triage = new Agent({ name: 'Triage', model: 'triage-model', handoffs: [billing] });
    for (const agent of [triage, billing]) {
      onAgentRuns(agent, { started: () => events.push(`${agent.name} started`), stopped: () => events.push(`${agent.name} stopped`) });
    }
    const scripts: Record<string, ScriptedModel> = {
      'triage-model': new ScriptedModel([[functionCall(handoff(billing).toolName, '{}', { callId: 'call_1' })]]),
      'billing-model': new ScriptedModel([[assistantMessage('Done.')]]),
    };
    const provider: ModelProvider = {
      getModel(name?: string): Model {
        events.push(`asked for ${name}`);
        return scripts[name ?? ''] as ScriptedModel;
      },
    };

    await new Runner({ modelProvider: provider }).run(triage, 'Hi');

    expect(events).toEqual(['Triage started', 'asked for triage-model', 'Triage stopped', 'Billing started', 'asked for billing-model', 'Billing stopped']);
  });
});

describe('process listeners', () => {
  test("sdkRejectionListeners finds the trace provider's unhandledRejection listener, which the setup entry has removed", () => {
    // The setup entry turned tracing off, which made the global trace provider, and removed its listener.
    expect(sdkRejectionListeners(process)).toEqual([]);
    // The provider also listens for the process's end; every listener it adds is taken off again.
    const emitter = process as unknown as NodeJS.EventEmitter;
    const events = ['unhandledRejection', 'beforeExit', 'SIGINT', 'SIGTERM'];
    const before = new Map(events.map((event) => [event, emitter.listeners(event)]));
    new TraceProvider();
    const added = (event: string) => emitter.listeners(event).filter((listener) => !before.get(event)?.includes(listener));
    try {
      expect(added('unhandledRejection')).toHaveLength(1);
      expect(sdkRejectionListeners(process)).toEqual(added('unhandledRejection'));
    } finally {
      for (const event of events) for (const listener of added(event)) emitter.off(event, listener as () => void);
    }
  });
});

describe('provenance of a recording', () => {
  test("sdkVersion: the installed @openai/agents version, read from the package.json above its entry (the package exports none)", () => {
    const installed = JSON.parse(readFileSync(join(dirname(require.resolve('@openai/agents')), '..', 'package.json'), 'utf8')) as { version: string };

    expect(sdkVersion()).toBe(installed.version);
  });

  test('modelOfProviderData: a Responses answer keeps the raw response, model included, as providerData, streamed or not', async () => {
    const server = await startResponsesServer([[message('Hi.')], [message('Hi again.')]]);
    try {
      const model = server.model('gpt-probe');
      const request = { input: 'Hi', modelSettings: {}, tools: [], handoffs: [], outputType: 'text', tracing: false } as unknown as Parameters<typeof model.getResponse>[0];
      // A model is called inside a trace (tracing is off: the trace records nothing).
      const response = await withTrace('probe', () => model.getResponse(request));
      let done: unknown;
      await withTrace('probe', async () => {
        for await (const event of model.getStreamedResponse(request)) if (event.type === 'response_done') done = event.response.providerData;
      });

      expect(modelOfProviderData(response.providerData)).toBe('gpt-probe');
      expect(modelOfProviderData(done)).toBe('gpt-probe');
    } finally {
      await server.close();
    }
  });
});

describe('the trace provider (traces())', () => {
  test('currentTraceProvider: the global slot is where every getGlobalTraceProvider() call finds the provider', () => {
    expect(currentTraceProvider()).toBe(getGlobalTraceProvider());
  });

  test('newTraceProvider makes one of the SDK\'s class without process listeners; takeTraceProviderSlot makes it the one spans go to, then gives the slot back', async () => {
    const emitter = process as unknown as NodeJS.EventEmitter;
    const events = ['unhandledRejection', 'beforeExit', 'SIGINT', 'SIGTERM'];
    const before = events.map((event) => emitter.listeners(event).length);
    const provider = newTraceProvider(TraceProvider as never);
    expect(provider).toBeInstanceOf(TraceProvider);
    expect(events.map((event) => emitter.listeners(event).length)).toEqual(before);

    const heard: unknown[] = [];
    const processor = {
      onTraceStart: async (trace: unknown) => void heard.push(readTrace(trace)),
      onTraceEnd: async () => undefined,
      onSpanStart: async () => undefined,
      onSpanEnd: async (span: unknown) => void heard.push(readSpan(span)),
      shutdown: async () => undefined,
      forceFlush: async () => undefined,
    };
    provider.setProcessors([processor]);
    provider.setDisabled(false);
    const original = getGlobalTraceProvider();
    const giveBack = takeTraceProviderSlot(provider);
    try {
      expect(getGlobalTraceProvider()).toBe(provider);
      await withTrace('Probe', () => withCustomSpan(async () => undefined, { data: { name: 'probe', data: { a: 1 } } }));
    } finally {
      giveBack();
    }
    expect(getGlobalTraceProvider()).toBe(original);
    expect(heard).toEqual([
      { id: expect.stringMatching(/^trace_/), name: 'Probe', groupId: null, metadata: {} },
      { id: expect.stringMatching(/^span_/), traceId: expect.stringMatching(/^trace_/), parentId: null, data: { type: 'custom', name: 'probe', data: { a: 1 } }, error: null },
    ]);
    // The SDK's own provider, tracing off, made nothing meanwhile and makes nothing now.
    expect(original.createTrace({ name: 'x' }).traceId).toBe('no-op');
  });

  test('modelTracingParent: the runner hands a model the span its call belongs under (a turn span) in request._internal', async () => {
    const provider = newTraceProvider(TraceProvider as never);
    provider.setProcessors([]);
    provider.setDisabled(false);
    const parents: unknown[] = [];
    const model = new ScriptedModel([[assistantMessage('Done.')]]);
    const getStreamedResponse = model.getStreamedResponse.bind(model);
    model.getStreamedResponse = (request) => {
      parents.push(modelTracingParent(request));
      return getStreamedResponse(request);
    };
    const giveBack = takeTraceProviderSlot(provider);
    try {
      const result = await run(new Agent({ name: 'Probe', model }), 'Go', { stream: true });
      await result.completed;
    } finally {
      giveBack();
    }
    expect(parents).toHaveLength(1);
    expect(parents[0]).toEqual(expect.objectContaining({ spanId: expect.stringMatching(/^span_/), spanData: expect.objectContaining({ type: 'turn' }) }));
  });

  test("isNoopTracingParent: with tracing off the runner hands a model a no-op span, and a span made under it is a no-op too; a live turn span is not one", async () => {
    const parents: unknown[] = [];
    const model = new ScriptedModel([[assistantMessage('Done.')], [assistantMessage('Done.')]]);
    const getResponse = model.getResponse.bind(model);
    model.getResponse = (request) => {
      parents.push(modelTracingParent(request));
      return getResponse(request);
    };
    await run(new Agent({ name: 'Probe', model }), 'Go');
    expect(parents).toHaveLength(1);
    expect(isNoopTracingParent(parents[0])).toBe(true);
    // What the kit's model() skips making: the span the SDK would make under it records nothing.
    expect(createGenerationSpan(undefined, parents[0] as never).spanId).toBe('no-op');
    // With tracing on (the kit's provider, as traces() puts it), the parent is a live span.
    const provider = newTraceProvider(TraceProvider as never);
    provider.setProcessors([]);
    provider.setDisabled(false);
    const giveBack = takeTraceProviderSlot(provider);
    try {
      await run(new Agent({ name: 'Probe', model }), 'Go');
    } finally {
      giveBack();
    }
    expect(parents).toHaveLength(2);
    expect(isNoopTracingParent(parents[1])).toBe(false);
    expect(isNoopTracingParent(undefined)).toBe(false);
  });
});
