/**
 * A kit matcher's message is coloured exactly when the runner's own matcher messages are (under
 * Vitest: never, its reporter colours diffs itself; under Jest: as Jest's setting says), so a
 * `toThrow('…')` on a kit message reads the same text under both runners.
 */
import { Agent, run } from '@openai/agents';
import { model } from 'agents-testkit';
import { withoutColour } from '../src/format/colour';
import { describe, expect, test } from './support';

const ANSI = /\u001b\[[0-9;]*m/;

/** The message of a failed assertion, as the runner made it (colour and all). */
function rawFailure(assertion: () => unknown): string {
  try {
    assertion();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the assertion to fail, but it passed');
}

describe('colour in matcher messages', () => {
  test("a kit matcher's message is coloured exactly when the runner's own matchers' messages are", async () => {
    const result = await run(new Agent({ name: 'Helper', model: model().replies('Hi.') }), 'Hello');
    const builtIn = rawFailure(() => expect(1).toBe(2));
    const kit = rawFailure(() => expect(result).toHaveCalledTool('refund'));

    expect(ANSI.test(kit)).toBe(ANSI.test(builtIn));
  });

  test("toThrow reads a kit message as the runner made it, and its words stand without colour", async () => {
    const result = await run(new Agent({ name: 'Helper', model: model().replies('Hi.') }), 'Hello');
    const kit = rawFailure(() => expect(result).toHaveCalledTool('refund'));

    expect(withoutColour(kit)).toContain('refund');
    expect(() => expect(result).toHaveCalledTool('refund')).toThrow(kit.split('\n')[0] as string);
  });

  test('withoutColour takes out the SGR codes chalk and tinyrainbow write, and nothing else', () => {
    expect(withoutColour('\u001b[31mExpected\u001b[39m: \u001b[1;32m"refund"\u001b[0m [x]')).toBe('Expected: "refund" [x]');
    expect(withoutColour('plain [1m text')).toBe('plain [1m text');
  });
});
