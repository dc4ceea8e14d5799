import { backgroundResult, RealtimeAgent, RealtimeSession, tool, type RealtimeOutputGuardrail } from '@openai/agents/realtime';
import { ScriptedRealtimeTransport } from '@openai/agents/realtime/testing';
import { Agent } from '@openai/agents';
import { z } from 'zod';
import { HEARS_SESSION_ERRORS, hearSessionErrorsOf, inToolSpan, isToolArgumentsErrorText, REALTIME_OUTPUT_STARTS_RESPONSE, sessionErrorsHeard, toolFailureOf, toolNotFoundText } from '../src/sdk/coupling';
import { describe, eventually, expect, test } from './support';

// Probes of what the Realtime steps rely on in the installed SDK, driven through the SDK's own
// ScriptedRealtimeTransport (not the kit), so a change upstream fails here, naming the coupling.

async function connected(agent: RealtimeAgent, options: ConstructorParameters<typeof RealtimeSession>[1] = {}) {
  const transport = new ScriptedRealtimeTransport();
  const session = new RealtimeSession(agent, { ...options, transport });
  const errors: unknown[] = [];
  session.on('error', (event) => errors.push(event));
  await session.connect({ apiKey: 'test' });
  return { transport, session, errors };
}

const outputs = (transport: ScriptedRealtimeTransport) =>
  (transport.calls as readonly { method: string; toolCall?: { callId?: string }; output?: string; startResponse?: boolean }[]).filter(
    (call) => call.method === 'sendFunctionCallOutput',
  );

const call = (name: string, callId: string, args = '{}') => ({ type: 'function_call' as const, id: `item_${callId || 'x'}`, name, callId, arguments: args, responseId: 'response_1' });

