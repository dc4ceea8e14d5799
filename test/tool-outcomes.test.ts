import type { AgentInputItem, ModelRequest } from '@openai/agents';
import { forgetPlannedFailures, notePlannedFailure } from '../src/fakes/core/plannedFailures';
import { asPlanned, ToolOutcomes, type EmittedCall } from '../src/fakes/core/toolOutcomes';
import { DEFAULT_TOOL_ERROR_TEXT } from '../src/sdk/coupling';
import { afterEach, describe, expect, test } from './support';

// Where a script sees what its calls came to: the outputs the next request carries back.

const call = (callId: string, toolFails?: EmittedCall['toolFails'], args: unknown = { orderId: 'A' }): EmittedCall => ({ callId, name: 'lookup_order', argumentsText: JSON.stringify(args), stepIndex: 0, toolFails });
const result = (callId: string, text: string) => ({ type: 'function_call_result', callId, name: 'lookup_order', status: 'completed', output: { type: 'text', text } });
// What settle() reads of a request: its items (the double hands it those it has not read before).
const request = (input: ModelRequest['input']): AgentInputItem[] => (typeof input === 'string' ? [] : input);

describe('ToolOutcomes', () => {
  test('reports each emitted call once, when a request carries its output, and nothing for calls it did not emit', () => {
    const outcomes = new ToolOutcomes();
    const [shipped, failing] = [call('call_1'), call('call_2', true)];
    outcomes.emitted(shipped);
    outcomes.emitted(failing);
    const history = [result('call_1', 'Order A has shipped.'), result('call_9', 'not ours')] as never;

    expect(outcomes.settle(request(history))).toEqual([{ call: shipped, output: 'Order A has shipped.', failed: false, timedOut: false, plannedElsewhere: false }]);
    // The next request carries the whole history again: what was reported stays reported.
    expect(outcomes.settle(request(history))).toEqual([]);
    const failed = outcomes.settle(request([...history, result('call_2', 'An error occurred while running the tool. Please try again.')] as never));
    expect(failed).toEqual([{ call: failing, output: 'An error occurred while running the tool. Please try again.', failed: true, timedOut: false, plannedElsewhere: false }]);
  });

  test('reads from the end only as far back as a waiting call could have its output, and reports outcomes in order', () => {
    const outcomes = new ToolOutcomes();
    const [first, second] = [call('call_1'), call('call_2', true)];
    outcomes.emitted(first);
    outcomes.emitted(second);
    const made = (callId: string) => ({ type: 'function_call', callId, name: 'lookup_order', arguments: '{}', status: 'completed' });
    // An output of call_1 placed before call_1 itself lies behind where the walk stops: nothing a
    // conversation holds puts an output there, and the walk does not read it.
    const items = [result('call_1', 'too early'), made('call_1'), made('call_2'), result('call_2', DEFAULT_TOOL_ERROR_TEXT)] as never;
    expect(outcomes.settle(request(items)).map((outcome) => outcome.call.callId)).toEqual(['call_2']);
    // Both outputs after their calls: both reported, oldest first.
    const again = new ToolOutcomes();
    again.emitted(first);
    again.emitted(second);
    const both = [made('call_1'), made('call_2'), result('call_1', 'ok'), result('call_2', DEFAULT_TOOL_ERROR_TEXT)] as never;
    expect(again.settle(request(both)).map((outcome) => outcome.call.callId)).toEqual(['call_1', 'call_2']);
  });

  test("a call another conversation made (never in these items) has the walk read to the start, so this one's output is still found", () => {
    const outcomes = new ToolOutcomes();
    outcomes.emitted(call('call_elsewhere'));
    outcomes.emitted(call('call_3', true));
    // The output at the start (an input filter dropped its call item), then later items.
    const items = [result('call_3', DEFAULT_TOOL_ERROR_TEXT), { type: 'message', role: 'user', content: 'Next' }] as never;
    expect(outcomes.settle(request(items)).map((outcome) => outcome.call.callId)).toEqual(['call_3']);
  });

  test('a request of plain text, or with nothing waiting, settles nothing', () => {
    const outcomes = new ToolOutcomes();
    expect(outcomes.settle(request([result('call_1', 'x')] as never))).toEqual([]);
    outcomes.emitted(call('call_1'));
    expect(outcomes.settle(request('Hi'))).toEqual([]);
    expect(outcomes.settle(request([result('call_1', 'x')] as never))).toHaveLength(1);
  });
});

