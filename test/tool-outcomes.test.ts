import type { ModelRequest } from '@openai/agents';
import { asPlanned, ToolOutcomes, type EmittedCall } from '../src/fakes/toolOutcomes';
import { describe, expect, test } from './support';

// Where a script sees what its calls came to: the outputs the next request carries back.

const call = (callId: string, toolFails?: EmittedCall['toolFails']): EmittedCall => ({ callId, name: 'lookup_order', stepIndex: 0, toolFails });
const result = (callId: string, text: string) => ({ type: 'function_call_result', callId, name: 'lookup_order', status: 'completed', output: { type: 'text', text } });
const request = (input: ModelRequest['input']) => ({ input }) as ModelRequest;

describe('ToolOutcomes', () => {
  test('reports each emitted call once, when a request carries its output, and nothing for calls it did not emit', () => {
    const outcomes = new ToolOutcomes();
    outcomes.emitted(call('call_1'));
    outcomes.emitted(call('call_2', true));
    const history = [result('call_1', 'Order A has shipped.'), result('call_9', 'not ours')] as never;

    expect(outcomes.settle(request(history))).toEqual([{ call: call('call_1'), output: 'Order A has shipped.', failed: false }]);
    // The next request carries the whole history again: what was reported stays reported.
    expect(outcomes.settle(request(history))).toEqual([]);
    const failed = outcomes.settle(request([...history, result('call_2', 'An error occurred while running the tool. Please try again.')] as never));
    expect(failed).toEqual([{ call: call('call_2', true), output: 'An error occurred while running the tool. Please try again.', failed: true }]);
  });

  test('a request of plain text, or with nothing waiting, settles nothing', () => {
    const outcomes = new ToolOutcomes();
    expect(outcomes.settle(request([result('call_1', 'x')] as never))).toEqual([]);
    outcomes.emitted(call('call_1'));
    expect(outcomes.settle(request('Hi'))).toEqual([]);
    expect(outcomes.settle(request([result('call_1', 'x')] as never))).toHaveLength(1);
  });
});

describe('asPlanned', () => {
  const outcome = (toolFails: EmittedCall['toolFails'], output: string, failed: boolean) => ({ call: call('c', toolFails), output, failed });

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
});
