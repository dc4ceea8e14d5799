// toHaveSpan / toHaveSpans: what their messages say about each outcome (passed under `.not`, failed
// with none, some or all found, found elsewhere), and the malformed patterns they refuse rather
// than let `.not` pass on a pattern that could never match.
import { Agent, run } from '@openai/agents';
import { configure, model, traces } from 'agents-testkit';
import { describe, expect, failureOf, getWeather, test } from './support';

// Any request beyond loopback (the OpenAI tracing exporter's included) is stopped and fails its test.
configure({ offline: 'strict' });

/** Triage looks the weather up, then hands off to Billing, which answers: one handoff, three generations. */
async function tracedSupportRun() {
  const trace = traces();
  const script = model().calls(getWeather, { city: 'Tokyo' }).thenHandsOffTo('Billing').thenReplies('Your invoice is on its way.');
  const billing = new Agent({ name: 'Billing', model: script });
  const triage = new Agent({ name: 'Triage', model: script, tools: [getWeather], handoffs: [billing] });
  await run(triage, 'Weather in Tokyo, then my invoice?');
  return trace;
}

/** The failure message's lines, so a test names a whole line rather than part of one. */
function linesOf(assertion: () => unknown): string[] {
  return failureOf(assertion).split('\n');
}

describe('toHaveSpans messages', () => {
  test('a pass under .not: "not these spans", every pattern shown as written, and "all of them, in order"', async () => {
    const trace = await tracedSupportRun();

    const lines = linesOf(() => expect(trace).not.toHaveSpans(['function get_weather', { kind: 'handoff', to: 'Billing' }]));

    expect(lines).toContain('Expected: not these spans in order: "function get_weather" → handoff {"to":"Billing"}');
    expect(lines).toContain('Received: all of them, in order');
  });

  test('none found: "none of them in order", and the missing pattern described, not printed as JSON', async () => {
    const trace = await tracedSupportRun();

    const lines = linesOf(() => expect(trace).toHaveSpans([{ kind: 'handoff', to: 'Nobody' }, 'agent "Billing"']));

    expect(lines).toContain('Expected: these spans in order: handoff {"to":"Nobody"} → "agent \\"Billing\\""');
    expect(lines).toContain('Received: none of them in order; then no handoff {"to":"Nobody"}');
  });

  test('a span that came before the ones found: "after them (it came earlier)"', async () => {
    const trace = await tracedSupportRun();

    const lines = linesOf(() => expect(trace).toHaveSpans(['agent "Billing"', 'agent "Triage"']));

    expect(lines).toContain('Received: the first 1 in order; then no "agent \\"Triage\\"" after them (it came earlier)');
  });

  test('a span heard nowhere: no "came earlier"', async () => {
    const trace = await tracedSupportRun();

    const lines = linesOf(() => expect(trace).toHaveSpans(['agent "Triage"', 'function send_invoice']));

    expect(lines).toContain('Received: the first 1 in order; then no "function send_invoice"');
  });

  test('one malformed pattern among good ones is refused, so .not cannot pass on it', async () => {
    const trace = await tracedSupportRun();

    for (const bad of [{ name: 'Billing' }, { kind: '' }, { kind: 5 }, 42] as never[]) {
      expect(failureOf(() => expect(trace).not.toHaveSpans(['agent "Triage"', bad]))).toContain('a non-empty array of span lines');
      expect(failureOf(() => expect(trace).toHaveSpans(['agent "Triage"', bad]))).toContain('a non-empty array of span lines');
    }
  });
});

describe('toHaveSpan messages', () => {
  test('a pass under .not with one span: "Received: one:" and the span as the tree prints it', async () => {
    const trace = await tracedSupportRun();

    const lines = linesOf(() => expect(trace).not.toHaveSpan('function', { name: 'get_weather' }));

    expect(lines).toContain('Received: one: function get_weather {"city":"Tokyo"} → "Sunny in Tokyo."');
  });

  test('a pass under .not with several spans: their count and each, separated', async () => {
    const trace = await tracedSupportRun();

    const lines = linesOf(() => expect(trace).not.toHaveSpan('generation', {}, { within: { kind: 'agent', name: 'Triage' } }));

    expect(lines).toContain('Received: 2: generation; generation');
  });

  test('several matching spans, none within the pattern: their count and each, separated', async () => {
    const trace = await tracedSupportRun();

    const lines = linesOf(() => expect(trace).toHaveSpan('generation', {}, { within: { kind: 'handoff' } }));

    expect(lines).toContain('Received: 3, but not within handoff: generation; generation; generation');
  });

  test('one span of the kind, not matching: "among 1 handoff span", singular', async () => {
    const trace = await tracedSupportRun();

    const lines = linesOf(() => expect(trace).toHaveSpan('handoff', { to: 'Nobody' }));

    expect(lines).toContain('Received: no matching one among 1 handoff span');
  });

  test('a recorder that heard nothing says so', () => {
    const trace = traces();

    const lines = linesOf(() => expect(trace).toHaveSpan('agent'));

    expect(lines).toContain('traces() heard no spans.');
  });

  test('a partial that is not an object names the partial', () => {
    const trace = traces();

    const message = failureOf(() => expect(trace).toHaveSpan('agent', 'Triage' as never));

    expect(message).toContain('partial value must be a partial span (an object), or nothing');
    expect(message).toContain('Partial has type:');
  });

  test('a within without a kind, or with an empty one, is refused, so .not cannot pass on it', async () => {
    const trace = await tracedSupportRun();

    for (const within of [{ name: 'Billing' }, { kind: 5, name: 'Billing' }, { kind: '', name: 'Billing' }]) {
      const message = failureOf(() => expect(trace).not.toHaveSpan('function', { name: 'get_weather' }, { within } as never));
      expect(message).toContain("options value must be options like { within: { kind: 'agent', name: 'Triage' } }");
      expect(message).toContain('Options has type:');
    }
  });
});
