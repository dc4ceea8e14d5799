import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import { chunk, durationOf, realtime, tone, transcriptOf } from 'agents-testkit';

test('the user speaks, the agent answers aloud', async () => {
  const rt = realtime()
    .expectAudio({ ms: 600, commit: true }) // 600 ms of microphone audio, the last chunk committing the turn
    .emitUserTranscript('What time is it?') // the server transcribes it…
    .emitAudioReply('It is noon.', { audio: 400 }); // …and answers with 400 ms of speech and its transcript
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Clock' }), { transport: rt });
  const played: ArrayBuffer[] = [];
  session.on('audio', (event) => played.push(event.data));
  await session.connect({ apiKey: 'test' });

  const microphone = chunk(tone(600), 200); // three 200 ms chunks of 16-bit PCM at 24 kHz
  microphone.forEach((data, index) => session.sendAudio(data, { commit: index === microphone.length - 1 }));
  await rt.settled();

  expect(rt).toHaveSentAudio({ ms: 600, chunks: 3, committed: true });
  expect(durationOf(played)).toBe(400);
  expect(transcriptOf(session)).toEqual(['user: What time is it?', 'assistant: It is noon.']);
});