describe('sdk coupling: realtime sessions', () => {
  test('toolNotFoundText: the output for an unknown tool, without starting a response, and a session error in the { type, error } shape', async () => {
    const { transport, errors } = await connected(new RealtimeAgent({ name: 'A' }));
    transport.emit('function_call', call('missing', 'c1'));
    await eventually(() => errors.length > 0);

    expect(outputs(transport)).toMatchObject([{ output: toolNotFoundText('missing'), startResponse: false }]);
    expect(errors).toMatchObject([{ type: 'error', error: { message: toolNotFoundText('missing') } }]);
  });

  test('inToolSpan: a session runs the tool of a call handed to it under the span, and the SDK marks the tool\'s failure there', async () => {
    const failing = tool({ name: 'refund', description: 'Refund', parameters: z.object({}), execute: async () => { throw new Error('down'); }, errorFunction: () => 'Sorry.' });
    const { transport } = await connected(new RealtimeAgent({ name: 'A', tools: [failing] }));
    let watched: { setError(error: unknown): void } | undefined;
    const marked: unknown[] = [];
    inToolSpan('refund', (span) => {
      watched = span as typeof watched;
      const setError = watched!.setError.bind(watched);
      watched!.setError = (error: unknown) => {
        marked.push(toolFailureOf(watched, error));
        setError(error);
      };
    }, () => transport.emit('function_call', call('refund', 'c1')));
    await eventually(() => outputs(transport).length === 1);

    expect(outputs(transport)[0]?.output).toBe('Sorry.');
    expect(marked).toEqual([{ tool: 'refund', input: '' }]);
  });

  test('REALTIME_OUTPUT_STARTS_RESPONSE: an output starts a response, a backgroundResult does not', async () => {
    const echo = tool({ name: 'echo', description: 'Echo', parameters: z.object({ text: z.string() }), execute: async ({ text }) => text });
    const quiet = tool({ name: 'quiet', description: 'Quiet', parameters: z.object({}), execute: async () => backgroundResult('noted') });
    const { transport } = await connected(new RealtimeAgent({ name: 'A', tools: [echo, quiet] }));
    transport.emit('function_call', call('echo', 'c1', '{"text":"hi"}'));
    transport.emit('function_call', call('quiet', 'c2'));
    await eventually(() => outputs(transport).length === 2);

    expect(outputs(transport).map((sent) => [sent.output, sent.startResponse])).toEqual([
      ['hi', REALTIME_OUTPUT_STARTS_RESPONSE],
      ['noted', false],
    ]);
  });

  test('isToolArgumentsErrorText: the output for arguments that do not parse, once such a call is approved', async () => {
    const lookup = tool({ name: 'lookup', description: 'Lookup', parameters: z.object({ id: z.string() }), needsApproval: async () => false, execute: async () => 'found' });
    const { transport, session } = await connected(new RealtimeAgent({ name: 'A', tools: [lookup] }));
    session.on('tool_approval_requested', (_context, _agent, request) => void session.approve(request.approvalItem));
    transport.emit('function_call', call('lookup', 'c1', 'not json'));
    await eventually(() => outputs(transport).length === 1);

    expect(isToolArgumentsErrorText(outputs(transport)[0]?.output)).toBe(true);
  });

  test('a call without a call id is answered under its item id', async () => {
    const echo = tool({ name: 'echo', description: 'Echo', parameters: z.object({}), execute: async () => 'ok' });
    const { transport } = await connected(new RealtimeAgent({ name: 'A', tools: [echo] }));
    transport.emit('function_call', call('echo', ''));
    await eventually(() => outputs(transport).length === 1);

    expect(outputs(transport)[0]?.toolCall).toMatchObject({ id: 'item_x', callId: 'item_x' });
  });

  test('a transport error reaches the session as it came: { type: "error", error }', async () => {
    const { transport, errors } = await connected(new RealtimeAgent({ name: 'A' }));
    transport.emit('error', { type: 'error', error: { message: 'rate limited' } });

    expect(errors).toEqual([{ type: 'error', error: { message: 'rate limited' } }]);
  });

  test('an MCP approval goes out as sendMcpResponse(request with itemId, serverLabel, name; approved; reason)', async () => {
    const { transport, session } = await connected(new RealtimeAgent({ name: 'A' }));
    session.on('tool_approval_requested', (_context, _agent, request) => void session.reject(request.approvalItem, { message: 'No.' }));
    transport.emit('mcp_approval_request', { itemId: 'm1', type: 'mcp_approval_request', serverLabel: 'docs', name: 'search', arguments: { q: 'x' }, approved: null });
    await eventually(() => transport.calls.some((sent) => sent.method === 'sendMcpResponse'));

    expect(transport.calls.find((sent) => sent.method === 'sendMcpResponse')).toMatchObject({
      approvalRequest: { itemId: 'm1', serverLabel: 'docs', name: 'search', arguments: { q: 'x' } },
      approved: false,
      reason: 'No.',
    });
  });

  test('a guardrail trip on text still streaming cancels that response by id', async () => {
    const guardrail: RealtimeOutputGuardrail = { name: 'g', execute: async () => ({ tripwireTriggered: true, outputInfo: {} }) };
    const { transport } = await connected(new RealtimeAgent({ name: 'A' }), { outputGuardrails: [guardrail], outputGuardrailSettings: { debounceTextLength: 1 } });
    transport.emit('turn_started', { type: 'response_started', providerData: { response: { id: 'resp_1' } } });
    transport.emit('output_text_delta', { type: 'output_text_delta', itemId: 'i1', delta: 'x', responseId: 'resp_1' });
    await eventually(() => transport.calls.some((sent) => sent.method === 'sendEvent'));

    expect(transport.calls.find((sent) => sent.method === 'sendEvent')).toMatchObject({ event: { type: 'response.cancel', response_id: 'resp_1' } });
  });

  test("hearSessionErrorsOf: the session's own failures and the transport's errors go through its class's emit, to the transport it exposes, listened to or not", async () => {
    hearSessionErrorsOf(RealtimeSession);
    const heard: unknown[] = [];
    class Hearing extends ScriptedRealtimeTransport {
      [HEARS_SESSION_ERRORS](event: unknown) {
        heard.push(event);
      }
    }
    const transport = new Hearing();
    const session = new RealtimeSession(new RealtimeAgent({ name: 'A' }), { transport });
    expect(session.transport).toBe(transport);
    expect(sessionErrorsHeard(session)).toBe(true);
    await session.connect({ apiKey: 'test' });

    // No listener of its own: the session's emit then throws Node's unhandled 'error', after the transport heard it.
    expect(() => transport.emit('error', { type: 'error', error: { message: 'rate limited' } })).toThrow();
    session.on('error', () => undefined);
    transport.emit('function_call', call('missing', 'c1'));
    await eventually(() => heard.length > 1);

    expect(heard).toMatchObject([{ type: 'error', error: { message: 'rate limited' } }, { type: 'error', error: { message: toolNotFoundText('missing') } }]);
  });

  test("watchToolTimeouts: a RealtimeAgent offers its tools through Agent's getAllTools, and the session reads a tool's timeoutErrorFunction when the call times out", async () => {
    const calls: unknown[] = [];
    const slowTool = tool({ name: 'slow_lookup', description: 'Slow', parameters: z.object({}), timeoutMs: 5, execute: () => new Promise((resolve) => setTimeout(() => resolve('late'), 200)) });
    (slowTool as { timeoutErrorFunction?: unknown }).timeoutErrorFunction = (_context: unknown, _error: unknown, details?: { toolCall?: { arguments?: string } }) => {
      calls.push(details?.toolCall?.arguments);
      return 'Too slow today.';
    };
    expect(Object.getPrototypeOf(RealtimeAgent.prototype)).toBe(Agent.prototype);
    expect(Object.prototype.hasOwnProperty.call(RealtimeAgent.prototype, 'getAllTools')).toBe(false);
    const { transport } = await connected(new RealtimeAgent({ name: 'A', tools: [slowTool] }));
    transport.emit('function_call', call('slow_lookup', 'c1'));
    await eventually(() => outputs(transport).length > 0);

    expect(outputs(transport)).toMatchObject([{ output: 'Too slow today.' }]);
    expect(calls).toEqual(['{}']);
  });
});
