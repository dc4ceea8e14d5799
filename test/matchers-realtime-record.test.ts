import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import { chunk, realtime, silence } from 'agents-testkit';
import { expect, failureOf, test } from './support';

// How the Realtime matchers read what a transport sent: which received values they accept, how
// they list a long record, and the edges of their expected values.

/** An expected number that equals any number within `tolerance` of it, through a custom equality tester. */
class Roughly {
  constructor(
    readonly value: number,
    readonly tolerance: number,
  ) {}
}
function roughly(a: unknown, b: unknown): boolean | undefined {
  if (typeof a === 'number' && b instanceof Roughly) return Math.abs(a - b.value) <= b.tolerance;
  if (a instanceof Roughly && typeof b === 'number') return Math.abs(b - a.value) <= a.tolerance;
  return undefined;
}
expect.addEqualityTesters([roughly]);

const NOT_A_TRANSPORT = "Matcher error: received value must be a realtime() script or the SDK's ScriptedRealtimeTransport";

/** A session that sent `count` messages, all recorded by a lenient script. */
async function chatty(count: number) {
  const rt = realtime({ strict: false });
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Chatty' }), { transport: rt });
  await session.connect({ apiKey: 'test' });
  for (let index = 1; index <= count; index++) session.sendMessage(`Message ${index}`);
  await rt.settled();
  return rt;
}

/** A session that streamed `ms` of microphone audio in 20 ms chunks, then committed it. */
async function streamed(ms: number) {
  const rt = realtime({ strict: false });
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Mic' }), { transport: rt });
  await session.connect({ apiKey: 'test' });
  const parts = chunk(silence(ms), 20);
  parts.forEach((part, index) => session.sendAudio(part, { commit: index === parts.length - 1 }));
  await rt.settled();
  return rt;
}

/** Every line of a message's call list: from its header (`Calls of realtime():`) to the blank line after it. */
function listLines(message: string): string[] {
  const lines = message.split('\n');
  const header = lines.findIndex((line) => /calls of realtime\(\):$/i.test(line));
  const end = lines.indexOf('', header);
  return lines.slice(header + 1, end);
}

test('a look-alike with only a label, only settled(), or nothing at all is not a transport, even under .not', () => {
  const sent = [{ index: 0, method: 'sendMessage', message: 'Hello' }];
  const labelOnly = { label: 'mine', calls: sent };
  const settledOnly = { settled: () => Promise.resolve(), calls: sent };
  expect(failureOf(() => expect(labelOnly).toHaveSentRealtime('sendMessage'))).toContain(NOT_A_TRANSPORT);
  expect(failureOf(() => expect(labelOnly).not.toHaveSentRealtime('interrupt'))).toContain(NOT_A_TRANSPORT);
  expect(failureOf(() => expect(settledOnly).toHaveSentRealtime('sendMessage'))).toContain(NOT_A_TRANSPORT);
  expect(failureOf(() => expect(settledOnly).not.toHaveSentAudio())).toContain(NOT_A_TRANSPORT);
});

test('null and undefined are matcher errors, not a TypeError from reading them', () => {
  expect(failureOf(() => expect(null).toHaveSentRealtime('sendMessage'))).toContain(NOT_A_TRANSPORT);
  expect(failureOf(() => expect(undefined).not.toHaveSentAudio())).toContain(NOT_A_TRANSPORT);
});

test('a function carrying the shape of a script is not a transport', () => {
  const callable = Object.assign(() => undefined, { label: 'fn', settled: () => Promise.resolve(), calls: [] });
  expect(failureOf(() => expect(callable).not.toHaveSentRealtime('sendMessage'))).toContain(NOT_A_TRANSPORT);
});

test('a long record of calls is cut with gap lines that count the calls left out', async () => {
  const rt = await chatty(40);
  const message = failureOf(() => expect(rt).toHaveSentRealtime('interrupt'));
  const head = Array.from({ length: 10 }, (_, index) => index === 0 ? '  1. connect()' : `  ${index + 1}. sendMessage("Message ${index}")`);
  const tail = Array.from({ length: 5 }, (_, index) => `  ${index + 37}. sendMessage("Message ${index + 36}")`);
  expect(listLines(message)).toEqual([...head, '  … 26 more calls', ...tail]);
  expect(message).toContain('Number of calls: 41');
});

