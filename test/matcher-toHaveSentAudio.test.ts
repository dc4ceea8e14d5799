import { chunk, realtime, silence } from 'agents-testkit';
import { ScriptedRealtimeTransport } from '@openai/agents/realtime/testing';
import { expect, failureOf, test } from './support';

function spoken() {
  const rt = realtime({ strict: false });
  const parts = chunk(silence(600), 200);
  parts.forEach((part, index) => rt.sendAudio(part, { commit: index === parts.length - 1 }));
  rt.sendMessage('text in between', {});
  return rt;
}

test('passes when audio was sent, and when its totals match', () => {
  const rt = spoken();
  expect(rt).toHaveSentAudio();
  expect(rt).toHaveSentAudio({ ms: 600 });
  expect(rt).toHaveSentAudio({ ms: 600, bytes: 28_800, chunks: 3, committed: true });
  expect(rt).toHaveSentAudio({ ms: expect.any(Number) });
  expect(rt).not.toHaveSentAudio({ ms: 1000 });
  expect(realtime()).not.toHaveSentAudio();
});

test('fails naming the totals that differ and listing the audio sent', () => {
  expect(failureOf(() => expect(spoken()).toHaveSentAudio({ ms: 1000, committed: false }))).toMatchSnapshot();
});

test('fails when no audio was sent', () => {
  expect(failureOf(() => expect(realtime()).toHaveSentAudio({ ms: 100 }))).toMatchSnapshot();
});

test('.not fails when the audio was sent, marking the calls', () => {
  expect(failureOf(() => expect(spoken()).not.toHaveSentAudio({ ms: 600 }))).toMatchSnapshot();
});

test("reads the SDK's ScriptedRealtimeTransport too", () => {
  const transport = new ScriptedRealtimeTransport();
  void transport.expectCall('sendAudio');
  transport.sendAudio(silence(100), { commit: true });
  expect(transport).toHaveSentAudio({ ms: 100, committed: true });
});

test('an expected value of the wrong shape is a matcher error', () => {
  // @ts-expect-error seconds is not a field
  expect(failureOf(() => expect(realtime()).toHaveSentAudio({ seconds: 1 }))).toMatchSnapshot();
});

test('a single uncommitted chunk reads as one call, not committed', () => {
  const rt = realtime({ strict: false });
  rt.sendAudio(silence(100), {});
  expect(rt).toHaveSentAudio({ chunks: 1, committed: false, ms: 100, bytes: 4_800 });
  expect(failureOf(() => expect(rt).toHaveSentAudio({ chunks: 2 }))).toMatchSnapshot();
});

test('.not with no totals fails once any audio was sent', () => {
  expect(failureOf(() => expect(spoken()).not.toHaveSentAudio())).toMatchSnapshot();
});

test('each total is compared on its own: one that differs fails, the others may match', () => {
  const rt = spoken();
  expect(rt).not.toHaveSentAudio({ ms: 600, bytes: 1 });
  expect(rt).not.toHaveSentAudio({ chunks: 3, committed: false });
  expect(rt).not.toHaveSentAudio({ ms: 600, bytes: 28_800, chunks: 2 });
});

test('durations and bytes of a G.711 session are counted at 8 bytes per ms', async () => {
  const { RealtimeAgent, RealtimeSession } = await import('@openai/agents/realtime');
  const rt = realtime().expectAudio({ ms: 50 });
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Phone' }), {
    transport: rt,
    config: { audio: { input: { format: { type: 'audio/pcmu' } } } },
  });
  await session.connect({ apiKey: 'test' });
  session.sendAudio(new ArrayBuffer(400));
  await rt.settled();
  expect(failureOf(() => expect(rt).toHaveSentAudio({ ms: 100 }))).toMatchSnapshot();
});

test('expected values that are not an object of totals are matcher errors', () => {
  expect(failureOf(() => expect(realtime()).toHaveSentAudio(null as never))).toMatchSnapshot();
  expect(failureOf(() => expect(realtime()).toHaveSentAudio([100] as never))).toMatchSnapshot();
  expect(failureOf(() => expect(realtime()).toHaveSentAudio(100 as never))).toMatchSnapshot();
});
