import { Agent, run } from '@openai/agents';
import { model } from 'agents-testkit';
import { ledgerOf, type Ledger } from '../src/fakes/core/ledger';
import { isSdkToolErrorText, SDK_TOOL_ERROR_TEXTS } from '../src/sdk/coupling';
import { describe, expect, test } from './support';

// model() records each call as a number (the turn it played, and whether it streamed) and words it
// only when a report is read: the words must be those a description made at the call would have.

describe('model() call descriptions', () => {
  test('a report says of each call whether it streamed and which turn it played, or that none was left', async () => {
    const m = model({ verify: false }).replies('One.').thenReplies('Two.');
    const agent = new Agent({ name: 'Writer', model: m });
    await run(agent, 'first');
    const streamed = await run(agent, 'second', { stream: true });
    await streamed.completed;
    await expect(run(agent, 'third')).rejects.toThrow(/no turns left/);
    const streamedLast = await run(agent, 'fourth', { stream: true });
    await expect(streamedLast.completed).rejects.toThrow(/no turns left/);
    expect((ledgerOf(m) as Ledger).report().calls).toEqual([
      '1. model call → turn 1. replies("One.")',
      '2. streamed model call → turn 2. thenReplies("Two.")',
      '3. model call → no turn left (mismatch)',
      '4. streamed model call → no turn left (mismatch)',
    ]);
  });
});

describe('the SDK tool error texts', () => {
  test('isSdkToolErrorText accepts what one of the texts matches, and nothing else', () => {
    const samples = [
      'An error occurred while running the tool. Please try again.',
      'An error occurred while running the tool. Please try again. And more',
      'An error occurred while parsing tool arguments. Please try again with valid JSON.',
      "Tool 'lookup' timed out after 20ms.",
      "Tool 'lookup' timed out after ms.",
      'Tool lookup_order not found',
      'Tool  not found',
      'Tool lookup_order not found.',
      'It is sunny in Tokyo.',
      '',
      ' Tool lookup not found',
    ];
    for (const sample of samples) expect([sample, isSdkToolErrorText(sample)]).toEqual([sample, SDK_TOOL_ERROR_TEXTS.some((text) => text.test(sample))]);
    expect(isSdkToolErrorText({ text: 'Tool x not found' })).toBe(false);
  });
});