test('a long record of sendAudio calls counts its gap in sendAudio calls, marking under .not', async () => {
  const rt = await streamed(800);
  const failed = failureOf(() => expect(rt).toHaveSentAudio({ ms: 100 }));
  expect(listLines(failed)).toEqual([
    ...Array.from({ length: 10 }, (_, index) => `  ${index + 2}. sendAudio(20 ms)`),
    '  … 25 more sendAudio calls',
    ...Array.from({ length: 4 }, (_, index) => `  ${index + 37}. sendAudio(20 ms)`),
    '  41. sendAudio(20 ms, commit)',
  ]);
  const negated = failureOf(() => expect(rt).not.toHaveSentAudio({ ms: 800 }));
  expect(listLines(negated)).toHaveLength(16);
  expect(listLines(negated)[10]).toBe('  … 25 more sendAudio calls');
  expect(listLines(negated).filter((line) => line.startsWith('→ '))).toHaveLength(15);
});

test('a method with no likely typo, or not a string, is a matcher error listing every method', () => {
  const rt = realtime();
  const methods =
    'a transport method (connect, sendEvent, requestResponse, sendMessage, addImage, sendAudio, updateSessionConfig, close, mute, sendFunctionCallOutput, interrupt, resetHistory, sendMcpResponse)';
  expect(failureOf(() => expect(rt).toHaveSentRealtime('hangUpThePhone' as never))).toContain(methods);
  expect(failureOf(() => expect(rt).not.toHaveSentRealtime(42 as never))).toContain(`method value must be ${methods}`);
});

test('a null partial is a matcher error, not a partial that matches nothing', async () => {
  const rt = await chatty(1);
  const message = failureOf(() => expect(rt).not.toHaveSentRealtime('sendMessage', null as never));
  expect(message).toContain("Matcher error: partial value must be a partial of the call's payload");
  expect(message).toContain('Partial has value: null');
});

test('several calls of the method, none matching, are counted in the plural', async () => {
  const rt = await chatty(2);
  const message = failureOf(() => expect(rt).toHaveSentRealtime('sendMessage', { message: 'Goodbye' }));
  expect(message).toContain('Received: 2 calls of "sendMessage", none matching');
  expect(message).toContain('Call 2:');
});

test('one call of the method, not matching, is counted in the singular', async () => {
  const rt = await chatty(1);
  expect(failureOf(() => expect(rt).toHaveSentRealtime('sendMessage', { message: 'Goodbye' }))).toContain(
    'Received: 1 call of "sendMessage", none matching',
  );
});

test('toHaveSentAudio refuses an unknown total next to known ones, rather than ignoring it', async () => {
  const rt = await streamed(100);
  const message = failureOf(() => expect(rt).toHaveSentAudio({ ms: 100, seconds: 5 } as never));
  expect(message).toContain('Matcher error: expected value must be an object with any of ms, bytes, chunks and committed');
  expect(failureOf(() => expect(rt).not.toHaveSentAudio({ ms: 100, seconds: 5 } as never))).toContain('Matcher error');
});

test('toHaveSentAudio with no totals at all passes once audio was sent', async () => {
  const rt = await streamed(100);
  expect(rt).toHaveSentAudio({});
  expect(realtime()).not.toHaveSentAudio({});
});

test("toHaveSentAudio compares totals with the user's custom equality testers", async () => {
  const rt = await streamed(100);
  expect(rt).toHaveSentAudio({ ms: new Roughly(110, 20), chunks: new Roughly(4, 1) } as never);
  expect(rt).not.toHaveSentAudio({ ms: new Roughly(200, 20) } as never);
  expect(failureOf(() => expect(rt).not.toHaveSentAudio({ ms: new Roughly(110, 20) } as never))).toContain('Expected: no audio sent with');
});

test('a sendAudio call recorded without options reads as not committed', async () => {
  const { ScriptedRealtimeTransport } = await import('@openai/agents/realtime/testing');
  const transport = new ScriptedRealtimeTransport();
  void transport.expectCall('sendAudio');
  transport.sendAudio(silence(100), undefined as never);
  expect(transport).toHaveSentAudio({ ms: 100, committed: false });
});
