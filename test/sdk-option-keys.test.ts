// The SDK's own option objects that builders pass on (retry advice, usage, an MCP tool filter) are
// checked key by key where they are written: the SDK reads the keys it knows and ignores the rest,
// so a misspelled key would leave the script without the advice, the tokens or the filter the test
// meant, and the test would run on without them.
import { mcp, mcpCassette, model, realtime, ScriptError } from 'agents-testkit';
import { Usage } from '@openai/agents';
import { z } from 'zod';
import { describe, expect, test, thrownBy } from './support';

function refusal(write: () => unknown) {
  const error = thrownBy(write);
  expect(error).toBeInstanceOf(ScriptError);
  const { reason, double, message } = error as ScriptError;
  return { reason, double, message };
}

const tools = { read_file: z.object({ path: z.string() }), delete_file: z.object({ path: z.string() }) };

describe('a misspelled key of an SDK option object is refused where it is written', () => {
  test('retry advice: fails() and thenFails()', () => {
    expect(refusal(() => model({ verify: false }).fails(new Error('busy'), { sugested: true } as never))).toEqual({
      reason: 'unknown_option',
      double: 'model()',
      message:
        'model() step 1, fails(): retry advice: "sugested" is not one of its fields. Did you mean suggested? ' +
        'The fields are suggested, retryAfterMs, reason, replaySafety, responseStarted, normalized.',
    });
    expect(refusal(() => model({ verify: false }).replies('a').thenFails(new Error('busy'), { retryAfterMS: 5 } as never)).message).toContain(
      '"retryAfterMS" is not one of its fields. Did you mean retryAfterMs?',
    );
  });

  test('retry advice the SDK knows, or a callback, is taken', () => {
    expect(() => model({ verify: false }).fails(new Error('busy'), { suggested: true, retryAfterMs: 0, replaySafety: 'safe', reason: 'busy' })).not.toThrow();
    expect(() => model({ verify: false }).fails(new Error('busy'), () => ({ suggested: false }))).not.toThrow();
  });

  test('a model turn’s usage', () => {
    const { reason, message } = refusal(() => model({ verify: false }).turn((t) => t.replies('a').usage({ inputToken: 10 } as never)));
    expect(reason).toBe('unknown_option');
    expect(message).toContain('usage: "inputToken" is not one of its fields. Did you mean inputTokens?');
    // The SDK's Usage also reads the Responses API's own spelling.
    expect(() => model({ verify: false }).turn((t) => t.replies('a').usage({ input_tokens: 10, outputTokens: 2, requests: 1 }))).not.toThrow();
  });

  test('a Realtime usage update', () => {
    const { reason, double, message } = refusal(() => realtime({ verify: false }).emitUsage({ outputToken: 5 } as never));
    expect({ reason, double }).toEqual({ reason: 'unknown_option', double: 'realtime()' });
    expect(message).toContain('"outputToken" is not one of its fields. Did you mean outputTokens?');
    // The same payload emitted as the raw event.
    expect(refusal(() => realtime({ verify: false }).emit('usage_update', { outputToken: 5 } as never)).message).toContain('"outputToken" is not one of its fields.');
    expect(() => realtime({ verify: false }).emitUsage({ inputTokens: 3, outputTokens: 5 })).not.toThrow();
    // The SDK's own Usage, as the session adds it up, is taken as it is.
    expect(() => realtime({ verify: false }).emitUsage(new Usage({ inputTokens: 3, outputTokens: 5, requestUsageEntries: [{ inputTokens: 3, outputTokens: 5, totalTokens: 8 }] }))).not.toThrow();
    expect(() => model({ verify: false }).turn((t) => t.replies('a').usage(new Usage({ inputTokens: 3 })))).not.toThrow();
  });

  test('an MCP server’s static tool filter: mcp() and mcpCassette()', () => {
    const { reason, double, message } = refusal(() => mcp({ name: 'files', tools, toolFilter: { blockedToolName: ['delete_file'] } as never }));
    expect({ reason, double }).toEqual({ reason: 'unknown_option', double: 'mcp("files")' });
    expect(message).toBe(
      'mcp("files"): toolFilter: "blockedToolName" is not one of its fields. Did you mean blockedToolNames? The fields are allowedToolNames, blockedToolNames.',
    );
    expect(refusal(() => mcpCassette('no-such-recording.json', { toolFilter: { allowed: ['read_file'] } as never })).reason).toBe('unknown_option');
    expect(() => mcp({ name: 'files', tools, verify: false, toolFilter: { blockedToolNames: ['delete_file'] } })).not.toThrow();
  });
});
