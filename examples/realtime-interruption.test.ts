import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import { realtime } from 'agents-testkit';

test('the server hears the user talk over the answer', async () => {
  const rt = realtime().emitAudioReply('Once upon a time…', { audio: 300 }).emitInterruption();
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Storyteller' }), { transport: rt });
  const heard: string[] = [];
  session.on('audio_start', () => heard.push('audio_start'));
  session.on('audio_interrupted', () => heard.push('audio_interrupted'));

  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(heard).toEqual(['audio_start', 'audio_interrupted']);
});

test('a stop button interrupts the answer', async () => {
  const rt = realtime().emitAudioReply('Once upon a time…', { audio: 300 });
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Storyteller' }), { transport: rt });
  await session.connect({ apiKey: 'test' });
  await rt.settled(); // the answer is playing

  rt.expect('interrupt'); // the next call must be the interruption
  session.interrupt();
  await rt.settled();

  expect(rt).toHaveSentRealtime('interrupt');
});
