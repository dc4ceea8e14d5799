// Every matcher is typed on `expect(…)`, under `.not`, `.resolves` and `.rejects`, and in its
// asymmetric form; tool arguments are a deep partial of the zod schema. `runner-expect` is each
// runner's own `expect` (see expect.ts beside each runner's tsconfig).
import { Agent } from '@openai/agents';
import { expect } from 'runner-expect';
import { check, typed, type Equal, type IsAny } from './assert';
import { billing, getWeather, ping, refund, result, toBilling } from './fixtures';
import { traces, type RecordedSpan } from 'agents-testkit';

const pending = Promise.resolve(result);

// On expect(…)
expect(result).toHaveCalledTool(getWeather);
expect(result).toHaveCalledTool(getWeather, { city: 'Tokyo' });
expect(result).toHaveCalledTool(getWeather, { days: [1] });
expect(result).toHaveCalledTool(getWeather, {});
expect(result).toHaveCalledTool(getWeather, { city: expect.stringContaining('Tok') });
expect(result).toHaveCalledTool(getWeather, expect.objectContaining({ city: 'Tokyo' }));
expect(result).toHaveCalledTool('get_weather', { anything: { goes: true } });
expect(result).toHaveCalledTool(ping);
expect(result).toHaveCalledToolTimes(getWeather, 2);
expect(result).toHaveCalledToolTimes('get_weather', 0);
expect(result).toHaveNthCalledTool(1, getWeather, { unit: 'c' });
expect(result).toHaveNthCalledTool(2, 'lookup_order');
expect(result).toHaveHandedOffTo(billing);
expect(result).toHaveHandedOffTo(toBilling);
expect(result).toHaveHandedOffTo('Billing');
expect(result).toHaveRequestedApproval(refund);
expect(result).toHaveRequestedApproval(refund, { amount: 30 });
expect(result).toBeComplete();

// @ts-expect-error a wrong type for a schema field
expect(result).toHaveCalledTool(getWeather, { city: 42 });
// @ts-expect-error a key the schema does not have
expect(result).toHaveCalledTool(getWeather, { country: 'JP' });
// A tool from `agent.tools` has its parameters erased by the SDK's types: any record fits; pass the constant.
const fromAgent = new Agent({ name: 'Weather', tools: [getWeather] }).tools[0]!;
expect(result).toHaveCalledTool(fromAgent, { country: 'JP' });
// @ts-expect-error a value outside the enum
expect(result).toHaveCalledTool(getWeather, { unit: 'kelvin' });
// @ts-expect-error a wrong type deep inside
expect(result).toHaveCalledTool(getWeather, { days: ['1'] });
// @ts-expect-error not a tool
expect(result).toHaveCalledTool(42);
// @ts-expect-error the count is a number
expect(result).toHaveCalledToolTimes(getWeather, '2');
// @ts-expect-error the position comes first
expect(result).toHaveNthCalledTool(getWeather, 1);
// @ts-expect-error a wrong type for a schema field
expect(result).toHaveNthCalledTool(1, getWeather, { city: 42 });
// @ts-expect-error not an agent, a handoff or a name
expect(result).toHaveHandedOffTo(42);
// @ts-expect-error a wrong type for a schema field
expect(result).toHaveRequestedApproval(refund, { amount: '30' });
// @ts-expect-error a key the schema does not have
expect(result).toHaveRequestedApproval(refund, { reason: 'late' });
// @ts-expect-error takes no arguments
expect(result).toBeComplete('all');
// @ts-expect-error an unknown matcher is rejected, so the types never decayed to `any`
expect(result).toHaveCalledTol(getWeather);

// The matchers' parameters are typed, not `any`
type Assertion = ReturnType<typeof expect<typeof result>>;
check<Equal<Parameters<Assertion['toHaveCalledToolTimes']>[1], number>>();
check<Equal<IsAny<Parameters<Assertion['toHaveHandedOffTo']>[0]>, false>>();

// .not
expect(result).not.toHaveCalledTool(getWeather, { city: 'Tokyo' });
expect(result).not.toHaveCalledToolTimes(getWeather, 1);
expect(result).not.toHaveNthCalledTool(1, refund, { orderId: 'A-1' });
expect(result).not.toHaveHandedOffTo(billing);
expect(result).not.toHaveRequestedApproval(refund);
expect(result).not.toBeComplete();
// @ts-expect-error a wrong type under .not too
expect(result).not.toHaveCalledTool(getWeather, { city: 42 });
// @ts-expect-error an unknown matcher under .not
expect(result).not.toHaveCalledTol(getWeather);

// .resolves and .rejects return promises
typed<Promise<unknown>>(expect(pending).resolves.toHaveCalledTool(getWeather, { city: 'Tokyo' }));
typed<Promise<unknown>>(expect(pending).resolves.not.toHaveHandedOffTo('Billing'));
typed<Promise<unknown>>(expect(pending).resolves.toBeComplete());
typed<Promise<unknown>>(expect(pending).rejects.toHaveCalledToolTimes(getWeather, 1));
// @ts-expect-error an unknown matcher under .resolves
void expect(pending).resolves.toHaveCalledTol(getWeather);
// Tool arguments under .resolves are checked per runner: Vitest's types lose them (see test-d/vitest).