describe('a failure another double planned', () => {
  afterEach(() => forgetPlannedFailures());
  /** What a sandbox or an MCP server notes when its script fails a call of lookup_order with `orderId`. */
  const failedLookup = (orderId: string, tools = ['lookup_order']) => notePlannedFailure({ tools, fits: (args) => (args as { orderId?: unknown }).orderId === orderId });
  const failedOutput = (callId: string) => result(callId, DEFAULT_TOOL_ERROR_TEXT);

  test("explains one failed output of a call of that tool with those arguments, made before it", () => {
    const outcomes = new ToolOutcomes();
    outcomes.emitted(call('call_1'));
    outcomes.emitted(call('call_2', undefined, { orderId: 'B' }));
    failedLookup('A');

    const [first, second] = outcomes.settle(request([failedOutput('call_1'), failedOutput('call_2')] as never));
    expect([first?.plannedElsewhere, second?.plannedElsewhere]).toEqual([true, false]);
    expect([asPlanned(first!), asPlanned(second!)]).toEqual([true, false]);
  });

  test('is used up by the output it explains, and explains no output that is not a failure', () => {
    const outcomes = new ToolOutcomes();
    outcomes.emitted(call('call_1'));
    outcomes.emitted(call('call_2'));
    failedLookup('A');

    const settled = outcomes.settle(request([result('call_1', 'Order A has shipped.'), failedOutput('call_2')] as never));
    expect(settled.map((outcome) => outcome.plannedElsewhere)).toEqual([false, true]);
    outcomes.emitted(call('call_3'));
    failedLookup('A');
    outcomes.emitted(call('call_4'));
    expect(outcomes.settle(request([failedOutput('call_3'), failedOutput('call_4')] as never)).map((outcome) => outcome.plannedElsewhere)).toEqual([true, false]);
  });

  test('a failure noted before the call was made, or of another tool, is not its', () => {
    const outcomes = new ToolOutcomes();
    failedLookup('A');
    outcomes.emitted(call('call_1'));
    failedLookup('A', ['get_weather']);
    expect(outcomes.settle(request([failedOutput('call_1')] as never))[0]?.plannedElsewhere).toBe(false);
  });

  test('a tool called by another of its names (an MCP tool prefixed with its server) is the same tool', () => {
    const outcomes = new ToolOutcomes();
    outcomes.emitted(call('call_1'));
    failedLookup('A', ['read', 'lookup_order']);
    expect(outcomes.settle(request([failedOutput('call_1')] as never))[0]?.plannedElsewhere).toBe(true);
  });

  test('the setup entries forget the failures noted in a test when it ends', () => {
    const outcomes = new ToolOutcomes();
    outcomes.emitted(call('call_1'));
    failedLookup('A');
    forgetPlannedFailures();
    expect(outcomes.settle(request([failedOutput('call_1')] as never))[0]?.plannedElsewhere).toBe(false);
  });
});

describe('asPlanned', () => {
  const outcome = (toolFails: EmittedCall['toolFails'], output: string, failed: boolean, plannedElsewhere = false) => ({ call: call('c', toolFails), output, failed, timedOut: false, plannedElsewhere });

  test('no plan: an output that is not the error text; true: the error text; a string or RegExp: an output that holds it', () => {
    expect(asPlanned(outcome(undefined, 'ok', false))).toBe(true);
    expect(asPlanned(outcome(undefined, 'error', true))).toBe(false);
    expect(asPlanned(outcome(true, 'error', true))).toBe(true);
    expect(asPlanned(outcome(true, 'ok', false))).toBe(false);
    expect(asPlanned(outcome('quota', 'Error: quota exceeded', false))).toBe(true);
    expect(asPlanned(outcome('quota', 'Error: timeout', true))).toBe(false);
    const global = /quota/g;
    expect(asPlanned(outcome(global, 'quota', false))).toBe(true);
    expect(asPlanned(outcome(global, 'quota', false))).toBe(true); // lastIndex does not carry over
    expect(asPlanned(outcome(/quota/, 'timeout', false))).toBe(false);
  });

  test('no plan, and the double the tool called planned the failure: as planned', () => {
    expect(asPlanned(outcome(undefined, 'error', true, true))).toBe(true);
    expect(asPlanned(outcome('quota', 'error', true, true))).toBe(false);
  });
});
