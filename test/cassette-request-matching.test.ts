/**
 * Replay's quick comparison of a live request with its recording (`matchesRecording`) answers as
 * the full comparison does (`requestChanges` of the request's recorded form): JSON's rules, key
 * order ignored, secrets redacted on the live side. Where it cannot tell, it answers "differs" and
 * the full comparison decides; it never answers "matches" for a request that drifted.
 */
import type { ModelRequest } from '@openai/agents';
import { recordRequest, type RecordedRequest } from '../src/fakes/cassette/file';
import { matchesRecording, requestChanges } from '../src/fakes/cassette/requestDrift';
import { describe, expect, test } from './support';

/** A live request as the SDK hands it to a model: settings, a tool with a schema, input items. */
function liveRequest(changes: Partial<Record<keyof ModelRequest, unknown>> = {}): ModelRequest {
  return {
    systemInstructions: 'You answer weather questions.',
    input: [
      { type: 'message', role: 'user', content: 'Weather in Tokyo?' },
      { type: 'function_call', callId: 'call_1', name: 'get_weather', arguments: '{"city":"Tokyo"}', status: 'completed' },
      { type: 'function_call_result', callId: 'call_1', name: 'get_weather', status: 'completed', output: { type: 'text', text: 'Sunny.' } },
    ],
    modelSettings: { temperature: 0.2, toolChoice: 'auto' },
    tools: [
      {
        type: 'function',
        name: 'get_weather',
        description: 'Current weather for a city',
        parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false },
        strict: true,
      },
    ],
    handoffs: [],
    outputType: 'text',
    tracing: false,
    ...changes,
  } as unknown as ModelRequest;
}

const recordingOf = (request: ModelRequest): RecordedRequest => JSON.parse(JSON.stringify(recordRequest(request))) as RecordedRequest;
/** What the full comparison finds: whether the request's recorded form agrees with the recording. */
const fullyMatches = (recorded: RecordedRequest, live: ModelRequest): boolean => requestChanges(recorded, recordRequest(live)).length === 0;

describe('a live request that agrees with its recording as JSON matches', () => {
  test.each([
    ['the same request', liveRequest()],
    ['keys in another order', liveRequest({ modelSettings: { toolChoice: 'auto', temperature: 0.2 } })],
    ['a setting left undefined', liveRequest({ modelSettings: { temperature: 0.2, toolChoice: 'auto', topP: undefined } })],
    ['a function where JSON writes nothing', liveRequest({ modelSettings: { temperature: 0.2, toolChoice: 'auto', hook: () => 1 } })],
  ])('%s', (_what, live) => {
    const recorded = recordingOf(liveRequest());
    expect(matchesRecording(recorded, live)).toBe(true);
    expect(fullyMatches(recorded, live)).toBe(true);
  });

  test('values JSON writes another way: toJSON, NaN as null, -0 as 0, undefined in a list as null', () => {
    const when = new Date(Date.UTC(2026, 0, 2));
    const live = liveRequest({ modelSettings: { providerData: { when, score: Number.NaN, offset: -0, slots: [1, undefined, () => 2] } } });
    const recorded = recordingOf(live);
    expect(recorded.settings).toEqual({ providerData: { when: when.toISOString(), score: null, offset: 0, slots: [1, null, null] } });

    expect(matchesRecording(recorded, live)).toBe(true);
    expect(fullyMatches(recorded, live)).toBe(true);
  });

  test('a secret in the live request matches its redacted recording, in a text and under a credential name', () => {
    const live = liveRequest({
      systemInstructions: 'Call the API with sk-abcdefghijklmnopqrstuvwxyz0123.',
      modelSettings: { providerData: { apiKey: 'not-in-the-file', tokens: ['a', 'b'], empty: { apiKey: '' } } },
    });
    const recorded = recordingOf(live);
    expect(JSON.stringify(recorded)).not.toContain('sk-abcdefghijklmnopqrstuvwxyz0123');
    expect(JSON.stringify(recorded)).not.toContain('not-in-the-file');

    expect(matchesRecording(recorded, live)).toBe(true);
    expect(fullyMatches(recorded, live)).toBe(true);
  });
});