// Asymmetric, inside other matchers
expect({ weather: result, billing: result }).toEqual({
  weather: expect.toHaveCalledTool(getWeather, { city: 'Tokyo' }),
  billing: expect.not.toHaveHandedOffTo(billing),
});
expect([result]).toEqual([expect.toHaveCalledToolTimes(getWeather, 1)]);
expect({ result }).toEqual({ result: expect.toHaveNthCalledTool(1, getWeather) });
expect({ result }).toEqual({ result: expect.toHaveRequestedApproval(refund, { orderId: 'A-1' }) });
expect({ result }).toEqual({ result: expect.toBeComplete() });
// @ts-expect-error a wrong type in the asymmetric form
expect.toHaveCalledTool(getWeather, { city: 42 });
// @ts-expect-error an unknown asymmetric matcher
expect.toHaveCalledTol(getWeather);

// A tool taken from an agent's own list fits the matchers without a cast.
declare const agentTool: import('@openai/agents').Tool<unknown>;
expect(result).toHaveCalledTool(agentTool);
expect(result).toHaveCalledToolTimes(agentTool, 1);
expect(result).toHaveRequestedApproval(agentTool, { any: 'thing' });

// Realtime matchers, on a realtime() script (the SDK's ScriptedRealtimeTransport is received alike)
declare const rt: import('agents-testkit').RealtimeScript;
expect(rt).toHaveSentRealtime('sendMessage');
expect(rt).toHaveSentRealtime('sendMessage', { message: 'Hello' });
expect(rt).toHaveSentRealtime('sendFunctionCallOutput', { toolCall: { name: 'refund' }, startResponse: true });
expect(rt).toHaveSentRealtime('sendFunctionCallOutput', { output: expect.stringContaining('Refunded') });
expect(rt).not.toHaveSentRealtime('interrupt');
// @ts-expect-error not a transport method
expect(rt).toHaveSentRealtime('sendMesage');
// @ts-expect-error sendMessage carries no output
expect(rt).toHaveSentRealtime('sendMessage', { output: 'x' });
expect(rt).toHaveSentAudio();
expect(rt).toHaveSentAudio({ ms: 600, chunks: 3, committed: true });
expect(rt).toHaveSentAudio({ ms: expect.any(Number) });
// @ts-expect-error committed is a boolean
expect(rt).toHaveSentAudio({ committed: 'yes' });
// @ts-expect-error not a field of the totals
expect(rt).toHaveSentAudio({ seconds: 1 });
expect(rt).toHaveRunRealtimeTool(refund);
expect(rt).toHaveRunRealtimeTool('refund', 0);
expect(rt).not.toHaveRunRealtimeTool(refund, 2);
// @ts-expect-error the count is a number
expect(rt).toHaveRunRealtimeTool(refund, '1');
// @ts-expect-error a tool object or a name
expect(rt).toHaveRunRealtimeTool(5);
typed<Promise<unknown>>(expect(Promise.resolve(rt)).resolves.toHaveRunRealtimeTool(refund, 1));
expect({ rt }).toEqual({ rt: expect.toHaveRunRealtimeTool(refund) });
expect({ rt }).toEqual({ rt: expect.toHaveSentRealtime('interrupt') });
// The MCP and resume matchers (more in mcp.test-d.ts): on expect(…), under .not, and asymmetric.
expect(result).toHaveRespectedApprovals();
expect(result).not.toHaveRespectedApprovals();
expect({ result }).toEqual({ result: expect.toHaveRespectedApprovals() });
expect({ result }).toEqual({ result: expect.toHaveCalledMcpTool('read_file', { path: 'a.md' }) });
expect({ result }).toEqual({ result: expect.toHaveMcpToolOutput('read_file', /A/) });
// @ts-expect-error it takes no arguments
expect(result).toHaveRespectedApprovals(refund);
// traces(): toHaveSpan with a partial typed by kind, within a pattern, and toHaveSpans in order.
const trace = traces();
expect(trace).toHaveSpan('agent');
expect(trace).toHaveSpan('agent', { name: 'Triage', handoffs: ['Billing'] });
expect(trace).toHaveSpan('function', { name: 'get_weather', input: { city: 'Tokyo' } }, { within: { kind: 'agent', name: 'Triage' } });
expect(trace).toHaveSpan('handoff', { from: 'Triage', to: expect.any(String) });
expect(trace).toHaveSpan('guardrail', { name: 'no_pii', triggered: true });
expect(trace).toHaveSpan('custom', { name: 'load_cart', data: { items: 2 } });
expect(trace).toHaveSpan('generation', { model: 'gpt-5' });
expect(trace).not.toHaveSpan('handoff', { to: 'Billing' });
expect(trace).toHaveSpans(['agent "Triage"', { kind: 'handoff', to: 'Billing' }, { kind: 'agent', name: 'Billing' }]);
expect({ trace }).toEqual({ trace: expect.toHaveSpan('handoff', { to: 'Billing' }) });
typed<string>(trace.tree());
typed<readonly RecordedSpan[]>(trace.spans);
// @ts-expect-error not a span kind
expect(trace).toHaveSpan('agnet');
// @ts-expect-error a handoff span has no name
expect(trace).toHaveSpan('handoff', { name: 'Billing' });
// @ts-expect-error triggered is a boolean
expect(trace).toHaveSpan('guardrail', { triggered: 'yes' });
// @ts-expect-error within takes a pattern with its kind
expect(trace).toHaveSpan('function', { name: 'get_weather' }, { within: { name: 'Triage' } });
// @ts-expect-error a pattern's fields follow its kind
expect(trace).toHaveSpans([{ kind: 'agent', to: 'Billing' }]);
