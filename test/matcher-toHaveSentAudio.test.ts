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