describe('a live request that drifted does not match', () => {
  const base = liveRequest();
  const input = base.input as Record<string, unknown>[];
  const tool = base.tools[0] as unknown as { parameters: Record<string, unknown> };
  test.each([
    ['changed instructions', liveRequest({ systemInstructions: 'You answer in French.' })],
    ['a changed setting', liveRequest({ modelSettings: { temperature: 0.7, toolChoice: 'auto' } })],
    ['an added setting', liveRequest({ modelSettings: { temperature: 0.2, toolChoice: 'auto', topP: 1 } })],
    ['a removed setting', liveRequest({ modelSettings: { temperature: 0.2 } })],
    ['a number become a string', liveRequest({ modelSettings: { temperature: '0.2', toolChoice: 'auto' } })],
    ['null where a value was', liveRequest({ modelSettings: { temperature: null, toolChoice: 'auto' } })],
    ['an extra input item', liveRequest({ input: [...input, { type: 'message', role: 'user', content: 'And Osaka?' }] })],
    ['an input item dropped', liveRequest({ input: input.slice(0, 2) })],
    ['an input item undefined (null in JSON)', liveRequest({ input: [input[0], undefined, input[2]] })],
    ['a list become an object with the same entries', liveRequest({ tools: [{ ...tool, parameters: { ...tool.parameters, required: { 0: 'city' } } }] })],
    ['an object become a list', liveRequest({ tools: [{ ...tool, parameters: { ...tool.parameters, properties: [] } }] })],
    ['a changed tool output', liveRequest({ input: [...input.slice(0, 2), { ...input[2], output: { type: 'text', text: 'Rain.' } }] })],
    ['a string input instead of items', liveRequest({ input: 'Weather in Tokyo?' })],
    ['a field the prototype has, not the recording', liveRequest({ modelSettings: { temperature: 0.2, toolChoice: 'auto', toString: 'x' } })],
    ['a previous response id added', liveRequest({ previousResponseId: 'resp_1' })],
  ])('%s', (_what, live) => {
    const recorded = recordingOf(base);
    expect(fullyMatches(recorded, live)).toBe(false);
    expect(matchesRecording(recorded, live)).toBe(false);
  });

  test('a recording that holds a secret in the clear does not match the same live text, whose redacted form differs', () => {
    const text = 'Call the API with sk-abcdefghijklmnopqrstuvwxyz0123.';
    const recorded = { ...recordingOf(liveRequest()), instructions: text };
    const live = liveRequest({ systemInstructions: text });

    expect(fullyMatches(recorded, live)).toBe(false);
    expect(matchesRecording(recorded, live)).toBe(false);
  });

  test('a value under a credential name recorded in the clear does not match', () => {
    const live = liveRequest({ modelSettings: { providerData: { apiKey: 'in-the-clear' } } });
    const recorded = { ...recordingOf(liveRequest()), settings: { providerData: { apiKey: 'in-the-clear' } } } as RecordedRequest;

    expect(fullyMatches(recorded, live)).toBe(false);
    expect(matchesRecording(recorded, live)).toBe(false);
  });

  test('an ignored field is not compared', () => {
    const recorded = recordingOf(base);
    const live = liveRequest({ modelSettings: { temperature: 0.9 } });
    expect(matchesRecording(recorded, live, ['settings'])).toBe(true);
    expect(matchesRecording(recorded, live, ['tools'])).toBe(false);
  });

  test('values JSON cannot write leave the decision to the full comparison', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    const recorded = recordingOf(base);
    for (const providerData of [cycle, { big: 1n }, { boxed: new String('x') }]) {
      expect(matchesRecording(recorded, liveRequest({ modelSettings: { temperature: 0.2, toolChoice: 'auto', providerData } }))).toBe(false);
    }
  });
});
