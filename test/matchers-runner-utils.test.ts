import { Agent, run } from '@openai/agents';
import { model } from 'agents-testkit';
import { matchers } from '../src/matchers';
import { describe, expect, getWeather, test } from './support';

// The matchers word their messages with the calling runner's `this.utils`. A Jest-compatible
// `expect` of another kind may hand them none (the kit's plain helpers stand in), or helpers of
// its own; and it may hand them an `equals` without custom testers.

type Call = (this: object, received: unknown, ...args: unknown[]) => { pass: boolean; message(): string };
const matcher = (name: string) => (matchers as unknown as Record<string, Call>)[name]!;

/** Another runner's `equals`: it runs the custom testers it is handed, as Jest's and Vitest's do, then compares as JSON. */
function equals(a: unknown, b: unknown, testers: readonly unknown[] = []): boolean {
  for (const tester of testers) {
    const verdict = (tester as (a: unknown, b: unknown) => boolean | undefined)(a, b);
    if (verdict !== undefined) return verdict;
  }
  return JSON.stringify(a) === JSON.stringify(b);
}

const weatherRun = async () => run(new Agent({ name: 'Forecaster', tools: [getWeather], model: model().calls(getWeather, { city: 'Paris' }).thenReplies('Sunny.') }), 'Weather?');

describe('a runner that hands the matchers no utils and no custom testers', () => {
  const plain = (isNot = false) => ({ isNot, promise: '', equals });

  test('a failure reads in plain words: the hint, and Expected and Received in place of a diff', async () => {
    const result = await weatherRun();
    const failed = matcher('toHaveCalledTool').call(plain(), result, 'get_weather', { city: 'Tokyo' });
    expect(failed.pass).toBe(false);
    expect(failed.message()).toBe(
      [
        'expect(received).toHaveCalledTool(tool)',
        '',
        'Expected: a call of "get_weather" with arguments matching {"city": "Tokyo"}',
        'Received: 1 call of "get_weather", none with matching arguments',
        '',
        'Call 1:',
        'Expected: {"city": "Tokyo"}',
        'Received: {"city": "Paris"}',
        '',
        'Tool calls of the run:',
        '  1. get_weather({"city":"Paris"})  (Forecaster)',
        '',
        'Number of tool calls: 1',
      ].join('\n'),
    );
    expect(matcher('toHaveCalledTool').call(plain(), result, 'get_weather', { city: 'Paris' }).pass).toBe(true);
  });

  test('under .not the hint says so', async () => {
    const result = await weatherRun();
    const matched = matcher('toHaveCalledTool').call(plain(true), result, 'get_weather');
    expect(matched.pass).toBe(true);
    expect(matched.message().split('\n')[0]).toBe('expect(received).not.toHaveCalledTool(tool)');
  });

  test('one argument too many: the hint names the expected argument', async () => {
    const result = await weatherRun();
    const call = () => matcher('toHaveHandedOffTo').call(plain(), result, 'Billing', { times: 1 });
    expect(call).toThrow(
      ['expect(received).toHaveHandedOffTo(expected)', '', 'Matcher error: toHaveHandedOffTo takes at most 1 argument; got 2', '', 'Extra argument has type:  object', 'Extra argument has value: {"times": 1}'].join('\n'),
    );
  });
});

describe("a runner's own utils", () => {
  /** Helpers that record what the matchers hand them; `printDiffOrStringify` is the one given. */
  function recordingUtils(printDiffOrStringify: (...args: never[]) => string | undefined) {
    const hints: unknown[][] = [];
    const plainText = (text: string) => text;
    const utils = {
      EXPECTED_COLOR: plainText,
      RECEIVED_COLOR: plainText,
      BOLD_WEIGHT: plainText,
      DIM_COLOR: plainText,
      matcherHint: (...args: unknown[]) => {
        hints.push(args);
        return 'HINT';
      },
      printExpected: String,
      printReceived: String,
      printDiffOrStringify,
      printWithType: (name: string, value: unknown, print: (value: unknown) => string) => `${name}: ${print(value)}`,
    };
    return { utils, hints };
  }

  test("the hint is the runner's, given the state's promise, or none when the runner sets no promise", async () => {
    const result = await weatherRun();
    const { utils, hints } = recordingUtils(() => undefined);
    matcher('toHaveCalledTool').call({ isNot: false, equals, utils }, result, 'get_weather', { city: 'Tokyo' }).message();
    matcher('toHaveCalledTool').call({ isNot: true, promise: 'resolves', equals, utils }, result, 'get_weather').message();
    expect(hints).toEqual([
      ['toHaveCalledTool', 'received', 'tool', { isNot: false, promise: '', secondArgument: 'args' }],
      ['toHaveCalledTool', 'received', 'tool', { isNot: true, promise: 'resolves' }],
    ]);
  });

  test("the diff is the runner's: Jest's helper takes (expected, received, labels, expand), Vitest's (received, expected)", async () => {
    const result = await weatherRun();
    const diffs: unknown[][] = [];
    const jestStyle = recordingUtils(function jestDiff(expected: never, received: never, expectedLabel: never, receivedLabel: never, expand: never) {
      diffs.push([expected, received, expectedLabel, receivedLabel, expand]);
      return 'JEST DIFF';
    });
    const vitestStyle = recordingUtils(function vitestDiff(received: never, expected: never, options: never) {
      diffs.push([received, expected, options]);
      return 'VITEST DIFF';
    });
    const messageWith = (utils: object) => matcher('toHaveCalledTool').call({ isNot: false, promise: '', equals, utils }, result, 'get_weather', { city: 'Tokyo' }).message();
    expect(messageWith(jestStyle.utils).split('\n').slice(4, 7)).toEqual(['', 'Call 1:', 'JEST DIFF']);
    expect(messageWith(vitestStyle.utils).split('\n').slice(4, 7)).toEqual(['', 'Call 1:', 'VITEST DIFF']);
    expect(diffs).toEqual([
      [{ city: 'Tokyo' }, { city: 'Paris' }, 'Expected', 'Received', false],
      [{ city: 'Paris' }, { city: 'Tokyo' }, undefined],
    ]);
  });
});
